import { randomUUID } from 'node:crypto';

/**
 * A new member of the membership stand-in the test services run (its REST API, with the test key), so a
 * test signing a member in never shares that member's Cognito user with another test file.
 */
export async function createTestMember(
  password: string,
  extra: { rithmic_user_id?: string } = {},
): Promise<{ user_id: string; login: string; email: string }> {
  const login = `m${randomUUID().slice(0, 8)}`;
  const response = await fetch(`${process.env.MEMBERSHIP_API_URL}/api/users`, {
    method: 'POST',
    headers: {
      'X-API-Key': process.env.MEMBERSHIP_API_KEY as string,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      login,
      email: `${login}@example.com`,
      name_f: 'Test',
      name_l: 'Member',
      pass: password,
      ...extra,
    }).toString(),
  });
  if (!response.ok) throw new Error(`The stand-in refused the member: ${response.status}`);
  const [user] = (await response.json()) as { user_id: number; login: string; email: string }[];
  return { user_id: String(user?.user_id), login, email: `${login}@example.com` };
}

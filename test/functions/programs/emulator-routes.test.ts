import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { useEmulatorServer } from '../../support/emulator-server';
import { TEST_PASSWORD } from '../../support/test-services';
import { useFreshTable } from '../../support/fresh-table';
import { seedCatalogue } from '../../support/programs';

let base: string;
let token: string;

async function send(method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/**
 * Through the local API emulator, as the SPA calls them: the static paths that overlap parameterized
 * ones (`/api/programs/rules`, `/api/rules/programs/…`) reach their own routes.
 */
describe('programs and rules routes through the local API emulator', () => {
  useFreshTable({ perTest: true, seed: seedCatalogue });
  const server = useEmulatorServer();

  beforeAll(async () => {
    base = server.base();
    const answer = await new CognitoIdentityProviderClient({}).send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: process.env.USER_POOL_CLIENT_ID,
        AuthParameters: { USERNAME: 'admin@example.com', PASSWORD: TEST_PASSWORD },
      }),
    );
    token = answer.AuthenticationResult?.IdToken as string;
  });

  it('answers the program rules map at /api/programs/rules, not a program named rules', async () => {
    const answer = await send('GET', '/api/programs/rules');

    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.programRules)).toContain('EVAL50K');
  });

  it('reaches a program, its versions and one version', async () => {
    const program = await send('GET', '/api/programs/eval50k');
    const versions = await send('GET', '/api/programs/EVAL50K/versions');
    const first = await send('GET', '/api/programs/EVAL50K/versions/1');

    expect(program.body).toMatchObject({ prefix: 'EVAL50K', version: 1 });
    expect(versions.body).toHaveLength(1);
    expect(first.body).toMatchObject({ version: 1 });
  });

  it('reaches the rules of a program and changes one reference', async () => {
    const assignments = await send('GET', '/api/rules/programs/EVAL50K');
    const changed = await send(
      'PUT',
      '/api/rules/programs/EVAL50K/phases/evaluation/rules/drawdown-eod',
      { priority: 1 },
    );
    const rule = await send('GET', '/api/rules/drawdown-eod');

    expect(assignments.body.programId).toBe('EVAL50K');
    expect(changed).toMatchObject({ status: 200, body: { version: 2 } });
    expect(rule.body).toMatchObject({ ruleId: 'drawdown-eod', category: 'drawdown' });
  });
});

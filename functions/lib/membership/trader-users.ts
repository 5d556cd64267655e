import { randomBytes } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  UserNotFoundException,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { MembershipUser } from '@shared/membership/membership-user';
import { cognitoIdentityClient } from '../aws/cognito';
import { requiredEnv } from '../env';
import { traderRepository } from '../repositories/trader-repository';

/** The claims the API trusts for a trader (issue 13): set only by our server, never by the trader. */
export const MEMBER_ID_ATTRIBUTE = 'custom:memberId';
export const TRADER_ID_ATTRIBUTE = 'custom:traderId';

/** The member's email belongs to a staff sign-in: it is not provisioned as a trader. */
export class StaffUserError extends Error {
  constructor(email: string) {
    super(`${email} is a staff sign-in, not a trader's`);
  }
}

/** The firm's trader of a member: the member's broker user id when such a trader exists, else ''. */
export async function traderIdOfMember(member: MembershipUser): Promise<string> {
  const candidate = member.rithmic_user_id?.trim();
  if (!candidate) return '';
  return (await traderRepository.get(candidate)) ? candidate : '';
}

export interface TraderSignInUser {
  username: string;
  exists: boolean;
  memberId?: string;
  traderId?: string;
  groups?: string[];
}

/** The Cognito user of an email, with its member and trader attributes, or `exists: false`. */
export async function findSignInUser(email: string): Promise<TraderSignInUser> {
  try {
    const user = await cognitoIdentityClient().send(
      new AdminGetUserCommand({ UserPoolId: requiredEnv('USER_POOL_ID'), Username: email }),
    );
    const attribute = (name: string) =>
      user.UserAttributes?.find((entry) => entry.Name === name)?.Value;
    return {
      username: user.Username ?? email,
      exists: true,
      memberId: attribute(MEMBER_ID_ATTRIBUTE),
      traderId: attribute(TRADER_ID_ATTRIBUTE),
    };
  } catch (error) {
    if (error instanceof UserNotFoundException) return { username: email, exists: false };
    throw error;
  }
}

/**
 * Creates or updates the member's Cognito user (group `trader`, `custom:memberId`, `custom:traderId`)
 * and gives it a fresh random password, which only this server knows and uses at once: the member's
 * own password stays with the membership system. Answers that password and the trader id.
 */
export async function provisionTraderUser(
  member: MembershipUser,
): Promise<{ username: string; password: string; traderId: string }> {
  const userPoolId = requiredEnv('USER_POOL_ID');
  const cognito = cognitoIdentityClient();
  const traderId = await traderIdOfMember(member);
  const email = member.email.trim().toLowerCase();
  const attributes: AttributeType[] = [
    { Name: 'email', Value: email },
    { Name: 'email_verified', Value: 'true' },
    { Name: 'name', Value: `${member.name_f ?? ''} ${member.name_l ?? ''}`.trim() || member.login },
    { Name: 'preferred_username', Value: member.login },
    { Name: MEMBER_ID_ATTRIBUTE, Value: member.user_id },
    { Name: TRADER_ID_ATTRIBUTE, Value: traderId },
  ];
  const existing = await findSignInUser(email);
  if (existing.exists) {
    const { Groups } = await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: existing.username }),
    );
    // A staff sign-in is never turned into a trader's (nor given trader claims).
    if (Groups?.some((group) => group.GroupName === 'admin')) throw new StaffUserError(email);
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: existing.username,
        UserAttributes: attributes,
      }),
    );
  } else {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: attributes,
      }),
    );
  }
  // Upper, lower, digits and a symbol: any pool password policy takes it.
  const password = `Tr-${randomBytes(24).toString('base64url')}-9a`;
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: existing.username,
      Password: password,
      Permanent: true,
    }),
  );
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: existing.username,
      GroupName: 'trader',
    }),
  );
  return { username: existing.username, password, traderId };
}

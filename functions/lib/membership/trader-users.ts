import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
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
import { dynamoDocumentClient } from '../aws/dynamodb';
import { loginKeys } from '../db/keys';
import { tableName } from '../db/table';
import { TTL_ATTRIBUTE } from '../db/table-definition';
import { requiredEnv } from '../env';
import { TooManyRequestsError } from '../errors';
import type { AttemptSubject } from '../repositories/login-attempt-repository';
import { traderRepository } from '../repositories/trader-repository';

/** The claims the API trusts for a trader: set only by our server, never by the trader. */
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

/**
 * Whose sign-in attempt this is: a known member counts by member id whatever spelling of the login was
 * typed (username or e-mail); a login the membership system does not know counts by its own spelling.
 */
export function memberAttemptSubject(
  member: Pick<MembershipUser, 'user_id' | 'login'> | undefined,
  login: string,
  source: string,
): AttemptSubject {
  return member
    ? { identity: `member:${member.user_id}`, label: member.login, source }
    : {
        identity: `trader:${login.trim().toLowerCase()}`,
        label: login.trim().toLowerCase(),
        source,
      };
}

export interface TraderSignInUser {
  username: string;
  exists: boolean;
  memberId?: string;
  traderId?: string;
}

/**
 * Where traders' Cognito users live: one per member, named by the member id, never found by
 * the member's e-mail, which the membership system (and once the trader) could change. The
 * pool signs in by e-mail address (`signInAliases: { email: true }`), so the name is an address in a
 * reserved domain that receives no mail; the member's own e-mail stays with the membership system.
 */
export const TRADER_USER_DOMAIN = 'members.deskline.invalid';

export const traderUsernameOf = (memberId: string) =>
  `member-${memberId.trim().toLowerCase()}@${TRADER_USER_DOMAIN}`;

/** The Cognito user of a member, with its member and trader attributes, or `exists: false`. */
export async function findSignInUser(memberId: string): Promise<TraderSignInUser> {
  const username = traderUsernameOf(memberId);
  try {
    const user = await cognitoIdentityClient().send(
      new AdminGetUserCommand({ UserPoolId: requiredEnv('USER_POOL_ID'), Username: username }),
    );
    const attribute = (name: string) =>
      user.UserAttributes?.find((entry) => entry.Name === name)?.Value;
    return {
      username: user.Username ?? username,
      exists: true,
      memberId: attribute(MEMBER_ID_ATTRIBUTE),
      traderId: attribute(TRADER_ID_ATTRIBUTE),
    };
  } catch (error) {
    if (error instanceof UserNotFoundException) return { username, exists: false };
    throw error;
  }
}

/** How long one sign-in may hold a member's lease; a crashed holder blocks no longer than this. */
const LEASE_MS = 15_000;
/** How long a sign-in waits for the lease before it answers 429. */
const LEASE_WAIT_MS = 20_000;

/**
 * Runs `work` while holding the member's sign-in lease (a conditional put of
 * `SIGNIN#<memberId> / LEASE`), so the password reset and the sign-in with it are never interleaved
 * with another sign-in of the same member (two at once gave 200 + 500). The loser waits and
 * retries; the lease expires if its holder dies.
 */
export async function withSignInLease<T>(memberId: string, work: () => Promise<T>): Promise<T> {
  const client = dynamoDocumentClient();
  const key = loginKeys.signInLease(memberId);
  const holder = randomUUID();
  const giveUpAt = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    const now = Date.now();
    try {
      await client.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key,
            holder,
            until: now + LEASE_MS,
            [TTL_ATTRIBUTE]: Math.ceil(now / 1000) + 3600,
          },
          ConditionExpression: 'attribute_not_exists(PK) OR #until < :now',
          ExpressionAttributeNames: { '#until': 'until' },
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      break;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      if (Date.now() > giveUpAt) {
        throw new TooManyRequestsError('Another sign-in is in progress. Try again in a moment.', 5);
      }
      await new Promise((resolve) => setTimeout(resolve, 40 + Math.random() * 80));
    }
  }
  try {
    return await work();
  } finally {
    await client
      .send(
        new DeleteCommand({
          TableName: tableName(),
          Key: key,
          ConditionExpression: 'holder = :holder',
          ExpressionAttributeValues: { ':holder': holder },
        }),
      )
      .catch((error: unknown) => {
        // Expired and taken over by another sign-in: that one releases it.
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      });
  }
}

/**
 * Creates or updates the member's Cognito user (group `trader`, `custom:memberId`, `custom:traderId`)
 * and gives it a fresh random password, which only this server knows and uses at once: the member's
 * own password stays with the membership system. Answers that password and the trader id. Call it
 * inside {@link withSignInLease}: a parallel reset would invalidate the password before it is used.
 */
export async function provisionTraderUser(
  member: MembershipUser,
): Promise<{ username: string; password: string; traderId: string }> {
  const userPoolId = requiredEnv('USER_POOL_ID');
  const cognito = cognitoIdentityClient();
  const traderId = await traderIdOfMember(member);
  const username = traderUsernameOf(member.user_id);
  const attributes: AttributeType[] = [
    { Name: 'email', Value: username },
    { Name: 'email_verified', Value: 'true' },
    { Name: 'name', Value: `${member.name_f ?? ''} ${member.name_l ?? ''}`.trim() || member.login },
    { Name: 'preferred_username', Value: member.login },
    { Name: MEMBER_ID_ATTRIBUTE, Value: member.user_id },
    { Name: TRADER_ID_ATTRIBUTE, Value: traderId },
  ];
  const existing = await findSignInUser(member.user_id);
  if (existing.exists) {
    const { Groups } = await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: existing.username }),
    );
    // A staff sign-in is never turned into a trader's (nor given trader claims).
    if (Groups?.some((group) => group.GroupName === 'admin')) throw new StaffUserError(username);
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
        Username: username,
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
      Username: username,
      Password: password,
      Permanent: true,
    }),
  );
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: username,
      GroupName: 'trader',
    }),
  );
  return { username, password, traderId };
}

import { randomBytes, randomUUID, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { z } from 'zod';
import {
  createMembershipUserBodySchema,
  MEMBERSHIP_USERS_LIMIT,
  membershipUserSchema,
  type MembershipUser,
} from '../../../shared/membership/membership-user';
import { memberKeys, withoutKeys } from '../db/keys';
import { putNew, queryAll, queryPage, type Item } from '../db/table';
import { ConflictError } from '../errors';

export type CreateMembershipUserInput = z.input<typeof createMembershipUserBodySchema>;

/** A created user and the password it signs in with: given, or generated when left empty. */
export interface CreatedMember {
  user: MembershipUser;
  password: string;
}

const GENERATED_PASSWORD_BYTES = 12;

/**
 * The membership system keeps a hash, never the password (its API answers the hash as `pass`); the
 * stand-in does the same, so the users screen's raw JSON shows no trader's password.
 */
async function passwordHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = (await promisify(scrypt)(password, salt, 32)) as Buffer;
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** The membership system's own time text (`2026-03-02 14:31:05`), in UTC. */
const membershipTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

const memberOf = (item: Item) => membershipUserSchema.parse(withoutKeys(item));

const membersQuery = {
  IndexName: 'GSI1',
  KeyConditionExpression: 'GSI1PK = :pk',
  ExpressionAttributeValues: { ':pk': memberKeys.listPartition },
};

/**
 * Local stand-in for the external membership system's users (spec 001 §2.19): one item per user,
 * all in GSI1 partition `MEMBERS` by lower-cased login.
 */
export const memberRepository = {
  /**
   * Access pattern "membership users": Query GSI1 `GSI1PK = MEMBERS`, in login order, at most the
   * 100 users the system answers (spec 001 §9).
   */
  async list(): Promise<MembershipUser[]> {
    const { items } = await queryPage(membersQuery, MEMBERSHIP_USERS_LIMIT);
    return items.map(memberOf);
  },

  /**
   * Creates a user (spec 001 §5: status 1 unless given, a password generated when empty). Logins are
   * unique regardless of case: Query GSI1 `MEMBERS` with `GSI1SK = <login lower-cased>` first (409
   * when taken), then Put `MEMBER#<new id>` with `attribute_not_exists(PK)`.
   */
  async create(input: CreateMembershipUserInput): Promise<CreatedMember> {
    const body = createMembershipUserBodySchema.parse(input);
    const taken = await queryAll({
      ...membersQuery,
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :login',
      ExpressionAttributeValues: {
        ':pk': memberKeys.listPartition,
        ':login': memberKeys.memberIndex(body.login).GSI1SK,
      },
    });
    const conflict = `A user with login ${body.login} already exists`;
    if (taken.length > 0) throw new ConflictError(conflict);

    const password = body.pass ?? randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url');
    const user = membershipUserSchema.parse({
      ...body,
      user_id: randomUUID(),
      pass: await passwordHash(password),
      added: membershipTime(new Date()),
      last_login: null,
    });
    await putNew(
      { ...user, ...memberKeys.member(user.user_id), ...memberKeys.memberIndex(user.login) },
      conflict,
    );
    return { user, password };
  },
};

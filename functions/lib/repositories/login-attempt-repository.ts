import { VIEWER_ADDRESS_HEADER } from '@shared/api/origin-verify';
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { signInLockedMessage } from '@shared/auth/admin-login';
import type { LockClear, LoginLock } from '@shared/auth/login-locks';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { loginKeys } from '../db/keys';
import { TTL_ATTRIBUTE } from '../db/table-definition';
import { putItem, queryAll, tableName, type Item } from '../db/table';
import { TooManyRequestsError } from '../errors';

/** Failures in a row from one client address that cost nothing; the next one locks that address out. */
export const FREE_FAILURES = 4;
/**
 * Failures in a row of one login from all addresses together before the whole login locks: high, so a
 * stranger cannot lock a login out for everyone quickly (docs/decisions.md).
 */
export const ACCOUNT_FREE_FAILURES = 50;
/** The first lock; each further failure doubles it. */
export const FIRST_LOCK_MS = 30_000;
/** The longest lock. */
export const MAX_LOCK_MS = 15 * 60_000;
/** A failure older than this no longer counts: the count starts again. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60_000;
/** Rounds of read-and-conditional-write before a contended count refuses the attempt (fails closed). */
const MAX_ROUNDS = 40;

/** How long a count is locked after its `failures`-th failure in a row: 0 while failures are free. */
export function lockAfter(failures: number, free = FREE_FAILURES): number {
  if (failures <= free) return 0;
  return Math.min(FIRST_LOCK_MS * 2 ** Math.min(failures - free - 1, 30), MAX_LOCK_MS);
}

/**
 * Who is signing in: `identity` is the login's one normalized identity (`staff:<email>`,
 * `member:<memberId>`, or `trader:<login>` for a login the membership system does not know), `label`
 * what staff see in the unlock list, `source` the client address.
 */
export interface AttemptSubject {
  identity: string;
  label: string;
  source: string;
}

/**
 * The client address of a request: the viewer's address CloudFront's function put in
 * `VIEWER_ADDRESS_HEADER` (behind CloudFront, `sourceIp` is the edge's), else API Gateway's
 * `requestContext.http.sourceIp` (the local emulator fills it from the socket). docs/decisions.md.
 */
export function clientAddressOf(event: {
  headers?: Record<string, string | undefined>;
  requestContext?: { http?: { sourceIp?: string } };
}): string {
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  if (viewer) return viewer.slice(0, 64);
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

const hashOf = (text: string) =>
  createHash('sha256').update(text.trim().toLowerCase()).digest('base64url');

/** The id of a login's locks: a hash, so the keys hold no address. */
export const lockIdOf = (identity: string) => hashOf(identity);

export type { LockClear, LoginLock };

function isConditionFailure(error: unknown): boolean {
  return (error as Error).name === 'ConditionalCheckFailedException';
}

type Admission = { admitted: true } | { admitted: false; waitMs: number };

/**
 * Counts one attempt on one count item, unless it is locked: a read, then a write conditioned on the
 * read's version, retried when another attempt wrote in between. So parallel attempts each count
 * once, in turn, and each sees the lock the ones before it set: a burst gets no more checks than a
 * sequence would.
 */
async function admitOn(
  key: Record<string, string>,
  free: number,
  subject: AttemptSubject,
  now: number,
): Promise<Admission> {
  const client = dynamoDocumentClient();
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
    const { Item: item } = await client.send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    const remembered =
      typeof item?.lastFailureAt === 'number' && item.lastFailureAt >= now - FAILURE_MEMORY_MS;
    const failures = remembered ? Number(item?.failures ?? 0) : 0;
    const openAt = remembered ? Number(item?.openAt ?? 0) : 0;
    if (openAt > now) return { admitted: false, waitMs: openAt - now };
    const next = failures + 1;
    const lock = lockAfter(next, free);
    const version = Number(item?.version ?? 0);
    try {
      await client.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...key,
            failures: next,
            lastFailureAt: now,
            openAt: lock > 0 ? now + lock : 0,
            version: version + 1,
            [TTL_ATTRIBUTE]: Math.ceil((now + FAILURE_MEMORY_MS) / 1000),
            // Only a standing lock is listed for staff, with the login they know it by.
            ...(lock > 0 && {
              ...loginKeys.lockIndex(now + lock, lockIdOf(subject.identity)),
              login: subject.label,
              kind: subject.identity.startsWith('staff:') ? 'staff' : 'trader',
            }),
          },
          ConditionExpression: item ? 'version = :version' : 'attribute_not_exists(PK)',
          ...(item && { ExpressionAttributeValues: { ':version': version } }),
        }),
      );
      return { admitted: true };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // Dozens of attempts writing at once: refuse rather than let one through uncounted.
  return { admitted: false, waitMs: 1000 };
}

/**
 * Sign-in attempts, in the table so the slow-down holds across Lambda instances and
 * the local stack runs the same code. Each attempt is counted BEFORE its password is checked, on two
 * counts: the login from this client address (`LOGIN#<hash> / SOURCE#<hash>`, locked after
 * {@link FREE_FAILURES}), and the login from everywhere (`LOGIN#<hash> / ATTEMPTS`, locked after
 * {@link ACCOUNT_FREE_FAILURES}). A success clears both; staff can clear a login's locks.
 */
export const loginAttemptRepository = {
  /**
   * Counts one attempt of the subject, or refuses it with how long the caller must wait (the address's
   * lock first, so a locked-out address adds nothing to the login's account-wide count).
   */
  async admit(subject: AttemptSubject, now = Date.now()): Promise<Admission> {
    const loginHash = lockIdOf(subject.identity);
    const bySource = await admitOn(
      loginKeys.source(loginHash, hashOf(subject.source)),
      FREE_FAILURES,
      subject,
      now,
    );
    if (!bySource.admitted) return bySource;
    return admitOn(loginKeys.attempts(loginHash), ACCOUNT_FREE_FAILURES, subject, now);
  },

  /** {@link admit}, throwing the 429 of a locked sign-in when refused. */
  async admitOrRefuse(subject: AttemptSubject, now = Date.now()): Promise<void> {
    const admission = await this.admit(subject, now);
    if (!admission.admitted) {
      const seconds = Math.max(1, Math.ceil(admission.waitMs / 1000));
      throw new TooManyRequestsError(signInLockedMessage(seconds), seconds);
    }
  },

  /** Milliseconds until the subject may try again; 0 when it is not locked. */
  async lockedFor(subject: AttemptSubject, now = Date.now()): Promise<number> {
    const loginHash = lockIdOf(subject.identity);
    const client = dynamoDocumentClient();
    const waits = await Promise.all(
      [loginKeys.source(loginHash, hashOf(subject.source)), loginKeys.attempts(loginHash)].map(
        async (key) => {
          const { Item } = await client.send(new GetCommand({ TableName: tableName(), Key: key }));
          return typeof Item?.openAt === 'number' ? Math.max(0, Item.openAt - now) : 0;
        },
      ),
    );
    return Math.max(...waits);
  },

  /** A successful sign-in forgets the failures of its address and the login's account-wide count. */
  async clear(subject: AttemptSubject): Promise<void> {
    const loginHash = lockIdOf(subject.identity);
    const client = dynamoDocumentClient();
    await Promise.all(
      [loginKeys.source(loginHash, hashOf(subject.source)), loginKeys.attempts(loginHash)].map(
        (key) => client.send(new DeleteCommand({ TableName: tableName(), Key: key })),
      ),
    );
  },

  /** The logins locked now (from some address or everywhere), the one that lifts last first. */
  async listLocks(now = Date.now()): Promise<LoginLock[]> {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :partition AND GSI1SK > :now',
      ExpressionAttributeValues: {
        ':partition': loginKeys.lockPartition,
        ':now': String(now).padStart(15, '0'),
      },
    });
    const byLogin = new Map<string, LoginLock>();
    for (const item of items) {
      const lockId = String(item.PK).slice('LOGIN#'.length);
      const lock = byLogin.get(lockId) ?? {
        lockId,
        login: String(item.login ?? ''),
        kind: item.kind === 'staff' ? 'staff' : 'trader',
        lockedUntil: 0,
        accountLocked: false,
        lockedSources: 0,
      };
      lock.lockedUntil = Math.max(lock.lockedUntil, Number(item.openAt));
      if (item.SK === 'ATTEMPTS') lock.accountLocked = true;
      else lock.lockedSources += 1;
      byLogin.set(lockId, lock);
    }
    return [...byLogin.values()].sort((a, b) => b.lockedUntil - a.lockedUntil);
  },

  /**
   * Staff's unlock: forgets every count of the login (all addresses and account-wide) and records who
   * did it. Answers the login's label, or undefined when nothing was stored for it.
   */
  async clearAll(lockId: string, clearedBy: string, now = new Date()): Promise<string | undefined> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': loginKeys.attempts(lockId).PK },
    });
    if (items.length === 0) return undefined;
    const login = String(items.find((item) => item.login)?.login ?? '');
    const client = dynamoDocumentClient();
    await Promise.all(
      items.map((item) =>
        client.send(
          new DeleteCommand({ TableName: tableName(), Key: { PK: item.PK, SK: item.SK } }),
        ),
      ),
    );
    const clearedAt = now.toISOString();
    await putItem({
      ...loginKeys.clearRecord(clearedAt, lockId),
      lockId,
      login,
      clearedAt,
      clearedBy,
    } as Item);
    return login;
  },

  /** The latest staff unlocks, newest first. */
  async recentClears(limit = 20): Promise<LockClear[]> {
    const { Items } = await dynamoDocumentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': loginKeys.clearPartition },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (Items ?? []).map((item) => ({
      lockId: String(item.lockId),
      login: String(item.login),
      clearedAt: String(item.clearedAt),
      clearedBy: String(item.clearedBy),
    }));
  },
};

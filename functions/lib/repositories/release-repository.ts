import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  adminReleaseSchema,
  newestReleaseFirst,
  releaseBodySchema,
  releaseVersionSchema,
  type AdminRelease,
} from '@shared/whats-new/release';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { releaseKeys, withoutKeys } from '../db/keys';
import {
  deleteExisting,
  getItem,
  putExisting,
  putItem,
  putNew,
  queryAll,
  tableName,
  type Item,
  type QueryInput,
} from '../db/table';
import { ConflictError, NotFoundError } from '../errors';

export type ReleaseBodyInput = z.input<typeof releaseBodySchema>;

/** What the table keeps of the last release a user saw. */
const seenSchema = z.object({ version: releaseVersionSchema });

const releaseOf = (item: Item) => adminReleaseSchema.parse(withoutKeys(item));

function itemOf(release: AdminRelease): Item {
  return {
    ...release,
    ...releaseKeys.release(release.id),
    ...releaseKeys.releaseIndex(release.releaseDate, release.id),
  };
}

/** A release of a body: trimmed and defaulted, each item with an id (the server names new ones). */
function releaseFromBody(
  id: string,
  input: ReleaseBodyInput,
  kept: Pick<AdminRelease, 'isPublished' | 'createdAt' | 'publishedAt'>,
): AdminRelease {
  const body = releaseBodySchema.parse(input);
  return adminReleaseSchema.parse({
    ...body,
    ...kept,
    id,
    items: body.items.map((item) => ({ ...item, id: item.id ?? randomUUID() })),
    updatedAt: new Date().toISOString(),
  });
}

/** Newest release date first (the index cannot order a day's releases: see `newestReleaseFirst`). */
const newestFirst: QueryInput = {
  IndexName: 'GSI1',
  KeyConditionExpression: 'GSI1PK = :pk',
  ExpressionAttributeValues: { ':pk': releaseKeys.listPartition },
  ScanIndexForward: false,
};

const notFound = (releaseId: string) => `Release ${releaseId} not found`;

/**
 * Refuses (409) a version another release already has. Releases are a few dozen items in one GSI1
 * partition, read whole; the table has no transactions to claim a version atomically, so two staff
 * saving the same new version in the same instant could both pass (docs/decisions.md).
 */
async function assertVersionFree(version: string, releaseId?: string): Promise<void> {
  const wanted = releaseVersionSchema.parse(version);
  const holder = (await releaseRepository.list()).find(
    (release) => release.version === wanted && release.id !== releaseId,
  );
  if (holder) throw new ConflictError(`A release with version ${wanted} already exists`);
}

/**
 * What's New releases (items inside), all in GSI1 partition `RELEASES` by release date; and per user
 * the last version seen, for the modal's unread flag.
 */
export const releaseRepository = {
  /**
   * Access pattern "every release": Query GSI1 `GSI1PK = RELEASES`, reverse; newest first by release
   * date, version, then publish time.
   */
  async list(): Promise<AdminRelease[]> {
    return (await queryAll(newestFirst)).map(releaseOf).sort(newestReleaseFirst);
  },

  /**
   * Access pattern "the release users are shown": Query GSI1 `GSI1PK = RELEASES` reverse, filtered
   * on published and active, read whole (a few dozen items) and ordered like `list`: the key's random
   * id cannot order releases of one release date.
   */
  async current(): Promise<AdminRelease | undefined> {
    const items = await queryAll({
      ...newestFirst,
      FilterExpression: 'isPublished = :yes AND isActive = :yes',
      ExpressionAttributeValues: { ...newestFirst.ExpressionAttributeValues, ':yes': true },
    });
    return items.map(releaseOf).sort(newestReleaseFirst)[0];
  },

  /** Access pattern "one release": Get `RELEASE#<id> / RELEASE`. */
  async get(releaseId: string): Promise<AdminRelease | undefined> {
    const item = await getItem(releaseKeys.release(releaseId));
    return item ? releaseOf(item) : undefined;
  },

  /** Creates a draft under a new id: Put `attribute_not_exists(PK)`; a version in use is a 409. */
  async create(input: ReleaseBodyInput): Promise<AdminRelease> {
    await assertVersionFree(input.version);
    const release = releaseFromBody(randomUUID(), input, {
      isPublished: false,
      createdAt: new Date().toISOString(),
    });
    await putNew(itemOf(release), `A release with ID ${release.id} already exists`);
    return release;
  },

  /**
   * Replaces a release's content: Put `attribute_exists(PK)` (404 when missing). Publishing keeps its
   * own calls, so the published flag and the creation time stay as stored; a new release date moves
   * the GSI1 key. A version another release has is a 409.
   */
  async replace(releaseId: string, input: ReleaseBodyInput): Promise<AdminRelease> {
    const stored = await releaseRepository.get(releaseId);
    if (!stored) throw new NotFoundError(notFound(releaseId));
    await assertVersionFree(input.version, releaseId);
    const release = releaseFromBody(releaseId, input, {
      isPublished: stored.isPublished,
      createdAt: stored.createdAt,
      publishedAt: stored.publishedAt,
    });
    await putExisting(itemOf(release), notFound(releaseId));
    return release;
  },

  /**
   * Publishes or unpublishes: Update `isPublished` with `attribute_exists(PK)` (404 when missing).
   * An update, not a read and a put, so it cannot undo an edit saved meanwhile.
   */
  async setPublished(releaseId: string, isPublished: boolean): Promise<AdminRelease> {
    try {
      const { Attributes } = await dynamoDocumentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: releaseKeys.release(releaseId),
          UpdateExpression: isPublished
            ? 'SET isPublished = :published, updatedAt = :now, publishedAt = :now'
            : 'SET isPublished = :published, updatedAt = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: {
            ':published': isPublished,
            ':now': new Date().toISOString(),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return releaseOf(Attributes ?? {});
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new NotFoundError(notFound(releaseId));
      }
      throw error;
    }
  },

  /** Deletes a release: Delete `attribute_exists(PK)` (404 when missing). */
  async delete(releaseId: string): Promise<void> {
    await deleteExisting(releaseKeys.release(releaseId), notFound(releaseId));
  },

  /** Records the version a user was shown: Put `USER#<sub> / WHATSNEW` (overwrites). */
  async markSeen(userId: string, version: string): Promise<void> {
    const seen = seenSchema.parse({ version });
    await putItem({ ...releaseKeys.seenBy(userId), ...seen });
  },

  /** Access pattern "last version a user saw": Get `USER#<sub> / WHATSNEW`. */
  async seenBy(userId: string): Promise<string | undefined> {
    const item = await getItem(releaseKeys.seenBy(userId));
    return item ? seenSchema.parse(item).version : undefined;
  },
};

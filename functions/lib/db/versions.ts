import { putNew, queryAll, queryPage, type Item, type QueryInput } from './table';
import { ConflictError } from '../errors';

/*
 * Versioned things (programs, rule definitions): immutable `VERSION#<n>` items in the partition of
 * the current copy, which a save moves first and whose version item it writes after; so a crash
 * between the two can leave a current copy without its version item, and every read of the history
 * lets the current copy stand in for it.
 */

/** Where the version items of one versioned thing live. */
export interface VersionPartition {
  pk: string;
  versionPrefix: string;
}

function versionQuery({ pk, versionPrefix }: VersionPartition): QueryInput {
  return {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :version)',
    ExpressionAttributeValues: { ':pk': pk, ':version': versionPrefix },
  };
}

/** The newest version item, also of a thing deleted since (its history stays). */
export async function newestVersionItem(partition: VersionPartition): Promise<Item | undefined> {
  const page = await queryPage({ ...versionQuery(partition), ScanIndexForward: false }, 1);
  return page.items[0];
}

/**
 * Access pattern "a thing's history": Query `SK begins_with VERSION#`, oldest first, with the
 * current copy standing in for its version if that item was lost.
 */
export async function versionHistory<T>(
  partition: VersionPartition,
  parse: (item: Item) => T,
  versionOf: (entry: T) => number,
  current: Promise<T | undefined>,
): Promise<T[]> {
  const [items, latest] = await Promise.all([queryAll(versionQuery(partition)), current]);
  const versions = items.map(parse);
  if (latest && !versions.some((entry) => versionOf(entry) === versionOf(latest))) {
    versions.push(latest);
  }
  return versions.sort((a, b) => versionOf(a) - versionOf(b));
}

/** Writes a version item unless it exists: versions are immutable, and a retry writes the same. */
export async function putVersionOnce(item: Item): Promise<void> {
  try {
    await putNew(item, 'exists');
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}

import {
  firmSchema,
  firmStatusSchema,
  type Firm,
  type FirmSaveBodyInput,
  type FirmStats,
  type FirmStatus,
} from '@shared/firms/firm';
import { firmKeys, normalizedName, withoutKeys } from '../db/keys';
import {
  countQuery,
  deleteExisting,
  getItem,
  putExisting,
  putNew,
  queryAll,
  type Item,
  type QueryInput,
} from '../db/table';
import { NotFoundError } from '../errors';

const FIRM_STATUSES = firmStatusSchema.options;

/**
 * GSI1SK starts with the lower-cased name, which serves a prefix only; a substring search needs the
 * lower-cased name as an attribute of its own. It is a helper of the table, never part of a firm.
 */
function itemOf(firm: Firm): Item {
  return {
    ...firm,
    ...firmKeys.profile(firm.id),
    ...firmKeys.profileIndex(firm),
    searchName: normalizedName(firm.name),
  };
}

function firmOf(item: Item): Firm {
  const { searchName: _searchName, ...firm } = withoutKeys(item);
  return firmSchema.parse(firm);
}

/**
 * Firms read from several status partitions, merged into the one order GSI1 keeps inside each:
 * lower-cased name, then id (compared as code units, as DynamoDB compares ASCII keys).
 */
function inNameOrder(items: Item[]): Firm[] {
  const sortKey = (item: Item) => String(item.GSI1SK);
  return items
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
    .map(firmOf);
}

function statusQuery(status: FirmStatus): QueryInput {
  return {
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': firmKeys.statusPartition(status) },
  };
}

const notFound = (firmId: string) => `Firm ${firmId} not found`;

/**
 * Firms: one item each (brokers, management accounts, manager software and key maps inside), placed
 * in GSI1 partition `FIRMS#<status>` by lower-cased name. Passwords and keys inside are stored and
 * answered to staff as they are (spec 001 §2.21 masks them on screen), so nothing here logs a firm.
 */
export const firmRepository = {
  /**
   * Access pattern "firms, optionally of one status": Query GSI1 `GSI1PK = FIRMS#<status>`; without
   * a status, the three status partitions in parallel. In name order.
   */
  async list(query: { status?: FirmStatus } = {}): Promise<Firm[]> {
    const statuses = query.status ? [query.status] : FIRM_STATUSES;
    const groups = await Promise.all(statuses.map((status) => queryAll(statusQuery(status))));
    return inNameOrder(groups.flat());
  },

  /** Access pattern "firm stats": Query GSI1 `FIRMS#<status>` with `Select = COUNT`, per status. */
  async countByStatus(): Promise<FirmStats> {
    const counts = await Promise.all(
      FIRM_STATUSES.map(async (status) => [status, await countQuery(statusQuery(status))] as const),
    );
    const total = counts.reduce((sum, [, count]) => sum + count, 0);
    return { total, ...(Object.fromEntries(counts) as Record<FirmStatus, number>) };
  },

  /**
   * Access pattern "firms by name": the three status partitions of GSI1, filtered on
   * `contains(searchName, <q lower-cased>)`: a case-insensitive substring of the name. In name order.
   */
  async search(q: string): Promise<Firm[]> {
    const needle = normalizedName(q);
    // A blank search filters nothing, as in the rules list.
    if (!needle) return firmRepository.list();
    const groups = await Promise.all(
      FIRM_STATUSES.map((status) => {
        const query = statusQuery(status);
        return queryAll({
          ...query,
          FilterExpression: 'contains(searchName, :q)',
          ExpressionAttributeValues: {
            ...query.ExpressionAttributeValues,
            ':q': needle,
          },
        });
      }),
    );
    return inNameOrder(groups.flat());
  },

  /** Access pattern "one firm": Get `FIRM#<id> / PROFILE`. */
  async get(firmId: string): Promise<Firm | undefined> {
    const item = await getItem(firmKeys.profile(firmId));
    return item ? firmOf(item) : undefined;
  },

  /** Creates a firm: Put `attribute_not_exists(PK)`, so an existing id is a 409. */
  async create(input: FirmSaveBodyInput): Promise<Firm> {
    const now = new Date().toISOString();
    const firm = firmSchema.parse({ ...input, createdAt: now, updatedAt: now });
    await putNew(itemOf(firm), `A firm with ID ${firm.id} already exists`);
    return firm;
  },

  /**
   * Replaces a firm whole: Put `attribute_exists(PK)` (404 when missing). The id comes from the path
   * and the creation time from the stored firm; a new status or name moves the GSI1 key.
   */
  async replace(firmId: string, input: FirmSaveBodyInput): Promise<Firm> {
    const stored = await firmRepository.get(firmId);
    if (!stored) throw new NotFoundError(notFound(firmId));
    const firm = firmSchema.parse({
      ...input,
      id: firmId,
      createdAt: stored.createdAt,
      updatedAt: new Date().toISOString(),
    });
    await putExisting(itemOf(firm), notFound(firmId));
    return firm;
  },

  /** Deletes a firm: Delete `attribute_exists(PK)` (404 when missing). */
  async delete(firmId: string): Promise<void> {
    await deleteExisting(firmKeys.profile(firmId), notFound(firmId));
  },
};

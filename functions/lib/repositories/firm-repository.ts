import {
  firmSchema,
  firmStatusSchema,
  type Firm,
  type FirmSaveBodyInput,
  type FirmStats,
  type FirmStatus,
} from '@shared/firms/firm';
import { firmWithoutSecrets, type FirmSummary } from '@shared/firms/firm-requests';
import { firmSecretsSchema, secretsOf, withSecrets } from '@shared/firms/firm-secrets';
import { withoutUnsafeUrls } from '@shared/firms/stored-urls';
import { openSealed, seal, sealedValueSchema } from '../crypto/envelope';
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
import { logger } from '../logger';

const FIRM_STATUSES = firmStatusSchema.options;

/**
 * A firm's item: the firm without its secrets in the clear, and the secrets (`secretsOf`) sealed in
 * `sealedSecrets` (envelope encryption, functions/lib/crypto/envelope.ts) under a fresh data key
 * bound to the firm id. GSI1SK starts with the lower-cased name (the lists' order), a helper of the
 * table, never part of a firm.
 */
async function itemOf(firm: Firm): Promise<Item> {
  return {
    ...firmWithoutSecrets(firm),
    ...firmKeys.profile(firm.id),
    ...firmKeys.profileIndex(firm),
    sealedSecrets: await seal(secretsOf(firm), contextOf(firm.id)),
  };
}

const contextOf = (firmId: string) => ({ firmId });

/**
 * The firm as stored in the clear. An item written before secrets were sealed (no `sealedSecrets`)
 * still holds them in the clear, and reads whole; its next write seals them (docs/decisions.md). A
 * URL of a scheme the schema no longer takes (saved before URL schemes were checked) is dropped, so the firm opens.
 */
function storedFirmOf(item: Item): { firm: Firm; sealed: unknown } {
  // `searchName`: the search's attribute of items saved before the search matched ids and e-mails.
  const { searchName: _searchName, sealedSecrets, ...stored } = withoutKeys(item);
  const { firm, dropped } = withoutUnsafeUrls(stored);
  if (dropped.length > 0) {
    logger.warn('firm read without stored URLs of a refused scheme', {
      firmId: String(stored.id),
      fields: dropped,
    });
  }
  return { firm: firmSchema.parse(firm), sealed: sealedSecrets };
}

/** Lists and searches: never the secrets, and nothing to decrypt. */
function summaryOf(item: Item): FirmSummary {
  return firmWithoutSecrets(storedFirmOf(item).firm);
}

/** The whole firm, its secrets opened: the single-firm read only (staff). */
async function firmOf(item: Item): Promise<Firm> {
  const { firm, sealed } = storedFirmOf(item);
  if (sealed === undefined) return firm;
  const secrets = await openSealed(sealedValueSchema.parse(sealed), contextOf(firm.id));
  return withSecrets(firm, firmSecretsSchema.parse(secrets));
}

/**
 * Firms read from several status partitions, merged into the one order GSI1 keeps inside each:
 * lower-cased name, then id (compared as code units, as DynamoDB compares ASCII keys).
 */
function inNameOrder(items: Item[]): FirmSummary[] {
  const sortKey = (item: Item) => String(item.GSI1SK);
  return items
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
    .map(summaryOf);
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
 * Firms: one item each (brokers, management accounts, manager software inside), placed in GSI1
 * partition `FIRMS#<status>` by lower-cased name. Passwords and keys are sealed at rest
 * and opened only for the single-firm read, which answers them to staff (spec 001 §2.21 masks them
 * on screen); lists and searches answer firms without secrets. Nothing here logs a firm.
 */
export const firmRepository = {
  /**
   * Access pattern "firms, optionally of one status": Query GSI1 `GSI1PK = FIRMS#<status>`; without
   * a status, the three status partitions in parallel. In name order.
   */
  async list(query: { status?: FirmStatus } = {}): Promise<FirmSummary[]> {
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
   * Access pattern "firms by name, id or e-mail": the three status partitions of GSI1 (as the list),
   * kept where the lower-cased name, id or e-mail contains the lower-cased text. Firms are few and a
   * DynamoDB filter reads the whole partition anyway, so the match runs here, on every stored firm
   * (firms saved before `searchName` existed too). In name order.
   */
  async search(q: string): Promise<FirmSummary[]> {
    const needle = normalizedName(q);
    // A blank search filters nothing, as in the rules list.
    const firms = await firmRepository.list();
    if (!needle) return firms;
    return firms.filter((firm) =>
      [firm.name, firm.id, firm.email].some((text) => normalizedName(text ?? '').includes(needle)),
    );
  },

  /** Access pattern "one firm": Get `FIRM#<id> / PROFILE`. */
  async get(firmId: string): Promise<Firm | undefined> {
    const item = await getItem(firmKeys.profile(firmId));
    return item ? await firmOf(item) : undefined;
  },

  /** Creates a firm: Put `attribute_not_exists(PK)`, so an existing id is a 409. */
  async create(input: FirmSaveBodyInput): Promise<Firm> {
    const now = new Date().toISOString();
    const firm = firmSchema.parse({ ...input, createdAt: now, updatedAt: now });
    await putNew(await itemOf(firm), `A firm with ID ${firm.id} already exists`);
    return firm;
  },

  /**
   * Replaces a firm whole: Put `attribute_exists(PK)` (404 when missing). The id comes from the path
   * and the creation time from the stored firm; a new status or name moves the GSI1 key.
   */
  async replace(firmId: string, input: FirmSaveBodyInput): Promise<Firm> {
    // Only the creation time is needed: the stored secrets are not opened.
    const item = await getItem(firmKeys.profile(firmId));
    if (!item) throw new NotFoundError(notFound(firmId));
    const firm = firmSchema.parse({
      ...input,
      id: firmId,
      createdAt: storedFirmOf(item).firm.createdAt,
      updatedAt: new Date().toISOString(),
    });
    await putExisting(await itemOf(firm), notFound(firmId));
    return firm;
  },

  /** Deletes a firm: Delete `attribute_exists(PK)` (404 when missing). */
  async delete(firmId: string): Promise<void> {
    await deleteExisting(firmKeys.profile(firmId), notFound(firmId));
  },
};

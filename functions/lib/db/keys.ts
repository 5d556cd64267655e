/**
 * The key grammar of the single table (DESIGN §5; docs/data-model.md). Every key string is built here
 * and nowhere else, so the item layout can be read in one place.
 *
 * Conventions: `PK`/`SK` identify an item; `GSI1PK`/`GSI1SK` and `GSI2PK`/`GSI2SK` place it in the
 * indexes' partitions. Dates are `YYYYMMDD` and numbers are zero-padded where they must sort.
 */

const VERSION_DIGITS = 6;

/** Versions sort as strings, so they are zero-padded. */
export function versionSortKey(version: number): string {
  return `VERSION#${String(version).padStart(VERSION_DIGITS, '0')}`;
}

/** Names compare case-insensitively in sort keys. */
export function normalizedName(name: string): string {
  return name.trim().toLowerCase();
}

/** FNV-1a (32 bit) of a key: stable across processes and runtimes, unlike any built-in hash. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * GSI1 write-sharding (docs/sync-at-scale.md §3): a date's `DAY#`, `SUMDAY#` and `AUDITDATE#` items
 * go to S partitions `<key>#<h>`, h = hash(account) mod S, so a night's writes to one date spread
 * over S partitions instead of one (1,000 WCU/s each). Readers query the S partitions and merge
 * (sharded-query.ts). Changing S moves every such item: choose it once (a backfill otherwise).
 */
export const GSI1_WRITE_SHARDS = 16;

const shardSuffix = (h: number) => String(h).padStart(2, '0');

/** The write shard of an account's items in a sharded GSI1 partition. */
export const gsi1ShardOf = (account: string): string =>
  shardSuffix(hashKey(account) % GSI1_WRITE_SHARDS);

/** A signed amount (|x| < 1e12, cents kept) as text that sorts in its numeric order. */
export const sortableNumber = (value: number): string =>
  String(Math.round(value * 100) + 1e14).padStart(16, '0');

/**
 * Text that sorts in the reverse order of `text` (ASCII ids): each character mirrored, and a last
 * character above every mirrored one, so a prefix sorts after the longer text it starts.
 */
export const descendingText = (text: string): string =>
  [...text].map((char) => String.fromCharCode(0xfffe - char.charCodeAt(0))).join('') + '\uffff';

/** The S partitions of a sharded GSI1 key, in shard order. */
export const gsi1ShardsOf = (key: string): string[] =>
  Array.from({ length: GSI1_WRITE_SHARDS }, (_, h) => `${key}#${shardSuffix(h)}`);

export const programKeys = {
  /** The immutable item of one version of a program. */
  version: (prefix: string, version: number) => ({
    PK: `PROGRAM#${prefix}`,
    SK: versionSortKey(version),
  }),
  versionPrefix: 'VERSION#',
  /** The pointer item: a copy of the current version. */
  current: (prefix: string) => ({ PK: `PROGRAM#${prefix}`, SK: 'CURRENT' }),
  /** Index attributes of the pointer item, so GSI1 lists every program's current version. */
  currentIndex: (prefix: string) => ({ GSI1PK: 'PROGRAMS', GSI1SK: `PROGRAM#${prefix}` }),
  /** GSI1 partition holding every program's CURRENT item. */
  listPartition: 'PROGRAMS',
} as const;

/**
 * The impact preview of an unsaved program version: one item with the version, the background
 * re-judging's progress and the accounts that would flip.
 */
export const impactPreviewKeys = {
  preview: (previewId: string) => ({ PK: `IMPACTPREVIEW#${previewId}`, SK: 'PREVIEW' }),
} as const;

export const ruleKeys = {
  /** The pointer item: a copy of the rule's current version (decision 36). */
  definition: (ruleId: string) => ({ PK: `RULE#${ruleId}`, SK: 'DEFINITION' }),
  /** The immutable item of one version of a rule definition. */
  version: (ruleId: string, version: number) => ({
    PK: `RULE#${ruleId}`,
    SK: versionSortKey(version),
  }),
  versionPrefix: 'VERSION#',
  /** GSI1: every rule, sorted by category then id, so a category is a `begins_with`. */
  definitionIndex: (category: string, ruleId: string) => ({
    GSI1PK: 'RULES',
    GSI1SK: `${category}#${ruleId}`,
  }),
  listPartition: 'RULES',
  categoryPrefix: (category: string) => `${category}#`,
} as const;

export const traderKeys = {
  profile: (traderId: string) => ({ PK: `TRADER#${traderId}`, SK: 'PROFILE' }),
  /** GSI1: every trader in one partition, by id. */
  profileIndex: (traderId: string) => ({ GSI1PK: 'TRADERS', GSI1SK: `TRADER#${traderId}` }),
  listPartition: 'TRADERS',
} as const;

export const accountKeys = {
  profile: (accountId: string) => ({ PK: `ACCOUNT#${accountId}`, SK: 'PROFILE' }),
  /**
   * GSI1 groups a trader's accounts; GSI2 groups every account by phase and broker status, so the
   * accounts page reads 4 phases × 3 statuses partitions and never scans.
   */
  profileIndex: (account: {
    accountId: string;
    traderId: string;
    phase: string;
    rithmicStatus: string;
  }) => ({
    GSI1PK: `TRADER#${account.traderId}`,
    GSI1SK: `ACCOUNT#${account.accountId}`,
    GSI2PK: accountKeys.phaseStatusPartition(account.phase, account.rithmicStatus),
    GSI2SK: `ACCOUNT#${account.accountId}`,
  }),
  traderPartition: (traderId: string) => `TRADER#${traderId}`,
  accountPrefix: 'ACCOUNT#',
  phaseStatusPartition: (phase: string, rithmicStatus: string) =>
    `ACCOUNTS#${phase}#${rithmicStatus}`,
} as const;

/** A user ↔ account link of the broker's relationships report. */
export const relationshipKeys = {
  link: (accountId: string, userId: string) => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `USER#${userId}`,
  }),
  linkIndex: (accountId: string, userId: string) => ({
    GSI1PK: `USER#${userId}`,
    GSI1SK: `ACCOUNT#${accountId}`,
  }),
  userPrefix: 'USER#',
  userPartition: (userId: string) => `USER#${userId}`,
} as const;

/**
 * One account-day lives in the account's partition: the performance (with its conformance and the
 * engine state after that day), the fills, the closed trades and the per-symbol rows.
 */
export const dayKeys = {
  performance: (accountId: string, date: string) => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `PERF#${date}`,
  }),
  /**
   * GSI4: every account's performance of one date, written to the account's write shard of the date.
   * Only performance items carry GSI4 keys, and the index projects the keys and the list's figures
   * (`DAY_INDEX_ATTRIBUTES`, shared/performance/performance-list.ts), not the day's conformance and
   * engine state: a date's readers (which accounts, how many, Latest Performance's figures) read
   * ~200 bytes an account-day, not the whole item, and the index does not store a copy of every
   * judged day.
   */
  performanceIndex: (accountId: string, date: string) => ({
    GSI4PK: `DAY#${date}#${gsi1ShardOf(accountId)}`,
    GSI4SK: `ACCOUNT#${accountId}`,
  }),
  performancePrefix: 'PERF#',
  /** The S GSI4 partitions of a date's performance (read with sharded-query.ts, index GSI4). */
  datePartitions: (date: string) => gsi1ShardsOf(`DAY#${date}`),
  /** The day's daily summary row: a small copy of the judged figures the summary tables show. */
  summaryRow: (accountId: string, date: string) => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `SUMROW#${date}`,
  }),
  /** GSI1: every account's summary row of one date (firm daily summary). */
  summaryRowIndex: (accountId: string, date: string) => ({
    GSI1PK: `SUMDAY#${date}#${gsi1ShardOf(accountId)}`,
    GSI1SK: `ACCOUNT#${accountId}`,
  }),
  summaryRowPrefix: 'SUMROW#',
  /**
   * GSI2: a date's summary rows of one Latest Performance group (`<phase>-<broker status>` as the
   * row's account was when the day was judged), by NetPnl then account id (ties by id ascending
   * when read backwards, the screen's default NetPnl descending), write-sharded like GSI1.
   */
  summaryRowGroupIndex: (accountId: string, date: string, group: string, netPnl: number) => ({
    GSI2PK: `PERFGROUP#${date}#${group}#${gsi1ShardOf(accountId)}`,
    GSI2SK: `${sortableNumber(netPnl)}#${descendingText(accountId)}`,
  }),
  /** The S GSI2 partitions of a date's group. */
  groupDatePartitions: (date: string, group: string) => gsi1ShardsOf(`PERFGROUP#${date}#${group}`),
  /** GSI3: a date's summary rows by the judged daily P&L then account id (firm summary by P&L). */
  summaryRowPnlIndex: (accountId: string, date: string, dailyPnl: number) => ({
    GSI3PK: `SUMPNL#${date}#${gsi1ShardOf(accountId)}`,
    GSI3SK: `${sortableNumber(dailyPnl)}#${descendingText(accountId)}`,
  }),
  /** The S GSI3 partitions of a date's summary rows by P&L. */
  summaryPnlPartitions: (date: string) => gsi1ShardsOf(`SUMPNL#${date}`),
  /** The S GSI1 partitions of a date's summary rows. */
  summaryDatePartitions: (date: string) => gsi1ShardsOf(`SUMDAY#${date}`),
  fill: (accountId: string, date: string, fillId: string) => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `FILL#${date}#${fillId}`,
  }),
  fillPrefix: (date: string) => `FILL#${date}#`,
  trade: (accountId: string, date: string, fillId: string) => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `TRADE#${date}#${fillId}`,
  }),
  tradePrefix: (date: string) => `TRADE#${date}#`,
  symbol: (accountId: string, date: string, symbol: string) => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `SYMBOL#${date}#${symbol}`,
  }),
  symbolPrefix: (date: string) => `SYMBOL#${date}#`,
} as const;

/** The trading dates that have data, newest first by a reverse query. */
export const tradingDateKeys = {
  date: (date: string) => ({ PK: 'DATES', SK: `DATE#${date}` }),
  partition: 'DATES',
  prefix: 'DATE#',
} as const;

/**
 * Audit-trail rows: the natural key (account, process date, transaction number) is the item key, so a
 * re-ingested row overwrites itself. GSI1 orders a date's rows by time across accounts.
 */
export const auditKeys = {
  record: (accountNumber: string, serverProcessDate: string, serverTransactionNumber: string) => ({
    PK: `AUDIT#${accountNumber}`,
    SK: `${serverProcessDate}#${serverTransactionNumber}`,
  }),
  recordIndex: (record: {
    accountNumber: string;
    serverProcessDate: string;
    serverTimestamp: string;
    serverTransactionNumber: string;
  }) => ({
    GSI1PK: `AUDITDATE#${record.serverProcessDate}#${gsi1ShardOf(record.accountNumber)}`,
    GSI1SK: `${record.serverTimestamp}#${record.accountNumber}#${record.serverTransactionNumber}`,
  }),
  accountPartition: (accountNumber: string) => `AUDIT#${accountNumber}`,
  /** The S GSI1 partitions of a date's audit rows (merged in time order: sharded-query.ts). */
  datePartitions: (date: string) => gsi1ShardsOf(`AUDITDATE#${date}`),
  /**
   * Per-date counters and instruments, rewritten whole when a date is ingested or purged; the date's
   * distinct accounts in bounded pages of their own partition (so the counters read stays small).
   */
  dateStats: (date: string) => ({ PK: 'AUDITSTATS', SK: `DATE#${date}` }),
  statsPartition: 'AUDITSTATS',
  dateAccounts: (date: string, page: number) => ({
    PK: 'AUDITSTATS#ACCOUNTS',
    SK: `DATE#${date}#P${String(page).padStart(4, '0')}`,
  }),
  accountsPartition: 'AUDITSTATS#ACCOUNTS',
  /** The operations log of bulk deletes, newest last by start time. */
  operation: (startedAt: string, id: string) => ({ PK: 'AUDITOPS', SK: `${startedAt}#${id}` }),
  operationsPartition: 'AUDITOPS',
} as const;

export const revenueKeys = {
  record: (date: string, provider: string) => ({ PK: 'REVENUE', SK: `${date}#${provider}` }),
  /** GSI1: one provider's days, for the provider filter. */
  recordIndex: (date: string, provider: string) => ({
    GSI1PK: `REVENUE#${provider}`,
    GSI1SK: date,
  }),
  partition: 'REVENUE',
  providerPartition: (provider: string) => `REVENUE#${provider}`,
} as const;

export const firmKeys = {
  profile: (firmId: string) => ({ PK: `FIRM#${firmId}`, SK: 'PROFILE' }),
  /** GSI1: firms by status, sorted by lower-cased name (a name prefix is a `begins_with`). */
  profileIndex: (firm: { id: string; name: string; status: string }) => ({
    GSI1PK: `FIRMS#${firm.status}`,
    GSI1SK: `${normalizedName(firm.name)}#${firm.id}`,
  }),
  statusPartition: (status: string) => `FIRMS#${status}`,
} as const;

export const commentKeys = {
  comment: (accountId: string, createdAt: string, commentId: string) => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `COMMENT#${createdAt}#${commentId}`,
  }),
  prefix: 'COMMENT#',
} as const;

export const releaseKeys = {
  release: (releaseId: string) => ({ PK: `RELEASE#${releaseId}`, SK: 'RELEASE' }),
  /** GSI1: every release, newest release date first by a reverse query. */
  releaseIndex: (releaseDate: string, releaseId: string) => ({
    GSI1PK: 'RELEASES',
    GSI1SK: `${releaseDate}#${releaseId}`,
  }),
  listPartition: 'RELEASES',
  /** The last release a user has seen, for the What's New modal. */
  seenBy: (userId: string) => ({ PK: `USER#${userId}`, SK: 'WHATSNEW' }),
} as const;

/** Local stand-in for the external membership system's users. */
export const memberKeys = {
  member: (userId: string) => ({ PK: `MEMBER#${userId}`, SK: 'PROFILE' }),
  memberIndex: (login: string) => ({ GSI1PK: 'MEMBERS', GSI1SK: normalizedName(login) }),
  listPartition: 'MEMBERS',
} as const;

export const syncKeys = {
  run: (runId: string) => ({ PK: `SYNCRUN#${runId}`, SK: 'RUN' }),
  /** GSI1: every run, newest first by a reverse query. */
  runIndex: (startedAt: string, runId: string) => ({
    GSI1PK: 'SYNCRUNS',
    GSI1SK: `${startedAt}#${runId}`,
  }),
  listPartition: 'SYNCRUNS',
  /** The one-run-at-a-time lock, with an expiry so a crashed run cannot block forever. */
  lock: { PK: 'SYNC', SK: 'LOCK' },
  /** The plan's refused and missing dates, for the finish step's summary. */
  plan: (runId: string) => ({ PK: `SYNCRUN#${runId}`, SK: 'PLAN' }),
  /** One shard's outcome (counts, first rejected rows): written last, so it marks the shard done. */
  shardOutcome: (runId: string, shard: number) => ({
    PK: `SYNCRUN#${runId}`,
    SK: `SHARD#${shardNumber(shard)}`,
  }),
  shardOutcomePrefix: 'SHARD#',
  /** A shard's part of a date's audit stats, and its accounts in bounded pages. */
  shardStats: (runId: string, shard: number, date: string) => ({
    PK: `SYNCRUN#${runId}`,
    SK: `SHARDSTATS#${shardNumber(shard)}#${date}`,
  }),
  shardStatsPage: (runId: string, shard: number, date: string, page: number) => ({
    PK: `SYNCRUN#${runId}`,
    SK: `SHARDSTATS#${shardNumber(shard)}#${date}#P${String(page).padStart(4, '0')}`,
  }),
  /** What every shard stored with a run: its outcomes and its stats (heads and pages). */
  shardItemsPrefix: 'SHARD',
  /** One page of the rows a shard rejected, in the order it met them. */
  rejectedPage: (runId: string, shard: number, page: number) => ({
    PK: `SYNCRUN#${runId}`,
    SK: `REJECT#${shardNumber(shard)}#${String(page).padStart(7, '0')}`,
  }),
  rejectedPrefix: 'REJECT#',
} as const;

/** Shard numbers sort as strings, so they are zero-padded. */
function shardNumber(shard: number): string {
  return String(shard).padStart(5, '0');
}

export const loginKeys = {
  /** Sign-in attempts of one login, account-wide, keyed by a hash of its normalized identity. */
  attempts: (loginHash: string) => ({ PK: `LOGIN#${loginHash}`, SK: 'ATTEMPTS' }),
  /** Sign-in attempts of one login from one client address (hashed too). */
  source: (loginHash: string, sourceHash: string) => ({
    PK: `LOGIN#${loginHash}`,
    SK: `SOURCE#${sourceHash}`,
  }),
  /** GSI1: the attempt items that hold a lock now, by the time it lifts (staff's unlock list). */
  lockIndex: (openAt: number, loginHash: string) => ({
    GSI1PK: 'LOGINLOCKS',
    GSI1SK: `${String(openAt).padStart(15, '0')}#${loginHash}`,
  }),
  lockPartition: 'LOGINLOCKS',
  /** Who cleared which lock, when (the staff unlock's audit), newest last. */
  clearRecord: (clearedAt: string, loginHash: string) => ({
    PK: 'LOGINLOCKCLEARS',
    SK: `${clearedAt}#${loginHash}`,
  }),
  clearPartition: 'LOGINLOCKCLEARS',
  /** One trader sign-in at a time per member resets the member's Cognito password. */
  signInLease: (memberId: string) => ({ PK: `SIGNIN#${memberId}`, SK: 'LEASE' }),
} as const;

export const metaKeys = {
  /** Marks a first-run seeding step of the local stack as done. */
  seed: (name: string) => ({ PK: 'META', SK: `SEED#${name}` }),
} as const;

/**
 * The input-quality gate: a held breach and a voided account-date live in the account's
 * partition; GSI1 lists them by date, GSI2 lists holds by state and every void, newest date last.
 */
export const qualityKeys = {
  hold: (accountId: string, date: string) => ({ PK: `ACCOUNT#${accountId}`, SK: `HOLD#${date}` }),
  holdIndex: (accountId: string, date: string, state: string) => ({
    GSI1PK: `HOLDDATE#${date}`,
    GSI1SK: `ACCOUNT#${accountId}`,
    GSI2PK: `HOLDS#${state}`,
    GSI2SK: `${date}#${accountId}`,
  }),
  holdPrefix: 'HOLD#',
  holdDatePartition: (date: string) => `HOLDDATE#${date}`,
  holdStatePartition: (state: string) => `HOLDS#${state}`,
  void: (accountId: string, date: string) => ({ PK: `ACCOUNT#${accountId}`, SK: `VOID#${date}` }),
  voidIndex: (accountId: string, date: string) => ({
    GSI1PK: `VOIDDATE#${date}`,
    GSI1SK: `ACCOUNT#${accountId}`,
    GSI2PK: 'VOIDS',
    GSI2SK: `${date}#${accountId}`,
  }),
  voidDatePartition: (date: string) => `VOIDDATE#${date}`,
  voidsPartition: 'VOIDS',
} as const;

/**
 * A floor mismatch of the reconciliation (the broker's liquidation floor against the engine's drawdown
 * floor of one account-day) lives in the account's partition; GSI1 lists a date's, GSI2 every one,
 * newest date last.
 */
export const reconciliationKeys = {
  mismatch: (accountId: string, date: string) => ({
    PK: `ACCOUNT#${accountId}`,
    SK: `RECON#${date}`,
  }),
  mismatchIndex: (accountId: string, date: string) => ({
    GSI1PK: `RECONDATE#${date}`,
    GSI1SK: `ACCOUNT#${accountId}`,
    GSI2PK: 'RECONS',
    GSI2SK: `${date}#${accountId}`,
  }),
  prefix: 'RECON#',
  datePartition: (date: string) => `RECONDATE#${date}`,
  listPartition: 'RECONS',
} as const;

/**
 * Payouts: each payout in its own partition (`PAYOUT#<id>`), written whole by each transition on a
 * condition on its version. GSI1 lists an account's payouts by request time (newest first by a
 * reverse query); GSI2 is the staff queue, one partition per status, oldest first by the time the
 * payout entered it. One marker item per account holds its open request, so two requests made at
 * once cannot both be open.
 */
export const payoutKeys = {
  payout: (payoutId: string) => ({ PK: `PAYOUT#${payoutId}`, SK: 'PAYOUT' }),
  payoutIndex: (payout: {
    payoutId: string;
    accountId: string;
    status: string;
    requestedAt: string;
    updatedAt: string;
  }) => ({
    GSI1PK: payoutKeys.accountPartition(payout.accountId),
    GSI1SK: `${payout.requestedAt}#${payout.payoutId}`,
    GSI2PK: payoutKeys.statusPartition(payout.status),
    GSI2SK: `${payout.updatedAt}#${payout.payoutId}`,
  }),
  accountPartition: (accountId: string) => `ACCOUNTPAYOUTS#${accountId}`,
  statusPartition: (status: string) => `PAYOUTS#${status}`,
  /** The account's open request (its payout id), while one is `requested`. */
  openRequest: (accountId: string) => ({ PK: `PAYOUTREQ#${accountId}`, SK: 'OPEN' }),
} as const;

/**
 * Notifications: one item per emitted event, keyed by its cause so an event is written once
 * (`attribute_not_exists(PK)`); GSI1 lists them newest first, GSI2 those of one type.
 */
export const notificationKeys = {
  event: (causeKey: string) => ({ PK: `EVENT#${causeKey}`, SK: 'EVENT' }),
  eventIndex: (occurredAt: string, causeKey: string, type: string) => ({
    GSI1PK: 'EVENTS',
    GSI1SK: `${occurredAt}#${causeKey}`,
    GSI2PK: notificationKeys.typePartition(type),
    GSI2SK: `${occurredAt}#${causeKey}`,
  }),
  /** GSI2 partition of the events of one type, newest first by a reverse query. */
  typePartition: (type: string) => `EVENTS#${type}`,
  eventsPartition: 'EVENTS',
  /** A trader's e-mail choices, beside their profile. */
  preferences: (traderId: string) => ({ PK: `TRADER#${traderId}`, SK: 'NOTIFYPREFS' }),
  /** The e-mail of an event to one audience (`trader`, `staff`), claimed and sent once, beside it. */
  email: (causeKey: string, audience: string) => ({
    PK: `EVENT#${causeKey}`,
    SK: `EMAIL#${audience}`,
  }),
} as const;

/**
 * A webhook endpoint and its delivery log share the endpoint's partition: the endpoint item, and one
 * item per delivery under `DELIVERY#<event time>#<deliveryId>`, so a reverse query reads the log
 * newest first. GSI1 lists the endpoints.
 */
export const webhookKeys = {
  endpoint: (endpointId: string) => ({ PK: `WEBHOOK#${endpointId}`, SK: 'ENDPOINT' }),
  endpointIndex: (createdAt: string, endpointId: string) => ({
    GSI1PK: 'WEBHOOKS',
    GSI1SK: `${createdAt}#${endpointId}`,
  }),
  listPartition: 'WEBHOOKS',
  delivery: (endpointId: string, occurredAt: string, deliveryId: string) => ({
    PK: `WEBHOOK#${endpointId}`,
    SK: `DELIVERY#${occurredAt}#${deliveryId}`,
  }),
  deliveryPrefix: 'DELIVERY#',
  partition: (endpointId: string) => `WEBHOOK#${endpointId}`,
} as const;

/** Attributes that place an item in the table; never part of what the API answers. */
export const KEY_ATTRIBUTES = [
  'PK',
  'SK',
  'GSI1PK',
  'GSI1SK',
  'GSI2PK',
  'GSI2SK',
  'GSI4PK',
  'GSI4SK',
] as const;

/** The item without its key attributes. */
export function withoutKeys<T extends Record<string, unknown>>(
  item: T,
): Omit<T, (typeof KEY_ATTRIBUTES)[number]> {
  const copy: Record<string, unknown> = { ...item };
  for (const name of KEY_ATTRIBUTES) delete copy[name];
  return copy as Omit<T, (typeof KEY_ATTRIBUTES)[number]>;
}

/** Digits of a room share before the point in `accountRoomKeys.sortKey`; shares stay far below 1e8. */
const ROOM_SHARE_DIGITS = 8;
const ROOM_SHARE_DECIMALS = 6;

/**
 * GSI3 orders each phase-and-status group of accounts by closeness to breach (All Accounts'
 * "Closest to breach first"): `ACCOUNTROOM#<phase>#<status>` / `R#<tightest share, zero-padded>#<id>`
 * for an account still trading, `Z#<id>` after them for one without room (failed, passed, held,
 * never judged). Written with the account item, so every write keeps it current.
 */
export const accountRoomKeys = {
  roomIndex: (
    account: { accountId: string; phase: string; rithmicStatus: string },
    share: number | undefined,
  ) => ({
    GSI3PK: accountRoomKeys.roomPartition(account.phase, account.rithmicStatus),
    GSI3SK: accountRoomKeys.sortKey(account.accountId, share),
  }),
  roomPartition: (phase: string, rithmicStatus: string) => `ACCOUNTROOM#${phase}#${rithmicStatus}`,
  sortKey: (accountId: string, share: number | undefined) =>
    share === undefined || !Number.isFinite(share)
      ? `Z#${accountId}`
      : `R#${Math.max(0, share)
          .toFixed(ROOM_SHARE_DECIMALS)
          .padStart(ROOM_SHARE_DIGITS + ROOM_SHARE_DECIMALS + 1, '0')}#${accountId}`,
} as const;

import * as z from 'zod';
import {
  accountListItemSchema,
  type AccountListSort,
  type ListStatus,
  accountPhaseSchema,
  accountSchema,
  rithmicStatusSchema,
  type Account,
  type AccountListItem,
} from '@shared/accounts/account';
import { accountSummaryRecordSchema } from '@shared/summaries/account-summary-record';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { RoomToBreach } from '@shared/rules/limit-distance';
import { accountKeys, accountRoomKeys, dayKeys, relationshipKeys, withoutKeys } from '../db/keys';
import { decodeCursor, encodeCursor, INVALID_CURSOR, type Page } from '../db/paging';
import {
  getItems,
  queryAll,
  queryPage,
  sendResumed,
  tableName,
  type Item,
  type QueryInput,
} from '../db/table';
import { ValidationError } from '../errors';
import {
  accountItemOf,
  accountLinkItemOf,
  accountLinkSchema,
  getAccount,
  listRoomOf,
  parseStoredAccount,
  replaceAccount,
  type AccountLink,
  type StoredAccount,
} from './account-items';

// The stored shapes are defined with their items; the screens' callers name them from here.
export { storedAccountSchema, type StoredAccount, type StoredAccountInput } from './account-items';

/** Accounts a page of `attachmentPages` holds at most. */
export const ATTACHMENT_PAGE_SIZE = 200;

const attachmentItemSchema = z.object({
  accountId: z.string(),
  program: z.object({ prefix: z.string(), version: z.number() }).optional(),
});

/**
 * What the lists read to show an account's room to breach and a held breach: the summary's status
 * and its drawdown and daily loss figures, and the open hold (`listRoomOf`).
 */
const ROOM_SUMMARY_ATTRIBUTES = [
  'accountStatus',
  'phaseFailed',
  'phasePassed',
  'drawdown',
  'dailyLoss',
];
const roomProjection = {
  paths: [...ROOM_SUMMARY_ATTRIBUTES.map((_, index) => `#summary.#r${index}`), '#hold'],
  names: {
    '#summary': 'accountSummary',
    '#hold': 'statusHold',
    ...Object.fromEntries(ROOM_SUMMARY_ATTRIBUTES.map((name, index) => [`#r${index}`, name])),
  },
};

/** Projection of `listGroupMembers`. */
export const groupMemberProjection = {
  ProjectionExpression: ['accountId', 'email', '#status', ...roomProjection.paths].join(', '),
  ExpressionAttributeNames: { '#status': 'status', ...roomProjection.names },
};

const groupMemberItemSchema = z.object({
  accountId: z.string(),
  email: z.string().optional(),
  /** The judged status (active / passed / failed), as All Accounts shows it. */
  status: accountSchema.shape.status,
});

/** An account's place in the lists: its id, phase, broker status, judged status and trader email. */
export interface AccountGroupMember {
  accountId: string;
  email?: string;
  status: Account['status'];
  phase: Account['phase'];
  rithmicStatus: Account['rithmicStatus'];
  room?: RoomToBreach;
  heldSince?: string;
}

/**
 * What the Account Summary Dashboard reads of an account (projection of `listDashboardSources`): who
 * it is, its group, its stored summary and the drawdown floors of its engine state, without the
 * rest of the state (violation history, positions).
 */
export const dashboardSourceSchema = z.object({
  accountId: z.string(),
  traderId: z.string(),
  name: z.string().default(''),
  email: z.string().optional(),
  accountSummary: accountSummaryRecordSchema.optional(),
  engineState: z
    .object({ rules: z.record(z.string(), z.record(z.string(), z.unknown())).default({}) })
    .optional(),
});
export type DashboardSource = z.infer<typeof dashboardSourceSchema> & {
  phase: Account['phase'];
  rithmicStatus: Account['rithmicStatus'];
};

const DASHBOARD_ATTRIBUTES = ['accountId', 'traderId', 'name', 'email', 'accountSummary'];

/** Projection of `listDashboardSources`: every attribute through a placeholder (`name` is reserved). */
export const dashboardProjection = {
  ProjectionExpression: [
    ...DASHBOARD_ATTRIBUTES.map((_, index) => `#d${index}`),
    '#engine.#rules',
  ].join(', '),
  ExpressionAttributeNames: {
    ...Object.fromEntries(DASHBOARD_ATTRIBUTES.map((name, index) => [`#d${index}`, name])),
    '#engine': 'engineState',
    '#rules': 'rules',
  },
};

export const ACCOUNT_PHASES = accountPhaseSchema.options;
export const RITHMIC_STATUSES = rithmicStatusSchema.options;

/**
 * The account as the API answers it: no engine internals. The reset records name staff users, so a
 * trader reading their own account gets the count without them.
 */
export function publicAccount(stored: StoredAccount, caller?: { role: string }): Account {
  const account = accountSchema.parse(stored);
  if (!caller || caller.role === 'admin') return account;
  const { resets: _resets, ...forTrader } = account;
  return forTrader;
}

/**
 * The attributes of an account list row (`accountListItemSchema`), program reduced to four fields
 * and the phase's starting balance (the balance of an account never synced).
 */
const DERIVED_LIST_FIELDS = new Set(['program', 'balanceSource', 'room', 'heldSince']);
const LIST_ATTRIBUTES = Object.keys(accountListItemSchema.shape).filter(
  (name) => !DERIVED_LIST_FIELDS.has(name),
);
const LIST_PROGRAM_ATTRIBUTES = ['prefix', 'name', 'version', 'currentPhase', 'currentPhaseData'];

const startingBalanceSchema = z.object({
  program: z
    .object({ currentPhaseData: z.object({ startingBalance: z.number() }).optional() })
    .optional(),
});

/**
 * A list row; an account without a synced day shows its phase's starting balance, marked
 * `balanceSource: 'starting'` (its last known balance, not '-').
 */
function listRowOf(item: Item): AccountListItem {
  const row = { ...accountListItemSchema.parse(item), ...listRoomOf(item) };
  if (row.summary) return row;
  const starting = startingBalanceSchema.safeParse(item);
  const balance = starting.success
    ? starting.data.program?.currentPhaseData?.startingBalance
    : undefined;
  if (balance === undefined) return row;
  return { ...row, summary: { balance, equity: balance }, balanceSource: 'starting' };
}

/** Projection of a list row; every attribute named through a placeholder (`name` is reserved). */
export const accountListProjection = {
  ProjectionExpression: [
    ...LIST_ATTRIBUTES.map((_, index) => `#a${index}`),
    ...LIST_PROGRAM_ATTRIBUTES.map((_, index) => `#program.#p${index}`),
    ...roomProjection.paths,
  ].join(', '),
  ExpressionAttributeNames: {
    ...Object.fromEntries(LIST_ATTRIBUTES.map((name, index) => [`#a${index}`, name])),
    '#program': 'program',
    ...Object.fromEntries(LIST_PROGRAM_ATTRIBUTES.map((name, index) => [`#p${index}`, name])),
    ...roomProjection.names,
  },
};

function phaseStatusQuery(phase: string, status: string) {
  return {
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': accountKeys.phaseStatusPartition(phase, status) },
  };
}

/** GSI1 `GSI1PK = TRADER#<id>`, accounts only (the partition also holds the trader's other items). */
function traderAccountsQuery(traderId: string): QueryInput {
  return {
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :account)',
    ExpressionAttributeValues: {
      ':pk': accountKeys.traderPartition(traderId),
      ':account': accountKeys.accountPrefix,
    },
  };
}

/** The GSI2 group (phase and broker status) an account was read from. */
interface AccountGroup {
  phase: (typeof ACCOUNT_PHASES)[number];
  rithmicStatus: (typeof RITHMIC_STATUSES)[number];
}

/**
 * Every account by GSI2 group, the 4 phases × 3 broker statuses queried in parallel and answered in
 * that order (spec 000 §9: phase order, Active first). `narrow` adds a projection or a filter to
 * each group's query; `shape` makes each item what the caller lists, knowing its group.
 */
async function readGroups<T>(
  narrow: (query: ReturnType<typeof phaseStatusQuery>) => QueryInput,
  shape: (item: Item, group: AccountGroup) => T,
): Promise<T[]> {
  const groups = await Promise.all(
    ACCOUNT_PHASES.flatMap((phase) =>
      RITHMIC_STATUSES.map(async (rithmicStatus) => {
        const items = await queryAll(narrow(phaseStatusQuery(phase, rithmicStatus)));
        return items.map((item) => shape(item, { phase, rithmicStatus }));
      }),
    ),
  );
  return groups.flat();
}

/** Day items a page of `dayPages` holds. */
export const DAY_PAGE_SIZE = 50;

/** A projection of an account's day items (`ProjectionExpression` with its names). */
export interface DayProjection {
  ProjectionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
}

export interface AccountListPageOptions {
  search?: string | undefined;
  status?: ListStatus | undefined;
  program?: string | undefined;
  sort: AccountListSort;
  limit: number;
  cursor?: string | undefined;
  /** Accounts the request may evaluate (`LIST_READ_BUDGET` unless a test asks for fewer). */
  readBudget?: number;
}

/** The accounts one list request evaluates at most (read, before its filter), across groups. */
export const LIST_READ_BUDGET = 4_000;
/** Accounts a filtered query reads at once (DynamoDB applies `Limit` before the filter). */
const LIST_FILTER_BLOCK = 1_000;
/** A page stops growing past this many bytes of rows, far under Lambda's 6 MB and the 1 MB goal. */
const LIST_PAGE_BYTES = 900_000;

const GROUPS = ACCOUNT_PHASES.flatMap((phase) =>
  RITHMIC_STATUSES.map((rithmicStatus) => ({ phase, rithmicStatus })),
);

/** The index, its partition key name and its keys, for one group read in one order. */
function groupIndex(sort: AccountListSort, group: AccountGroup) {
  return sort === 'room'
    ? {
        IndexName: 'GSI3',
        pk: 'GSI3PK',
        keys: ['PK', 'SK', 'GSI3PK', 'GSI3SK'],
        partition: accountRoomKeys.roomPartition(group.phase, group.rithmicStatus),
      }
    : {
        IndexName: 'GSI2',
        pk: 'GSI2PK',
        keys: ['PK', 'SK', 'GSI2PK', 'GSI2SK'],
        partition: accountKeys.phaseStatusPartition(group.phase, group.rithmicStatus),
      };
}

/** The filter of a list request: search, list status and program, each optional. */
function listFilter(options: AccountListPageOptions) {
  const clauses: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const search = options.search?.trim().toLowerCase();
  if (search) {
    clauses.push('contains(#search, :q)');
    names['#search'] = 'searchText';
    values[':q'] = search;
  }
  if (options.status === 'held') {
    clauses.push('attribute_exists(#hold)');
    names['#hold'] = 'statusHold';
  } else if (options.status) {
    clauses.push('#status = :status AND attribute_not_exists(#hold)');
    names['#status'] = 'status';
    names['#hold'] = 'statusHold';
    values[':status'] = options.status;
  }
  if (options.program) {
    clauses.push('#program.#prefix = :prefix');
    names['#program'] = 'program';
    names['#prefix'] = 'prefix';
    values[':prefix'] = options.program;
  }
  if (clauses.length === 0) return undefined;
  return { expression: clauses.join(' AND '), names, values };
}

const invalidCursor = () =>
  new ValidationError(INVALID_CURSOR, [{ field: 'cursor', message: INVALID_CURSOR }]);

/** Where a list request starts: a group and, inside it, the key to resume after. */
function listStart(
  cursor: string | undefined,
  sort: AccountListSort,
): { group: number; key?: Item } {
  const decoded = decodeCursor(cursor);
  if (!decoded) return { group: 0 };
  const { g, ...key } = decoded;
  const group = GROUPS[Number(g)];
  if (typeof g !== 'number' || !group) throw invalidCursor();
  if (Object.keys(key).length === 0) return { group: g };
  const index = groupIndex(sort, group);
  const keyNames = Object.keys(key).sort();
  if (keyNames.join() !== [...index.keys].sort().join() || key[index.pk] !== index.partition) {
    throw invalidCursor();
  }
  return { group: g, key };
}

/** The cursor of a list page: the group to go on with and, inside it, the key to resume after. */
const cursorAt = (group: number, key?: Item): string => encodeCursor({ g: group, ...key })!;

async function listPage(options: AccountListPageOptions): Promise<Page<AccountListItem>> {
  const filter = listFilter(options);
  const budget = options.readBudget ?? LIST_READ_BUDGET;
  const start = listStart(options.cursor, options.sort);
  const rows: AccountListItem[] = [];
  let bytes = 0;
  let evaluated = 0;
  let group = start.group;
  let key = start.key;
  while (group < GROUPS.length) {
    const index = groupIndex(options.sort, GROUPS[group]!);
    const page = await sendResumed(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.IndexName,
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: [
          accountListProjection.ProjectionExpression,
          ...index.keys.map((_, at) => `#k${at}`),
        ].join(', '),
        ExpressionAttributeNames: {
          ...accountListProjection.ExpressionAttributeNames,
          ...Object.fromEntries(index.keys.map((name, at) => [`#k${at}`, name])),
          '#pk': index.pk,
          ...filter?.names,
        },
        ExpressionAttributeValues: { ':pk': index.partition, ...filter?.values },
        ...(filter && { FilterExpression: filter.expression }),
        ScanIndexForward: options.sort !== '-accountId',
        ExclusiveStartKey: key,
        Limit: filter
          ? Math.min(LIST_FILTER_BLOCK, budget - evaluated)
          : options.limit - rows.length,
      }),
    );
    evaluated += page.ScannedCount ?? 0;
    const items = (page.Items ?? []) as Item[];
    let kept = 0;
    for (const item of items) {
      const row = listRowOf(item);
      const size = Buffer.byteLength(JSON.stringify(row));
      if (rows.length >= options.limit || (rows.length > 0 && bytes + size > LIST_PAGE_BYTES)) {
        break;
      }
      rows.push(row);
      bytes += size;
      kept += 1;
      key = Object.fromEntries(index.keys.map((name) => [name, item[name]]));
    }
    // Rows of this answer left for the next page: resume after the last one kept.
    if (kept < items.length) return { items: rows, nextCursor: cursorAt(group, key) };
    const done = rows.length >= options.limit || evaluated >= budget;
    if (page.LastEvaluatedKey) {
      key = page.LastEvaluatedKey as Item;
      if (done) return { items: rows, nextCursor: cursorAt(group, key) };
      continue;
    }
    group += 1;
    key = undefined;
    if (done && group < GROUPS.length) return { items: rows, nextCursor: cursorAt(group) };
  }
  return { items: rows };
}

/**
 * Accounts live in their own partition (`ACCOUNT#<id>`), with their days. GSI1 groups a trader's
 * accounts, GSI2 every account by phase and broker status. The screens' lists and pages, beside the
 * items and reads by key of account-items.ts (which the sync and judging import directly, so their
 * bundles leave these queries out).
 */
export const accountRepository = {
  itemOf: accountItemOf,

  /**
   * Access pattern "a page of the account list" (`GET /api/accounts`): the 12 phase-and-status groups
   * in their order (spec 000 §9), each read in id order (GSI2) or closest to breach first (GSI3),
   * projecting the list row's attributes, resumed from a cursor (the group and its last key). A
   * search (`contains(searchText, :q)`, lower-cased) or a filter (list status, program) becomes a
   * `FilterExpression`, read in blocks; a request evaluates at most `LIST_READ_BUDGET` accounts and
   * then answers the rows it has with a cursor, so its cost is bounded whatever the firm's size.
   */
  async listPage(options: AccountListPageOptions): Promise<Page<AccountListItem>> {
    return listPage(options);
  },

  /**
   * Access pattern "an account's days in pages": Query `PK = ACCOUNT#<id>`, `SK begins_with PERF#`,
   * newest first, `DAY_PAGE_SIZE` items a request, with the projection asked; each page as read, so
   * a reader may stop early and never holds more than it keeps.
   */
  async *dayPages(
    accountId: string,
    projection?: DayProjection,
    pageSize = DAY_PAGE_SIZE,
  ): AsyncGenerator<Item[]> {
    let cursor: string | undefined;
    do {
      const page = await queryPage(
        {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :perf)',
          ExpressionAttributeValues: {
            ':pk': dayKeys.performance(accountId, '').PK,
            ':perf': dayKeys.performancePrefix,
          },
          ScanIndexForward: false,
          ...projection,
        },
        pageSize,
        cursor,
      );
      yield page.items;
      cursor = page.nextCursor;
    } while (cursor);
  },

  /**
   * Access pattern "the days of the account's current judging key" (its verdict): the judged days
   * (those with a conformance) under the `judgedBy` of its last judged day, oldest first. Read newest
   * first in pages (`dayPages`) and ended by the first judged day of another key (an earlier program
   * version, phase or life before a reset: keys never come back), so the days of earlier keys are
   * not read past that page. The projection must hold `judgedBy` and a part of `conformance`.
   */
  async currentKeyDays(accountId: string, projection?: DayProjection): Promise<Item[]> {
    const days: Item[] = [];
    let key: string | null | undefined;
    for await (const page of accountRepository.dayPages(accountId, projection)) {
      for (const item of page) {
        if (!item.conformance) continue;
        const judgedBy = typeof item.judgedBy === 'string' ? item.judgedBy : null;
        if (key === undefined) key = judgedBy;
        else if (judgedBy !== key) return days.reverse();
        days.push(item);
      }
    }
    return days.reverse();
  },

  get: getAccount,

  /**
   * Access pattern "who these accounts are" (a Latest Performance page's columns): BatchGet of the
   * accounts' `PROFILE` items by key, reading the id, trader email, judged status, room and hold.
   * Accounts not stored are left out.
   */
  async getGroupMembers(
    accountIds: readonly string[],
  ): Promise<Map<string, Omit<AccountGroupMember, 'phase' | 'rithmicStatus'>>> {
    const items = await getItems(
      accountIds.map((accountId) => accountKeys.profile(accountId)),
      groupMemberProjection,
    );
    return new Map(
      items.map((item) => {
        const member = { ...groupMemberItemSchema.parse(item), ...listRoomOf(item) };
        return [member.accountId, member];
      }),
    );
  },

  /**
   * Access pattern "all accounts grouped by phase and status": Query GSI2 for each of the 4 phases × 3
   * statuses, in parallel; answered in that order (spec 000 §9: phase order, Active first).
   */
  async listAll(): Promise<StoredAccount[]> {
    return readGroups((query) => query, parseStoredAccount);
  },

  /**
   * Access pattern "the account list" (`GET /api/accounts`): the 12 GSI2 groups of `listAll`, in the
   * same order, reading only the list row's attributes (no summary record, no engine state).
   */
  async listRows(): Promise<AccountListItem[]> {
    return readGroups((query) => ({ ...query, ...accountListProjection }), listRowOf);
  },

  /**
   * Access pattern "who each account is" (Latest Performance's columns): the 12 GSI2 groups reading
   * only the id and trader email; phase and broker status come from the group itself.
   */
  async listGroupMembers(): Promise<AccountGroupMember[]> {
    return readGroups(
      (query) => ({ ...query, ...groupMemberProjection }),
      (item, group) => ({ ...groupMemberItemSchema.parse(item), ...listRoomOf(item), ...group }),
    );
  },

  /**
   * Access pattern "the dashboard's accounts" (Account Summary Dashboard): the 12 GSI2 groups in
   * `listAll`'s order, projecting the account's id, trader, name, email, stored summary and the rule
   * states of its engine state (the drawdown floors); phase and status come from the group.
   */
  async listDashboardSources(): Promise<DashboardSource[]> {
    return readGroups(
      (query) => ({ ...query, ...dashboardProjection }),
      (item, group) => ({ ...dashboardSourceSchema.parse(item), ...group }),
    );
  },

  /** Access pattern "one group": Query GSI2 `GSI2PK = ACCOUNTS#<phase>#<status>`. */
  async listByPhaseAndStatus(phase: string, status: string): Promise<StoredAccount[]> {
    return (await queryAll(phaseStatusQuery(phase, status))).map(parseStoredAccount);
  },

  /** Access pattern "accounts of a trader": Query GSI1 `GSI1PK = TRADER#<id>`, accounts only. */
  async listByTrader(traderId: string): Promise<StoredAccount[]> {
    return (await queryAll(traderAccountsQuery(traderId))).map(parseStoredAccount);
  },

  /**
   * Access pattern "account ids of a trader" (trader daily summary): Query GSI1 `GSI1PK = TRADER#<id>`,
   * accounts only, projecting `accountId`.
   */
  async listIdsByTrader(traderId: string): Promise<string[]> {
    const items = await queryAll({
      ...traderAccountsQuery(traderId),
      ProjectionExpression: 'accountId',
    });
    return items.map((item) => String(item.accountId));
  },

  /** Access pattern "accounts of a program": the GSI2 groups, filtered on the attached prefix. */
  async listByProgram(prefix: string): Promise<StoredAccount[]> {
    return readGroups(
      (query) => ({
        ...query,
        FilterExpression: '#program.#prefix = :prefix',
        ExpressionAttributeNames: { '#program': 'program', '#prefix': 'prefix' },
        ExpressionAttributeValues: { ...query.ExpressionAttributeValues, ':prefix': prefix },
      }),
      parseStoredAccount,
    );
  },

  /**
   * Access pattern "the accounts a job re-judges, page by page": the 12 GSI2 groups one after the
   * other, each read a page of at most `pageSize` items at a time, projecting only the id and the
   * program's prefix and version; with `prefix`, only the accounts of that program on a version
   * older than `olderThan` (a filter, so a page may hold fewer). A job lists 30,000 accounts without
   * ever holding more than a page of them.
   */
  async *attachmentPages(
    options: { prefix?: string; olderThan?: number; pageSize?: number } = {},
  ): AsyncGenerator<{ accountId: string; program?: { prefix: string; version: number } }[]> {
    const byProgram = options.prefix !== undefined && {
      FilterExpression: '#program.#prefix = :prefix AND #program.#version < :version',
      ExpressionAttributeValues: {
        ':prefix': options.prefix,
        ':version': options.olderThan ?? Number.MAX_SAFE_INTEGER,
      },
    };
    for (const phase of ACCOUNT_PHASES) {
      for (const status of RITHMIC_STATUSES) {
        const group = phaseStatusQuery(phase, status);
        let cursor: string | undefined;
        do {
          const page = await queryPage(
            {
              ...group,
              ProjectionExpression: 'accountId, #program.#prefix, #program.#version',
              ExpressionAttributeNames: {
                '#program': 'program',
                '#prefix': 'prefix',
                '#version': 'version',
              },
              ...(byProgram && {
                FilterExpression: byProgram.FilterExpression,
                ExpressionAttributeValues: {
                  ...group.ExpressionAttributeValues,
                  ...byProgram.ExpressionAttributeValues,
                },
              }),
            },
            options.pageSize ?? ATTACHMENT_PAGE_SIZE,
            cursor,
          );
          if (page.items.length > 0)
            yield page.items.map((item) => attachmentItemSchema.parse(item));
          cursor = page.nextCursor;
        } while (cursor);
      }
    }
  },

  replace: replaceAccount,

  linkItemOf: accountLinkItemOf,

  /** Access pattern "users of an account": Query `PK = ACCOUNT#<id>`, `SK begins_with USER#`. */
  async listLinksOfAccount(accountId: string): Promise<AccountLink[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :user)',
      ExpressionAttributeValues: {
        ':pk': accountKeys.profile(accountId).PK,
        ':user': relationshipKeys.userPrefix,
      },
    });
    return items.map((item) => accountLinkSchema.parse(withoutKeys(item)));
  },

  /** Access pattern "accounts of a broker user": Query GSI1 `GSI1PK = USER#<id>`. */
  async listLinksOfUser(userId: string): Promise<AccountLink[]> {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': relationshipKeys.userPartition(userId) },
    });
    return items.map((item) => accountLinkSchema.parse(withoutKeys(item)));
  },
};

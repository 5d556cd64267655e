import * as z from 'zod';
import {
  accountListItemSchema,
  accountPhaseSchema,
  accountSchema,
  rithmicStatusSchema,
  type Account,
  type AccountListItem,
} from '@shared/accounts/account';
import { accountSummaryRecordSchema } from '@shared/summaries/account-summary-record';
import { accountSummarySchema } from '@shared/rules/account-summary';
import { roomToBreachOf, type RoomToBreach } from '@shared/rules/limit-distance';
import { engineStateSchema } from '@shared/rules/engine-state';
import { tradingDateSchema } from '@shared/rules/day-input';
import { statusHoldSchema } from '@shared/rules/input-quality';
import { accountKeys, relationshipKeys, withoutKeys } from '../db/keys';
import { getItem, putExisting, queryAll, type Item, type QueryInput } from '../db/table';
import { countAccount } from '../aggregates/account-aggregates';

/**
 * What the table keeps of an account: the account, its current summary, and the engine state after
 * the last judged day, so the nightly sync judges the next day without reading history.
 */
export const storedAccountSchema = accountSchema.extend({
  accountSummary: accountSummaryRecordSchema.optional(),
  engineState: engineStateSchema.optional(),
  engineStateDate: tradingDateSchema.optional(),
  /** The program version and phase the state was judged under (`<prefix>#<version>#<phaseId>`). */
  engineStateKey: z.string().optional(),
  /** Status changes held since a breach on suspect inputs (shared/rules/input-quality.ts). */
  statusHold: statusHoldSchema.optional(),
});
export type StoredAccount = z.infer<typeof storedAccountSchema>;
export type StoredAccountInput = z.input<typeof storedAccountSchema>;

/** Which program version an account trades: all that the program screens count. */
export interface ProgramAttachment {
  accountId: string;
  prefix: string;
  version: number;
}

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

const roomItemSchema = z.object({
  accountSummary: accountSummarySchema
    .pick({
      accountStatus: true,
      phaseFailed: true,
      phasePassed: true,
      drawdown: true,
      dailyLoss: true,
    })
    .optional(),
  statusHold: statusHoldSchema.optional(),
});

/** An account's room to breach (still trading only) and the day its breach was held, from its item. */
function listRoomOf(item: Item): { room?: RoomToBreach; heldSince?: string } {
  const parsed = roomItemSchema.safeParse(item);
  if (!parsed.success) return {};
  const room = roomToBreachOf(parsed.data.accountSummary);
  const heldSince = parsed.data.statusHold?.date;
  return { ...(room && { room }), ...(heldSince && { heldSince }) };
}

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

/** A user ↔ account link of the broker's relationships report. */
export const accountLinkSchema = z.object({
  userId: z.string().min(1),
  accountId: z.string().min(1),
  fcm: z.string().optional(),
  ib: z.string().optional(),
  role: z.string().optional(),
});
export type AccountLink = z.infer<typeof accountLinkSchema>;

export const ACCOUNT_PHASES = accountPhaseSchema.options;
export const RITHMIC_STATUSES = rithmicStatusSchema.options;

const parseStored = (item: Item) => storedAccountSchema.parse(withoutKeys(item));

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

/**
 * Accounts live in their own partition (`ACCOUNT#<id>`), with their days. GSI1 groups a trader's
 * accounts, GSI2 every account by phase and broker status.
 */
export const accountRepository = {
  itemOf(account: StoredAccountInput): Item {
    const valid = storedAccountSchema.parse(account);
    return {
      ...valid,
      ...accountKeys.profile(valid.accountId),
      ...accountKeys.profileIndex(valid),
    };
  },

  /** Access pattern "one account": Get `ACCOUNT#<id> / PROFILE`. */
  async get(accountId: string): Promise<StoredAccount | undefined> {
    const item = await getItem(accountKeys.profile(accountId));
    return item ? parseStored(item) : undefined;
  },

  /**
   * Access pattern "all accounts grouped by phase and status": Query GSI2 for each of the 4 phases × 3
   * statuses, in parallel; answered in that order (spec 000 §9: phase order, Active first).
   */
  async listAll(): Promise<StoredAccount[]> {
    return readGroups((query) => query, parseStored);
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
    return (await queryAll(phaseStatusQuery(phase, status))).map(parseStored);
  },

  /** Access pattern "accounts of a trader": Query GSI1 `GSI1PK = TRADER#<id>`, accounts only. */
  async listByTrader(traderId: string): Promise<StoredAccount[]> {
    return (await queryAll(traderAccountsQuery(traderId))).map(parseStored);
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
      parseStored,
    );
  },

  /**
   * Access pattern "program versions in use": the GSI2 groups, reading only each account's id and
   * program prefix and version; accounts without a program are left out.
   */
  async listProgramAttachments(): Promise<ProgramAttachment[]> {
    const items = await readGroups(
      (query) => ({
        ...query,
        ProjectionExpression: 'accountId, #program.#prefix, #program.#version',
        ExpressionAttributeNames: {
          '#program': 'program',
          '#prefix': 'prefix',
          '#version': 'version',
        },
      }),
      (item) => attachmentItemSchema.parse(item),
    );
    return items.flatMap(({ accountId, program }) =>
      program ? [{ accountId, prefix: program.prefix, version: program.version }] : [],
    );
  },

  /** Replaces an existing account (404 when it is gone); phase or status changes move it in GSI2. */
  async replace(account: StoredAccountInput): Promise<StoredAccount> {
    const item = accountRepository.itemOf(account);
    await putExisting(item, `Account ${String(item.accountId)} not found`);
    const stored = parseStored(item);
    // The dashboard's kept counts and lists follow every stored account (idempotent).
    await countAccount(stored);
    return stored;
  },

  linkItemOf(link: AccountLink): Item {
    const valid = accountLinkSchema.parse(link);
    return {
      ...valid,
      ...relationshipKeys.link(valid.accountId, valid.userId),
      ...relationshipKeys.linkIndex(valid.accountId, valid.userId),
    };
  },

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

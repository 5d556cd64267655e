import {
  dateVoidSchema,
  heldBreachSchema,
  type DateVoid,
  type HeldBreach,
} from '@shared/sync/held-breaches';
import type { HoldState } from '@shared/rules/input-quality';
import { qualityKeys, withoutKeys } from '../db/keys';
import { getItem, putItem, queryAll, queryPage, type Item } from '../db/table';
import { countDaysOfDate } from './performance-items';

/** A state's list shows at most this many holds, newest date first. */
export const HOLDS_LISTED_MAX = 500;
/** The list of every void shows at most this many, newest date first. */
export const VOIDS_LISTED_MAX = 500;

const parseHold = (item: Item) => heldBreachSchema.parse(withoutKeys(item));
const parseVoid = (item: Item) => dateVoidSchema.parse(withoutKeys(item));

/**
 * Held breaches and voided account-dates of the input-quality gate (docs/data-model.md "Input
 * quality"). A hold is `ACCOUNT#<id> / HOLD#<date>`; a void is `ACCOUNT#<id> / VOID#<date>`.
 */
export const qualityRepository = {
  holdItemOf(hold: HeldBreach): Item {
    const valid = heldBreachSchema.parse(hold);
    return {
      ...valid,
      ...qualityKeys.hold(valid.accountId, valid.date),
      ...qualityKeys.holdIndex(valid.accountId, valid.date, valid.state),
    };
  },

  voidItemOf(record: DateVoid): Item {
    const valid = dateVoidSchema.parse(record);
    return {
      ...valid,
      ...qualityKeys.void(valid.accountId, valid.date),
      ...qualityKeys.voidIndex(valid.accountId, valid.date),
    };
  },

  /** Access pattern "one held breach": Get `ACCOUNT#<id> / HOLD#<date>`. */
  async getHold(accountId: string, date: string): Promise<HeldBreach | undefined> {
    const item = await getItem(qualityKeys.hold(accountId, date));
    return item ? parseHold(item) : undefined;
  },

  async saveHold(hold: HeldBreach): Promise<void> {
    await putItem(qualityRepository.holdItemOf(hold));
  },

  /** Access pattern "an account's holds": Query `PK = ACCOUNT#<id>`, `SK begins_with HOLD#`. */
  async listHoldsOfAccount(accountId: string): Promise<HeldBreach[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :hold)',
      ExpressionAttributeValues: {
        ':pk': qualityKeys.hold(accountId, '').PK,
        ':hold': qualityKeys.holdPrefix,
      },
    });
    return items.map(parseHold);
  },

  /** Access pattern "the holds of one date": Query GSI1 `GSI1PK = HOLDDATE#<date>`. */
  async listHoldsOfDate(date: string): Promise<HeldBreach[]> {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': qualityKeys.holdDatePartition(date) },
    });
    return items.map(parseHold);
  },

  /**
   * Access pattern "holds in a state, newest date first": Query GSI2 `GSI2PK = HOLDS#<state>`,
   * reverse, at most {@link HOLDS_LISTED_MAX}.
   */
  async listHoldsByState(state: HoldState): Promise<HeldBreach[]> {
    const page = await queryPage(
      {
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': qualityKeys.holdStatePartition(state) },
        ScanIndexForward: false,
      },
      HOLDS_LISTED_MAX,
    );
    return page.items.map(parseHold);
  },

  /** Access pattern "the voids of one date": Query GSI1 `GSI1PK = VOIDDATE#<date>`. */
  async listVoidsOfDate(date: string): Promise<DateVoid[]> {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': qualityKeys.voidDatePartition(date) },
    });
    return items.map(parseVoid);
  },

  /** Access pattern "every void, newest date first": Query GSI2 `GSI2PK = VOIDS`, reverse. */
  async listVoids(): Promise<DateVoid[]> {
    const page = await queryPage(
      {
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': qualityKeys.voidsPartition },
        ScanIndexForward: false,
      },
      VOIDS_LISTED_MAX,
    );
    return page.items.map(parseVoid);
  },

  /** Access pattern "how many accounts still have data on a date" (after a void): GSI4 `DAY#`. */
  countDaysOfDate,
};

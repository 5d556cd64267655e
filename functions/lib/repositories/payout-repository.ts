import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { payoutRecordSchema, type PayoutRecord, type PayoutStatus } from '@shared/payouts/payout';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { payoutKeys, withoutKeys } from '../db/keys';
import type { Page } from '../db/paging';
import { getItem, putIf, putNew, queryAll, queryPage, tableName, type Item } from '../db/table';

const parsePayout = (item: Item): PayoutRecord => payoutRecordSchema.parse(withoutKeys(item));

function itemOf(payout: PayoutRecord): Item {
  const valid = payoutRecordSchema.parse(payout);
  return { ...valid, ...payoutKeys.payout(valid.payoutId), ...payoutKeys.payoutIndex(valid) };
}

/** The 409 of a transition that lost to another one (two staff clicking at once). */
export const payoutChangedMessage = (payoutId: string) =>
  `Payout ${payoutId} was changed by someone else — reload to see where it stands`;

/**
 * Payout items (docs/data-model.md "Payouts"). The table has no transactions (decision in
 * docs/decisions.md): every move of a payout is one conditional put on its version and status, and
 * an account's one open request is held by a marker item claimed with `attribute_not_exists`.
 */
export const payoutRepository = {
  itemOf,

  /** Access pattern "one payout": Get `PAYOUT#<id> / PAYOUT`. */
  async get(payoutId: string): Promise<PayoutRecord | undefined> {
    const item = await getItem(payoutKeys.payout(payoutId));
    return item ? parsePayout(item) : undefined;
  },

  /**
   * Access pattern "payouts of an account", newest request first: Query GSI1
   * `GSI1PK = ACCOUNTPAYOUTS#<accountId>`, reverse. An account has a handful.
   */
  async listByAccount(accountId: string): Promise<PayoutRecord[]> {
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': payoutKeys.accountPartition(accountId) },
      ScanIndexForward: false,
    });
    return items.map(parsePayout);
  },

  /**
   * Access pattern "the queue of a status", oldest first by the time each payout entered it: Query
   * GSI2 `GSI2PK = PAYOUTS#<status>`, one page from the cursor.
   */
  async listByStatus(
    status: PayoutStatus,
    limit: number,
    cursor?: string,
  ): Promise<Page<PayoutRecord>> {
    const page = await queryPage(
      {
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': payoutKeys.statusPartition(status) },
      },
      limit,
      cursor,
    );
    return { ...page, items: page.items.map(parsePayout) };
  },

  /** Stores a new payout (a trader's request); an id already used is a 409. */
  async create(payout: PayoutRecord): Promise<void> {
    await putNew(itemOf(payout), `Payout ${payout.payoutId} already exists`);
  },

  /**
   * Moves a payout from what the caller read (`from`) to `to` in one conditional put: only while the
   * stored payout still has `from`'s version (every move writes the next version, so the version
   * pins the status read too). The loser of two moves made at once gets a 409 and writes nothing.
   */
  async transition(from: PayoutRecord, to: PayoutRecord): Promise<void> {
    if (to.version !== from.version + 1) throw new Error('A payout moves one version at a time');
    await putIf(
      itemOf(to),
      'attribute_exists(PK) AND version = :version',
      { ':version': from.version },
      payoutChangedMessage(from.payoutId),
    );
  },

  /**
   * Claims the account's open-request marker for `payoutId`: free, or held by a payout that is no
   * longer open (`staleHolder`, a marker a crash left behind). A live holder is a 409.
   */
  async claimOpenRequest(
    accountId: string,
    payoutId: string,
    staleHolder: string | undefined,
  ): Promise<void> {
    const item = { ...payoutKeys.openRequest(accountId), accountId, payoutId };
    const message = `Account ${accountId} already has a payout request pending`;
    if (staleHolder === undefined) return putNew(item, message);
    return putIf(item, 'payoutId = :stale', { ':stale': staleHolder }, message);
  },

  /** The payout holding the account's open-request marker, if any. */
  async openRequestHolder(accountId: string): Promise<string | undefined> {
    const item = await getItem(payoutKeys.openRequest(accountId));
    return typeof item?.payoutId === 'string' ? item.payoutId : undefined;
  },

  /** Frees the account's open-request marker if `payoutId` holds it (a decided or cancelled request). */
  async releaseOpenRequest(accountId: string, payoutId: string): Promise<void> {
    try {
      await dynamoDocumentClient().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: payoutKeys.openRequest(accountId),
          ConditionExpression: 'payoutId = :id',
          ExpressionAttributeValues: { ':id': payoutId },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  },
};

import { accountKeys, withoutKeys } from '../lib/db/keys';
import { getItems } from '../lib/db/table';
import {
  accountItemOf,
  storedAccountSchema,
  type StoredAccount,
} from '../lib/repositories/account-items';

/*
 * The accounts one sync shard works on (docs/sync-at-scale.md §4, "A shard reads only its own
 * accounts"): read by key (BatchGetItem, 100 keys a request) when a date's rows name them, never the
 * whole table, and dropped once the date is written. What the shard keeps across dates is a few
 * short strings per account met (its judged-until date when the run began, its trader), so the
 * heap holds one date's accounts, whatever the firm's size or the accounts' history.
 */

/** Keys per BatchGetItem request (DynamoDB's limit); also the page the shard loads in. */
export const ACCOUNT_PAGE = 100;

export class ShardAccounts {
  /** The accounts of the date in hand, by id: loaded by key, written and dropped after the date. */
  readonly working = new Map<string, StoredAccount>();
  /** Each working account's item as read, to skip writing an account the date left unchanged. */
  private readonly asRead = new Map<string, string>();
  /**
   * Each account met by the run that was stored when the run began, with its latest judged day then
   * (undefined: never judged). An account met but absent from the table is new to the run.
   */
  readonly judgedUntil = new Map<string, string | undefined>();
  private readonly met = new Set<string>();
  /** The trader each account met in the accounts files belongs to (its trader lists it). */
  readonly traderOf = new Map<string, string>();

  /** Loads the accounts not yet in the working set, in pages of {@link ACCOUNT_PAGE} keys. */
  async load(accountIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(accountIds)].filter((id) => !this.working.has(id));
    for (let start = 0; start < missing.length; start += ACCOUNT_PAGE) {
      const page = missing.slice(start, start + ACCOUNT_PAGE);
      const items = await getItems(page.map((id) => accountKeys.profile(id)));
      for (const item of items) {
        const account = storedAccountSchema.parse(withoutKeys(item));
        this.working.set(account.accountId, account);
        this.asRead.set(account.accountId, JSON.stringify(accountItemOf(account)));
        if (!this.met.has(account.accountId))
          this.judgedUntil.set(account.accountId, account.engineStateDate);
        if (!this.traderOf.has(account.accountId))
          this.traderOf.set(account.accountId, account.traderId);
      }
      for (const id of page) this.met.add(id);
    }
  }

  /** Whether the account was in the table when the run began (as far as the run has met it). */
  storedAtStart(accountId: string): boolean {
    return this.judgedUntil.has(accountId);
  }

  /** Whether writing `account` would change its stored item (a new account always does). */
  changed(account: StoredAccount): { item: ReturnType<typeof accountItemOf> } | null {
    const item = accountItemOf(account);
    return this.asRead.get(account.accountId) === JSON.stringify(item) ? null : { item };
  }

  /** Drops the working set once its accounts are written. */
  drop(): void {
    this.working.clear();
    this.asRead.clear();
  }
}

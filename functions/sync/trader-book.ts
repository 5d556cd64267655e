import type { TraderRow } from '@shared/broker-files/rows';
import { traderSchema, type Trader } from '@shared/traders/trader';
import { traderKeys, withoutKeys } from '../lib/db/keys';
import { getItems } from '../lib/db/table';
import { traderItemOf } from '../lib/repositories/trader-items';
import { ACCOUNT_PAGE } from './account-book';
import { ownsKey, type ShardSpec } from './shard-plan';

/*
 * The traders one sync shard works on (docs/sync-at-scale.md §4): read by key (BatchGetItem, a page
 * of keys a request) when the run needs them, never the whole table. A shard needs:
 *   - its own traders (by trader id hash) met by the run, whole: it merges their rows and writes them;
 *   - the e-mail of the trader of each of its own accounts' rows, whichever shard owns that trader.
 * Every shard reads every traders row, so an e-mail a row gives needs no read; a stored trader is
 * read only when its own shard merges it, or when an account row names it and no row of the run gave
 * its e-mail. A stored trader is written only by its own shard, as the shard ends, so what another
 * shard reads of it meanwhile is what the run began with, apart from the accounts it lists.
 */

/** A trader stored when the run began: what is kept of it for another shard's account rows. */
interface StoredTraderEmail {
  email: string | undefined;
}

export class ShardTraders {
  /** The shard's own traders met by the run: as stored, then merged with the run's rows. */
  readonly own = new Map<string, Trader>();
  /** Each own stored trader's item as read, to skip writing a trader the run left unchanged. */
  private readonly asRead = new Map<string, string>();
  /** Every trader read by key: stored when the run began (its e-mail), or not (null). */
  private readonly stored = new Map<string, StoredTraderEmail | null>();
  /** The e-mail the latest row of a date that is not a re-ingest of the past gave each trader. */
  private readonly rowEmail = new Map<string, string>();
  /** The e-mail the latest past date's row gave: it counts only for a trader new to the run. */
  private readonly pastRowEmail = new Map<string, string>();

  constructor(private readonly shard: ShardSpec) {}

  /** Reads by key the traders not read yet, a page of keys a request. */
  async load(traderIds: Iterable<string>): Promise<void> {
    const missing = [...new Set(traderIds)].filter((id) => !this.stored.has(id));
    for (let start = 0; start < missing.length; start += ACCOUNT_PAGE) {
      const page = missing.slice(start, start + ACCOUNT_PAGE);
      for (const id of page) this.stored.set(id, null);
      for (const item of await getItems(page.map((id) => traderKeys.profile(id)))) {
        const trader = traderSchema.parse(withoutKeys(item));
        this.stored.set(trader.traderId, { email: trader.email });
        if (!ownsKey(this.shard, trader.traderId)) continue;
        this.own.set(trader.traderId, trader);
        this.asRead.set(trader.traderId, JSON.stringify(traderItemOf(trader)));
      }
    }
  }

  /** Whether the trader was stored when the run began (read by {@link load} first). */
  storedAtStart(traderId: string): boolean {
    return Boolean(this.stored.get(traderId));
  }

  /** Notes the e-mail a traders row gives; a past date's row only for a trader new to the run. */
  noteRowEmail(row: Pick<TraderRow, 'traderId' | 'email'>, pastDate: boolean): void {
    (pastDate ? this.pastRowEmail : this.rowEmail).set(row.traderId, row.email);
  }

  /** Trader ids whose e-mail {@link emailOf} needs read by key first. */
  needRead(traderIds: Iterable<string>): string[] {
    return [...traderIds].filter((id) => !this.rowEmail.has(id) && !this.stored.has(id));
  }

  /**
   * The e-mail of a trader as the run's rows so far leave it: the latest row's of a current date;
   * else the stored trader's (a past date's rows do not roll it back); else, for a trader new to the
   * run, the latest past date's row's. Undefined for a trader neither stored nor in a row.
   */
  emailOf(traderId: string): string | undefined {
    if (this.rowEmail.has(traderId)) return this.rowEmail.get(traderId);
    const stored = this.stored.get(traderId);
    return stored ? stored.email : this.pastRowEmail.get(traderId);
  }

  /** Whether writing the own trader would change its stored item: the item, or null. */
  changed(traderId: string): { item: ReturnType<typeof traderItemOf> } | null {
    const trader = this.own.get(traderId);
    if (!trader) return null;
    const item = traderItemOf(trader);
    return this.asRead.get(traderId) === JSON.stringify(item) ? null : { item };
  }
}

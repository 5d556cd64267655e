import { handler } from '../../../functions/traders/handler';
import { batchPutAll } from '../../../functions/lib/db/batch-writer';
import {
  TRADER_READ_BUDGET,
  traderRepository,
} from '../../../functions/lib/repositories/trader-repository';
import { TRADER_PAGE_SIZE_MAX, traderListResponseSchema } from '@shared/traders/trader-list';
import { seedTraderOf } from '../../../scripts/bench/seed-30k';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers } from '../../support/callers';

/*
 * The trader list at a size where an unbounded read would show: 2,500 traders written straight to
 * the table (the bench's seed), read in bounded pages.
 */

const TRADERS = 2_500;
const list = { method: 'GET', path: '/api/traders' } as const;

const get = (query: Record<string, string>) =>
  invoke(handler, httpEvent(list, { query, claims: callers.admin }));

describe('GET /api/traders at 2,500 traders', () => {
  useFreshTable({
    seed: () =>
      batchPutAll(
        Array.from({ length: TRADERS }, (_, index) => traderRepository.itemOf(seedTraderOf(index))),
        { concurrency: 8 },
      ),
  });

  it('answers at most 200 traders a page, under 1 MB, with a cursor, and refuses a larger page', async () => {
    const answer = await get({ limit: String(TRADER_PAGE_SIZE_MAX) });
    expect(answer.status).toBe(200);
    const page = traderListResponseSchema.parse(answer.body);
    expect(page.data).toHaveLength(200);
    expect(page.meta.nextCursor).toEqual(expect.any(String));
    expect(JSON.stringify(answer.body).length).toBeLessThan(1_000_000);

    const tooMany = await get({ limit: String(TRADER_PAGE_SIZE_MAX + 1) });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('limit');
  });

  it('reads a bounded number of traders a request: a rare match answers short pages with a cursor until found', async () => {
    const found: string[] = [];
    let requests = 0;
    let cursor: string | undefined;
    do {
      const page = await traderRepository.listPage({
        search: 'SEEDT-002499',
        limit: 60,
        readBudget: 500,
        ...(cursor && { cursor }),
      });
      requests += 1;
      found.push(...page.items.map((trader) => trader.traderId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(found).toEqual(['SEEDT-002499']);
    expect(requests).toBeGreaterThanOrEqual(TRADERS / 500);
    expect(TRADER_READ_BUDGET).toBeGreaterThanOrEqual(1_000);

    const answer = traderListResponseSchema.parse((await get({ search: 'seedt-002499' })).body);
    expect(answer.data.map((trader) => trader.traderId)).toEqual(['SEEDT-002499']);
  });
});

import { handler } from '../../../functions/accounts/handler';
import {
  accountRepository,
  LIST_READ_BUDGET,
} from '../../../functions/lib/repositories/account-repository';
import {
  ACCOUNT_PAGE_SIZE,
  accountListResponseSchema,
  listStatusOf,
  type AccountListItem,
} from '@shared/accounts/account';
import { accountsOverview, accountsOverviewSchema } from '@shared/accounts/accounts-overview';
import { tightestRoom } from '@shared/rules/limit-distance';
import { storedAccountSchema } from '../../../functions/lib/repositories/account-repository';
import { seedAccountOf, seedFirm } from '../../../scripts/bench/seed-30k';
import { repairAccountAggregates } from '../../../functions/lib/aggregates/recount';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers } from '../../support/callers';

/*
 * The paged account list at a size where reading everything would show: 1,000 accounts written
 * straight to the table (the bench's seed), then searched, filtered and ordered on the server, page
 * by page.
 */

/**
 * Five pages of the default size, and a rare match several read budgets of 300 away. Counting each
 * seeded account into the kept counters is most of this file's time, so no more than that.
 */
const ACCOUNTS = 1_000;
const list = { method: 'GET', path: '/api/accounts' } as const;
const overview = { method: 'GET', path: '/api/accounts/overview' } as const;
const PHASES = ['evaluation', 'sim-funded', 'live-funded', 'demo'];
const BROKER_STATUSES = ['Active', 'Inactive', 'Admin Only'];

function get(query: Record<string, string> = {}, claims = callers.admin) {
  return invoke(handler, httpEvent(list, { query, claims }));
}

/** Every page of a query, with the size of each answer. */
async function allPages(query: Record<string, string> = {}) {
  const rows: AccountListItem[] = [];
  const pages: { rows: number; bytes: number }[] = [];
  let cursor: string | undefined;
  do {
    const answer = await get({ ...query, ...(cursor && { cursor }) });
    expect(answer.status).toBe(200);
    const page = accountListResponseSchema.parse(answer.body);
    rows.push(...page.data);
    pages.push({ rows: page.data.length, bytes: JSON.stringify(answer.body).length });
    cursor = page.meta.nextCursor;
  } while (cursor);
  return { rows, pages };
}

const groupRank = (row: AccountListItem) =>
  PHASES.indexOf(row.phase) * BROKER_STATUSES.length + BROKER_STATUSES.indexOf(row.rithmicStatus);
const seeded = Array.from({ length: ACCOUNTS }, (_, index) =>
  storedAccountSchema.parse(seedAccountOf(index)),
);

describe('GET /api/accounts, paged on the server', () => {
  // Seeded straight to the table, so the kept counters are counted after, as a repair would.
  useFreshTable({
    seed: async () => {
      await seedFirm(ACCOUNTS);
      await repairAccountAggregates();
    },
  });

  it('answers a bounded first page and a cursor, and its pages hold every account once, group by group in id order', async () => {
    const first = await get();
    expect(first.status).toBe(200);
    const page = accountListResponseSchema.parse(first.body);
    expect(page.data).toHaveLength(ACCOUNT_PAGE_SIZE);
    expect(page.meta).toEqual({ limit: ACCOUNT_PAGE_SIZE, nextCursor: expect.any(String) });
    expect(JSON.stringify(first.body).length).toBeLessThan(1_000_000);

    const { rows, pages } = await allPages();
    expect(pages.every((entry) => entry.rows <= ACCOUNT_PAGE_SIZE)).toBe(true);
    expect(rows).toHaveLength(ACCOUNTS);
    expect(new Set(rows.map((row) => row.accountId)).size).toBe(ACCOUNTS);
    const ranks = rows.map(groupRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (let index = 1; index < rows.length; index += 1) {
      if (ranks[index] === ranks[index - 1]) {
        expect(rows[index - 1]!.accountId < rows[index]!.accountId).toBe(true);
      }
    }
  });

  it('honours a smaller page size and the reverse id order', async () => {
    const page = accountListResponseSchema.parse((await get({ limit: '25' })).body);
    expect(page.data).toHaveLength(25);
    const reverse = accountListResponseSchema.parse(
      (await get({ limit: '25', sort: '-accountId' })).body,
    );
    const ids = reverse.data.map((row) => row.accountId);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(reverse.data.every((row) => groupRank(row) === 0)).toBe(true);
  });

  it('searches the account id, name and trader email, case-insensitively, across every page', async () => {
    const byId = await allPages({ q: 'seed-000821' });
    expect(byId.rows.map((row) => row.accountId)).toEqual(['SEED-000821']);
    const byName = await allPages({ q: 'Seed Account 999' });
    expect(byName.rows.map((row) => row.accountId)).toEqual(['SEED-000999']);
    const byEmail = await allPages({ q: 'SEEDT-000007@' });
    expect(byEmail.rows.map((row) => row.accountId).sort()).toEqual(['SEED-000014', 'SEED-000015']);
  });

  it('reads a bounded number of accounts a request: a rare match answers short pages with a cursor until found', async () => {
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await accountRepository.listPage({
        search: 'seed-000999',
        sort: 'accountId',
        limit: ACCOUNT_PAGE_SIZE,
        readBudget: 300,
        ...(cursor && { cursor }),
      });
      pages.push(page.items.map((row) => row.accountId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.flat()).toEqual(['SEED-000999']);
    expect(pages.length).toBeGreaterThanOrEqual(ACCOUNTS / 300);
    expect(LIST_READ_BUDGET).toBeGreaterThanOrEqual(1_000);
  });

  it('filters by list status and program on the server', async () => {
    const failed = await allPages({ status: 'failed' });
    const expected = seeded.filter((account) => account.status === 'failed');
    expect(failed.rows).toHaveLength(expected.length);
    expect(failed.rows.every((row) => row.status === 'failed')).toBe(true);
    // The same in the closest-to-breach order (GSI3): a failed account has no room, yet is listed.
    const failedByRoom = await allPages({ status: 'failed', sort: 'room' });
    expect(failedByRoom.rows.map((row) => row.accountId).sort()).toEqual(
      failed.rows.map((row) => row.accountId).sort(),
    );

    const program = await allPages({ program: 'EVAL100', status: 'active' });
    expect(program.rows).toHaveLength(
      seeded.filter((a) => a.program?.prefix === 'EVAL100' && a.status === 'active').length,
    );
    expect(program.rows.every((row) => row.program?.prefix === 'EVAL100')).toBe(true);
  });

  it('lists a held account under held only', async () => {
    const account = (await accountRepository.get('SEED-000100'))!;
    await accountRepository.replace({
      ...account,
      statusHold: { date: '20260302', status: 'failed' },
    });
    try {
      const held = await allPages({ status: 'held' });
      expect(held.rows.map((row) => [row.accountId, listStatusOf(row)])).toEqual([
        ['SEED-000100', 'held'],
      ]);
      const active = await allPages({ status: 'active', q: 'seed-000100' });
      expect(active.rows).toEqual([]);
    } finally {
      await accountRepository.replace(account);
    }
  });

  it('orders each group closest to breach first (?sort=room), accounts without room last', async () => {
    const { rows } = await allPages({ sort: 'room' });
    expect(rows).toHaveLength(ACCOUNTS);
    const ranks = rows.map(groupRank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (let index = 1; index < rows.length; index += 1) {
      if (ranks[index] !== ranks[index - 1]) continue;
      const before = tightestRoom(rows[index - 1]!.room)?.share ?? Infinity;
      const after = tightestRoom(rows[index]!.room)?.share ?? Infinity;
      expect(before).toBeLessThanOrEqual(after);
    }
    expect(rows.some((row) => row.room !== undefined)).toBe(true);
    expect(rows.some((row) => row.room === undefined)).toBe(true);
  });

  it('refuses a bad cursor, status, sort or size with a 400 naming the field', async () => {
    for (const [query, field] of [
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: Buffer.from('{"g":99}').toString('base64url') }, 'cursor'],
      [{ cursor: Buffer.from('{"g":0,"PK":"ACCOUNT#X"}').toString('base64url') }, 'cursor'],
      [{ status: 'closed' }, 'status'],
      [{ sort: 'balance' }, 'sort'],
      [{ limit: String(ACCOUNT_PAGE_SIZE + 1) }, 'limit'],
    ] as const) {
      const answer = await get(query);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    // A cursor of the id order is not a place in the room order.
    const page = accountListResponseSchema.parse((await get({ limit: '5' })).body);
    const crossed = await get({ sort: 'room', cursor: page.meta.nextCursor! });
    expect(crossed.status).toBe(400);
    expect(JSON.stringify(crossed.body)).toContain('cursor');
  });

  it('is staff only: a trader gets 403, an anonymous caller 401', async () => {
    expect((await get({}, callers.owner)).status).toBe(403);
    expect((await invoke(handler, httpEvent(list))).status).toBe(401);
  });

  it('answers the overview of every account from the kept counters, to staff only', async () => {
    const answer = await invoke(handler, httpEvent(overview, { claims: callers.admin }));
    expect(answer.status).toBe(200);
    const figures = accountsOverviewSchema.parse(answer.body);
    const { rows } = await allPages();
    expect(figures).toEqual(accountsOverview(rows));
    expect(figures.total).toBe(ACCOUNTS);
    expect(figures.failed).toBe(seeded.filter((account) => account.status === 'failed').length);
    expect((await invoke(handler, httpEvent(overview, { claims: callers.owner }))).status).toBe(
      403,
    );
  });
});

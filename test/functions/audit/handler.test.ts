import { handler } from '../../../functions/audit/handler';
import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { claimsFor, httpEvent, invoke, routeCaller } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { auditRecords, expectedStats, ingestAudit, newestFirst } from '../../support/audit-trail';

const admin = claimsFor('admin');
const trader = claimsFor('trader');

const routes = {
  list: { method: 'GET', path: '/api/audit-trail' },
  stats: { method: 'GET', path: '/api/audit-trail/stats' },
  operations: { method: 'GET', path: '/api/audit-trail/operations' },
  remove: { method: 'DELETE', path: '/api/audit-trail' },
} as const;

const call = routeCaller(handler, routes, admin);

const list = (query: Record<string, string> = {}) => call('list', { query });
const stamps = (rows: { serverTimestamp: string }[]) => rows.map((row) => row.serverTimestamp);
const base64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Every record the trail holds, read page by page through the API with the Next cursors. */
async function readAll(query: Record<string, string> = {}): Promise<AuditTrailRecord[]> {
  const rows: AuditTrailRecord[] = [];
  let page = 1;
  let cursor: string | undefined;
  for (;;) {
    const answer = await list({
      ...query,
      pageSize: '250',
      page: String(page),
      ...(cursor && { cursor }),
    });
    expect(answer.status).toBe(200);
    rows.push(...(answer.body.data as AuditTrailRecord[]));
    cursor = answer.body.meta.nextCursor;
    if (!cursor) return rows;
    page += 1;
  }
}

describe('audit trail routes by role', () => {
  useFreshTable();

  it.each(Object.keys(routes) as (keyof typeof routes)[])(
    '%s refuses a trader (403) and an anonymous caller (401)',
    async (route) => {
      const query = route === 'remove' ? { startDate: '20260302', confirm: 'true' } : undefined;

      const asTrader = await invoke(
        handler,
        httpEvent(routes[route], { claims: trader, ...(query && { query }) }),
      );
      const anonymous = await invoke(handler, httpEvent(routes[route], query ? { query } : {}));

      expect(asTrader.status).toBe(403);
      expect(anonymous.status).toBe(401);
    },
  );
});

describe('GET /api/audit-trail', () => {
  useFreshTable();
  const records = auditRecords();
  beforeAll(() => ingestAudit(records));

  it('answers page 1 of 50 newest first with the totals', async () => {
    const answer = await list();

    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ total: 270, page: 1, totalPages: 6 });
    expect(stamps(answer.body.data)).toEqual(stamps(newestFirst(records).slice(0, 50)));
    expect(answer.body.data[0]).not.toHaveProperty('PK');
  });

  it('serves page N by number and by the previous page’s cursor alike', async () => {
    const first = await list({ pageSize: '25' });
    const byCursor = await list({ pageSize: '25', page: '2', cursor: first.body.meta.nextCursor });
    const byNumber = await list({ pageSize: '25', page: '2' });

    expect(byCursor.body.data).toEqual(byNumber.body.data);
    expect(stamps(byNumber.body.data)).toEqual(stamps(newestFirst(records).slice(25, 50)));
  });

  it('sorts oldest first and by transaction number within an account', async () => {
    const ascending = await list({ sortDirection: 'asc', pageSize: '25' });
    const byTxn = await list({
      accountNumber: 'ACC-2',
      sort: 'serverTransactionNumber',
      sortDirection: 'asc',
      startDate: '20260303',
      endDate: '20260303',
    });

    expect(stamps(ascending.body.data)).toEqual(
      stamps(newestFirst(records).reverse().slice(0, 25)),
    );
    expect(byTxn.body.data.map((row: AuditTrailRecord) => row.serverTransactionNumber)).toEqual(
      Array.from({ length: 30 }, (_, index) => `T${String(index).padStart(4, '0')}`),
    );
  });

  it('applies every filter of the screen, trimmed, with exact totals', async () => {
    const matches = records.filter(
      (row) =>
        row.instrument === 'NQH6' &&
        row.action === 'FILL' &&
        row.status === 'FILLED' &&
        row.firmUserId === 'USER-2' &&
        row.serverProcessDate >= '20260303',
    );

    const answer = await list({
      instrument: ' NQH6 ',
      action: 'FILL',
      status: 'FILLED',
      firmUserId: 'USER-2',
      startDate: '20260303',
      endDate: '20260304',
      accountNumber: '',
    });
    const byOrder = await list({ orderNumber: 'ORD-1-7' });

    expect(answer.body.meta.total).toBe(matches.length);
    expect(stamps(answer.body.data)).toEqual(stamps(newestFirst(matches)));
    expect(byOrder.body.meta.total).toBe(3);
    expect(byOrder.body.data.every((row: AuditTrailRecord) => row.orderNumber === 'ORD-1-7')).toBe(
      true,
    );
  });

  it('pages an instrument filter exactly, from the per-date counts', async () => {
    const matches = newestFirst(records.filter((row) => row.instrument === 'CLJ6'));

    const page2 = await list({ instrument: 'CLJ6', pageSize: '25', page: '2' });
    const all = await readAll({ instrument: 'CLJ6' });

    expect(page2.body.meta).toMatchObject({ total: 90, totalPages: 4 });
    expect(stamps(page2.body.data)).toEqual(stamps(matches.slice(25, 50)));
    expect(stamps(all)).toEqual(stamps(matches));
  });

  it.each([
    [{ startDate: '2026-03-02' }, 'startDate'],
    [{ endDate: '20260231' }, 'endDate'],
    [{ startDate: '00000101' }, 'startDate'],
    [{ startDate: '20260304', endDate: '20260302' }, 'endDate'],
    [{ pageSize: '20' }, 'pageSize'],
    [{ pageSize: 'fifty' }, 'pageSize'],
    [{ pageSize: '1000' }, 'pageSize'],
    [{ page: '0' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ sort: 'instrument' }, 'sort'],
    [{ sortDirection: 'up' }, 'sortDirection'],
    [{ instrument: 'x'.repeat(201) }, 'instrument'],
  ])('refuses %j with a 400 naming %s', async (query, field) => {
    const answer = await list(query);

    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { field: string }) => detail.field)).toContain(
      field,
    );
  });

  it.each([
    ['not base64 JSON', '%%%not-a-cursor'],
    [
      'a key of another partition',
      base64url({ p: 0, k: JSON.stringify({ PK: 'X', SK: 'Y', GSI1PK: 'Z', GSI1SK: 'W' }) }),
    ],
    [
      'a partition index past the end',
      base64url({ p: 99, k: JSON.stringify({ PK: 'X', SK: 'Y' }) }),
    ],
    ['a negative partition index', base64url({ p: -1 })],
    ['a key that is not JSON', base64url({ p: 0, k: '{oops' })],
    ['a key with nested values', base64url({ p: 0, k: JSON.stringify({ PK: { S: 'x' } }) })],
    ['a JSON array', base64url([1, 2])],
  ])('refuses a forged cursor (%s) with a 400 naming cursor', async (_name, cursor) => {
    const answer = await list({ cursor });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'cursor', message: 'The cursor is not valid' },
    ]);
  });

  it('refuses the cursor of one account’s trail on another account', async () => {
    const first = await list({ accountNumber: 'ACC-1', pageSize: '25' });

    const answer = await list({ accountNumber: 'ACC-2', cursor: first.body.meta.nextCursor });

    expect(answer.status).toBe(400);
  });
});

describe('GET /api/audit-trail/stats', () => {
  useFreshTable({ perTest: true });

  it('answers an empty overview before any record exists', async () => {
    const answer = await call('stats');

    expect(answer).toEqual({
      status: 200,
      body: {
        data: {
          totalRecords: 0,
          dateRange: { start: null, end: null },
          accounts: 0,
          instruments: 0,
          actions: [],
        },
      },
    });
  });

  it('summarizes the whole trail', async () => {
    const records = auditRecords();
    await ingestAudit(records);

    const answer = await call('stats');

    expect(answer.body.data).toEqual(expectedStats(records));
  });
});

describe('DELETE /api/audit-trail', () => {
  const records = auditRecords();
  useFreshTable({ perTest: true, seed: () => ingestAudit(records) });

  const removeWhere = (query: Record<string, string>) =>
    call('remove', { query: { ...query, confirm: 'true' } });

  it.each([
    [{ startDate: '20260302' }, 'confirm'],
    [{ startDate: '20260302', confirm: 'yes' }, 'confirm'],
    [{ confirm: 'true' }, 'startDate'],
    [{ confirm: 'true', instrument: '  ' }, 'startDate'],
    [{ confirm: 'true', startDate: '20260399' }, 'startDate'],
    [{ confirm: 'true', startDate: '20260304', endDate: '20260302' }, 'endDate'],
  ])('refuses %j with a 400 naming %s and deletes nothing', async (query, field) => {
    const answer = await call('remove', { query });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { field: string }) => detail.field)).toContain(
      field,
    );
    expect((await call('stats')).body.data.totalRecords).toBe(records.length);
  });

  it('refuses a trader and deletes nothing', async () => {
    const answer = await invoke(
      handler,
      httpEvent(routes.remove, {
        claims: trader,
        query: { startDate: '20260302', confirm: 'true' },
      }),
    );

    expect(answer.status).toBe(403);
    expect((await call('stats')).body.data.totalRecords).toBe(records.length);
  });

  it('removes exactly the matching rows and leaves the stats exact', async () => {
    const matches = (row: AuditTrailRecord) =>
      row.serverProcessDate === '20260303' && row.instrument === 'ESH6';
    const kept = records.filter((row) => !matches(row));

    const answer = await call('remove', {
      query: { startDate: '20260303', endDate: '20260303', instrument: 'ESH6', confirm: 'true' },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.deleted).toBe(records.length - kept.length);
    expect(stamps(await readAll()).sort()).toEqual(stamps(kept).sort());
    expect((await call('stats')).body.data).toEqual(expectedStats(kept));
    expect((await list({ startDate: '20260303', endDate: '20260303' })).body.meta.total).toBe(
      kept.filter((row) => row.serverProcessDate === '20260303').length,
    );
    expect((await list({ instrument: 'ESH6' })).body.meta.total).toBe(
      kept.filter((row) => row.instrument === 'ESH6').length,
    );
  });

  it('removes a whole account and a whole date, and stats drop what went', async () => {
    await removeWhere({ accountNumber: 'ACC-1' });
    const day = await removeWhere({ startDate: '20260302', endDate: '20260302' });
    const kept = records.filter(
      (row) => row.accountNumber !== 'ACC-1' && row.serverProcessDate !== '20260302',
    );

    expect(day.body.deleted).toBe(60);
    expect((await call('stats')).body.data).toEqual(expectedStats(kept));
    expect(stamps(await readAll()).sort()).toEqual(stamps(kept).sort());
  });

  it('records who deleted what and when in the operations log, newest first', async () => {
    await removeWhere({ startDate: '20260303', endDate: '20260303', instrument: 'ESH6' });
    await removeWhere({ accountNumber: 'ACC-1' });
    await removeWhere({ startDate: '20260302', endDate: '20260302' });

    const log = await call('operations');

    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(3);
    expect(log.body.data[0]).toMatchObject({
      kind: 'bulk-delete',
      status: 'completed',
      filters: { startDate: '20260302', endDate: '20260302' },
      deleted: 60,
      requestedBy: { userId: 'admin-user-id', email: 'admin@example.com' },
    });
    expect(log.body.data[2].filters).toEqual({
      startDate: '20260303',
      endDate: '20260303',
      instrument: 'ESH6',
    });
    expect(Date.parse(log.body.data[0].finishedAt)).toBeGreaterThanOrEqual(
      Date.parse(log.body.data[0].startedAt),
    );
  });

  it('refuses a forged cursor of the operations log', async () => {
    const forged = base64url({ PK: 'AUDIT#ACC-1', SK: '20260302#T0001' });

    const answer = await call('operations', { query: { cursor: forged } });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details[0].field).toBe('cursor');
  });
});

import type { RouteDefinition } from '@shared/api/routes';
import { handler } from '../../../functions/dashboard/handler';
import { callers } from '../../support/callers';
import { httpEvent, invoke } from '../../support/http-events';

type Route = Pick<RouteDefinition, 'method' | 'path'>;

export const dashboardRoutes = {
  dashboard: { method: 'GET', path: '/api/account-summaries/admin/dashboard' },
  accounts: { method: 'GET', path: '/api/account-summaries/admin/dashboard/accounts' },
  attention: { method: 'GET', path: '/api/account-summaries/admin/attention' },
  violations: { method: 'GET', path: '/api/account-summaries/admin/violations' },
  failures: { method: 'GET', path: '/api/account-summaries/admin/failures' },
  today: { method: 'GET', path: '/api/account-summaries/admin/today' },
} as const satisfies Record<string, Route>;

export interface PageAnswer<Row> {
  status: number;
  bytes: number;
  rows: Row[];
  nextCursor?: string;
}

/** One page of a paged dashboard route, as staff ask for it. */
export async function dashboardPage<Row>(
  route: Route,
  query: Record<string, string> = {},
): Promise<PageAnswer<Row>> {
  const answer = await invoke(handler, httpEvent(route, { claims: callers.admin, query }));
  const body = answer.body as { data: Row[]; meta: { nextCursor?: string } };
  return {
    status: answer.status,
    bytes: Buffer.byteLength(JSON.stringify(answer.body)),
    rows: body.data,
    ...(body.meta?.nextCursor && { nextCursor: body.meta.nextCursor }),
  };
}

/** Every row of a paged route, page after page by its cursors (each page checked bounded). */
export async function allDashboardRows<Row>(
  route: Route,
  query: Record<string, string> = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const page = await dashboardPage<Row>(route, {
      ...query,
      limit: '200',
      ...(cursor && { cursor }),
    });
    expect(page.status).toBe(200);
    expect(page.rows.length).toBeLessThanOrEqual(200);
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

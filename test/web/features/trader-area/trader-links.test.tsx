import { screen } from '@testing-library/react';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { loggedInAnswer, membershipConfig, signInAsTrader } from './trader-fixtures';

/*
 * A trader following a link from their own dashboard stays in the
 * trader layout. The dashboard leads to the account summary and Trader Details; those lead on to the
 * daily performance details, the conformance detail and the day's performance report, which answer
 * a trader their own accounts (`/api/performance/account/{accountId}/{date}` is trader-self).
 */
beforeEach(() => {
  mockApi({
    'GET /api/amember/config': () => jsonResponse(membershipConfig),
    'POST /api/amember/client-login': () => jsonResponse(loggedInAnswer),
  });
});
afterEach(() => localStorage.clear());

describe("links from a trader's own pages", () => {
  it.each([
    '/traders/TR000001/details',
    '/summaries/account/ACC-1',
    '/summaries/account/ACC-1/detail',
    '/performance/daily/ACC-1/20260302',
    '/sync/conformance/detail?accountId=ACC-1&date=20260302',
    '/traders/TR000001/performance/ACC-1/2026-03-02',
  ])("open %s in the trader area's layout", async (path) => {
    signInAsTrader();

    const { router } = renderApp(path);

    expect(await screen.findByRole('navigation', { name: 'Trader navigation' })).toBeVisible();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});

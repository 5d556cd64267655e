import '../../support/router-polyfills';
import { screen, waitFor } from '@testing-library/react';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { accountDetail } from '../accounts/account-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

function mockAccount(mismatches: number) {
  return mockApi({
    'GET /api/summaries/account/EVAL50-1001': () => jsonResponse({ data: accountDetail() }),
    'GET /api/audit-trail?accountNumber=EVAL50-1001&page=1&pageSize=25': () =>
      jsonResponse({ data: [], meta: { total: 0, page: 1, totalPages: 0 } }),
    'GET /api/whats-new': () => errorResponse(500, 'no'),
    'GET /api/sync/reconciliation?accountId=EVAL50-1001': () =>
      jsonResponse({
        data: Array.from({ length: mismatches }, (_, index) => ({
          accountId: 'EVAL50-1001',
          date: `2026031${index}`,
          brokerFloor: 48_500,
          engineFloor: 48_000,
          difference: 500,
          cause: 'configuration-offset',
          startBalance: 50_000,
          previousBalance: 50_000,
        })),
      }),
  });
}

describe("the account page's link to its floor mismatches", () => {
  it('links to the Reconciliation screen filtered by the account when it has mismatches', async () => {
    mockAccount(2);
    renderApp('/summaries/account/EVAL50-1001');

    const link = await screen.findByRole('link', {
      name: 'Broker floor differs on 2 days: reconcile',
    });
    expect(link).toHaveAttribute('href', '/sync/reconciliation?account=EVAL50-1001');
  });

  it('shows nothing when the floors agree', async () => {
    const calls = mockAccount(0);
    renderApp('/summaries/account/EVAL50-1001');

    await screen.findByRole('heading', { name: 'Account EVAL50-1001' }, { timeout: 20_000 });
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/sync/reconciliation'))).toBe(true),
    );
    await screen.findByText('Account Information');
    expect(screen.queryByRole('link', { name: /Broker floor differs/ })).toBeNull();
  });
});

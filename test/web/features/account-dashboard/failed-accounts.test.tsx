import { screen, within } from '@testing-library/react';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { attentionData, dashboardHandlers } from '../trader-details/trader-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
  mockApi({ ...dashboardHandlers(), 'GET /api/whats-new': () => errorResponse(500, 'no') });
});

describe('Failed accounts on Rule Violations', () => {
  it('lists every failed account with its decisive rule, the day linking to its conformance detail', async () => {
    renderApp('/performance/dashboard?tab=violations');

    expect(
      await screen.findByRole('heading', { name: 'Failed Accounts (2)' }, { timeout: 20_000 }),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Failed accounts' });
    const [, latest, earlier] = within(table).getAllByRole('row');
    expect(latest).toHaveTextContent('03/02/2026EVAL50-1003Failed OneTR000001');
    expect(latest).toHaveTextContent('EOD Trailing Drawdown');
    // The daily-loss failure: no longer a violation in force, still listed with its rule.
    expect(earlier).toHaveTextContent('02/27/2026EVAL50-1006Daily Loser');
    expect(earlier).toHaveTextContent('Daily Loss Limit');
    expect(earlier).toHaveTextContent('$1,250.00$1,000.00');
    expect(
      within(earlier as HTMLElement).getByRole('link', { name: '02/27/2026' }),
    ).toHaveAttribute('href', '/sync/conformance/detail?accountId=EVAL50-1006&date=20260227');
    expect(
      within(earlier as HTMLElement).getByRole('link', { name: 'EVAL50-1006' }),
    ).toHaveAttribute('href', '/summaries/account/EVAL50-1006');
    // The violations in force stay below, under their own heading.
    expect(screen.getByRole('heading', { name: 'Violations (2)' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Rule violations' })).toBeVisible();
  });

  it('says when a failed account’s rule was not recorded', async () => {
    mockApi({
      ...dashboardHandlers({
        'GET /api/account-summaries/admin/failures?limit=200': () =>
          jsonResponse({
            data: [{ ...attentionData.failures[0]!, decisiveBreach: null }],
            meta: { limit: 50 },
          }),
      }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    renderApp('/performance/dashboard?tab=violations');

    const table = await screen.findByRole(
      'table',
      { name: 'Failed accounts' },
      { timeout: 20_000 },
    );
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Not recorded (re-judge)');
  });
});

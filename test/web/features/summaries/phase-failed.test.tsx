import { screen } from '@testing-library/react';
import type { Violation } from '@shared/rules/conformance';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { accountDetail } from '../accounts/account-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

const breach: Violation = {
  ruleId: 'daily-loss-limit',
  name: 'Daily Loss Limit',
  ruleType: 'daily-loss-limit',
  category: 'daily-loss',
  severity: 'violation',
  date: '20260303',
  value: 1_250,
  threshold: 1_000,
  description: 'Daily loss over the limit',
  soft: false,
};

function mockFailed(decisiveBreach: Violation | null | undefined) {
  const detail = accountDetail();
  const summary = {
    ...detail.summary!,
    accountStatus: 'failed' as const,
    phaseFailed: true,
    phaseFailedDate: '20260303',
    decisiveBreach,
  };
  mockApi({
    'GET /api/summaries/account/EVAL50-1001': () =>
      jsonResponse({ data: accountDetail({ summary }) }),
    'GET /api/audit-trail?accountNumber=EVAL50-1001&page=1&pageSize=25': () =>
      jsonResponse({ data: [], meta: { total: 0, page: 1, totalPages: 0 } }),
    'GET /api/whats-new': () => errorResponse(500, 'no'),
  });
}

const conformanceOfDay = '/sync/conformance/detail?accountId=EVAL50-1001&date=20260303';

describe('Phase Failed', () => {
  it('names the decisive rule and links to the failing day’s conformance detail', async () => {
    mockFailed(breach);
    renderApp('/summaries/account/EVAL50-1001');

    const link = await screen.findByRole(
      'link',
      { name: '03/03/2026 · Daily Loss Limit' },
      { timeout: 20_000 },
    );
    expect(link).toHaveAttribute('href', conformanceOfDay);
  });

  it('links the day alone on a summary stored before the rule was kept', async () => {
    mockFailed(undefined);
    renderApp('/summaries/account/EVAL50-1001/detail');

    const link = await screen.findByRole('link', { name: '03/03/2026' }, { timeout: 20_000 });
    expect(link).toHaveAttribute('href', conformanceOfDay);
  });
});

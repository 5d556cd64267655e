import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  accountProgress,
  balancePoints,
  chartTargets,
} from '../../../../web/src/features/summaries/account-figures';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { accountDetail } from '../accounts/account-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

const detailPath = 'GET /api/summaries/account/EVAL50-1001';
const auditPath = 'GET /api/audit-trail?accountNumber=EVAL50-1001&page=1&pageSize=25';

function mockDetail(extra: Record<string, (call: { body: unknown }) => Response> = {}) {
  return mockApi({
    [detailPath]: () => jsonResponse({ data: accountDetail() }),
    [auditPath]: () => jsonResponse({ data: [], meta: { total: 0, page: 1, totalPages: 0 } }),
    'GET /api/whats-new': () => errorResponse(500, 'no'),
    ...extra,
  });
}

async function openDetails() {
  const app = renderApp('/summaries/account/EVAL50-1001');
  await screen.findByRole('heading', { name: 'Account EVAL50-1001' }, { timeout: 20_000 });
  return { ...app, user: userEvent.setup() };
}

describe('Account details', () => {
  it('shows the sections, the daily table newest first, and links each day to its reports', async () => {
    mockDetail();
    await openDetails();

    for (const section of [
      'Account Information',
      'Latest Performance Progress',
      'Daily Conformance Report',
      'Balances & Performance',
      'Trading Statistics',
      'Daily Performance',
      'Compliance & Payout',
      'Balance Chart',
      'Audit Trail',
      'Technical Details',
    ]) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    const daily = screen.getByRole('table', { name: 'Daily performance' });
    const [, newest, older] = within(daily).getAllByRole('row');
    expect(newest).toHaveTextContent('03/03/2026$51,000.00-$480.00-$500.00--3');
    expect(within(newest as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/performance/daily/EVAL50-1001/20260303',
    );
    expect(older).toHaveTextContent('03/02/2026');
    expect(
      within(screen.getByRole('table', { name: 'Daily conformance report' })).getByRole('link', {
        name: 'Conformance of 03/02/2026',
      }),
    ).toHaveAttribute('href', '/sync/conformance/detail?accountId=EVAL50-1001&date=20260302');
    expect(screen.getByRole('progressbar', { name: 'Profit target progress' })).toHaveAttribute(
      'data-palette',
      'gray',
    );
    expect(screen.getByRole('list', { name: 'Comments' })).toHaveTextContent(
      'Olivia | Called the trader.',
    );
  });

  it('refuses a blank comment with the spec alert and sends a trimmed one with its fields mapped', async () => {
    const calls = mockDetail({
      'POST /api/accounts/EVAL50-1001/comments': () =>
        jsonResponse({
          success: true,
          message: 'Comment added successfully',
          comment: {
            commentId: 'c-2',
            accountId: 'EVAL50-1001',
            author: 'Sam',
            text: 'Looks fine',
            createdAt: '2026-03-03T09:00:00.000Z',
          },
        }),
    });
    const { user } = await openDetails();
    await user.click(screen.getByRole('button', { name: 'Add Comment' }));
    await user.type(screen.getByLabelText(/Your Name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Comment' }));
    expect(await screen.findByText('Please enter both your name and a comment.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/Your Name/), ' Sam ');
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), ' Looks fine ');
    await user.click(screen.getByRole('button', { name: 'Save Comment' }));

    expect(await screen.findByText('✓ Comment added successfully')).toBeVisible();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ comment: 'Looks fine', adminUser: 'Sam' });
  });

  it('refreshes, shows the message for 5 s and re-fetches the page 1 s later', async () => {
    const calls = mockDetail({
      'POST /api/accounts/EVAL50-1001/refresh': () =>
        jsonResponse({
          success: true,
          message: 'Account EVAL50-1001 refreshed: 2 trading days re-judged',
        }),
    });
    const { user } = await openDetails();
    jest.useFakeTimers({ advanceTimers: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(
        await screen.findByText('✓ Account EVAL50-1001 refreshed: 2 trading days re-judged'),
      ).toBeVisible();
      const before = calls.filter(
        (call) => call.url === '/api/summaries/account/EVAL50-1001',
      ).length;
      await act(async () => {
        jest.advanceTimersByTime(1_000);
      });
      await waitFor(() =>
        expect(
          calls.filter((call) => call.url === '/api/summaries/account/EVAL50-1001').length,
        ).toBe(before + 1),
      );
      await act(async () => {
        jest.advanceTimersByTime(4_000);
      });
      await waitFor(() =>
        expect(screen.queryByText(/refreshed: 2 trading days/)).not.toBeInTheDocument(),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a failed refresh with a cross', async () => {
    mockDetail({
      'POST /api/accounts/EVAL50-1001/refresh': () =>
        jsonResponse({ error: { code: 'CONFLICT', message: 'A sync is already running' } }, 409),
    });
    const { user } = await openDetails();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('✗ A sync is already running')).toBeVisible();
  });

  it('says there is no summary instead of opening Current Summary for an unjudged account', async () => {
    mockApi({
      [detailPath]: () =>
        jsonResponse({ data: accountDetail({ summary: null, performances: [] }) }),
      [auditPath]: () => jsonResponse({ data: [], meta: { total: 0, page: 1, totalPages: 0 } }),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    const { user, router } = await openDetails();
    // The Compliance & Payout section says it already; the button adds the status message.
    expect(screen.getAllByText('No summary data available for this account.')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Current Summary' }));
    await waitFor(() =>
      expect(screen.getAllByText('No summary data available for this account.')).toHaveLength(2),
    );
    expect(router.state.location.pathname).toBe('/summaries/account/EVAL50-1001');
  });

  it('says Error loading data. Please try again. when the account cannot be read', async () => {
    mockApi({
      [detailPath]: () =>
        jsonResponse(
          { error: { code: 'NOT_FOUND', message: 'Account EVAL50-1001 not found' } },
          404,
        ),
      'GET /api/whats-new': () => errorResponse(500, 'no'),
    });
    renderApp('/summaries/account/EVAL50-1001');
    expect(
      await screen.findByText('Error loading data. Please try again.', {}, { timeout: 20_000 }),
    ).toBeVisible();
  });

  it('opens Current Summary with win rate at 1 decimal and profit factor at 2', async () => {
    mockDetail();
    renderApp('/summaries/account/EVAL50-1001/detail');
    const stats = await screen.findByRole(
      'region',
      { name: 'Trading Statistics' },
      { timeout: 20_000 },
    );
    expect(stats).toHaveTextContent('62.5%');
    expect(stats).toHaveTextContent('2.00');
    expect(screen.getByRole('link', { name: 'Back to Account' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-1001',
    );
  });
});

describe('account figures', () => {
  it('draws the drawdown line at the peak so far minus the max drawdown and the target above the start', () => {
    const detail = accountDetail();
    const targets = { ...chartTargets(detail), maxDrawdown: 2_500 };
    const points = balancePoints(detail.performances, 50_000, targets);

    expect(points.map((point) => point.date)).toEqual(['20260302', '20260303']);
    expect(points.map((point) => point.drawdownLine)).toEqual([49_000, 49_000]);
    expect(points.map((point) => point.profitTarget)).toEqual([53_000, 53_000]);
  });

  it('measures drawdown from the peak and gives 100% of days without a minimum-days rule', () => {
    const detail = accountDetail();
    const progress = accountProgress(detail, {
      profitTarget: 3_000,
      maxDrawdown: 2_500,
      minDays: null,
    });
    expect(progress.drawdownAmount).toBe(500);
    expect(progress.drawdown).toBe(20);
    expect(progress.days).toBe(100);
  });
});

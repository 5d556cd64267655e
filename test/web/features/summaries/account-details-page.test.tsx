import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountProgress, balancePoints, chartTargets } from '@/features/summaries/account-figures';
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
const balancesPath = 'GET /api/summaries/account/EVAL50-1001/balances';
const daysPath = (cursor: string) => `GET /api/summaries/account/EVAL50-1001/days?cursor=${cursor}`;

/** The fixture's days as the balance chart's series reads them: one point a day, oldest first. */
function balanceSeries(detail = accountDetail()) {
  const floors = new Map(detail.drawdowns.map((day) => [day.date, day.floor]));
  return [...detail.performances]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => ({
      date: day.date,
      accountBalance: day.AcctBal,
      cashBalance: day.CashBal ?? null,
      floor: floors.get(day.date) ?? null,
    }));
}
const auditPath = 'GET /api/audit-trail?accountNumber=EVAL50-1001&page=1&pageSize=25';

function mockDetail(extra: Record<string, (call: { body: unknown }) => Response> = {}) {
  return mockApi({
    [detailPath]: () => jsonResponse({ data: accountDetail() }),
    [balancesPath]: () => jsonResponse({ data: balanceSeries() }),
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

  it('loads older days a page at a time with Load more, only when asked, and shows them under the newest', async () => {
    const older = (date: string) => ({
      ...accountDetail().performances[1]!,
      date,
      AcctBal: 49_000,
    });
    const calls = mockDetail({
      [detailPath]: () => jsonResponse({ data: accountDetail({ performancesCursor: 'page-2' }) }),
      [daysPath('page-2')]: () =>
        jsonResponse({
          data: [older('20260227'), older('20260226')],
          meta: { limit: 100, nextCursor: 'page-3' },
        }),
      [daysPath('page-3')]: () => jsonResponse({ data: [older('20260225')], meta: { limit: 100 } }),
    });
    const { user } = await openDetails();

    const daily = () => screen.getByRole('table', { name: 'Daily performance' });
    expect(within(daily()).getAllByRole('row')).toHaveLength(3);
    expect(calls.some((call) => call.url.includes('/days'))).toBe(false);
    const performance = screen.getByRole('region', { name: 'Daily Performance' });

    await user.click(within(performance).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(daily()).getAllByRole('row')).toHaveLength(5));
    const rows = within(daily()).getAllByRole('row');
    expect(rows[3]).toHaveTextContent('02/27/2026$49,000.00');
    expect(rows[4]).toHaveTextContent('02/26/2026');
    // The conformance report lists the same days.
    expect(
      within(screen.getByRole('table', { name: 'Daily conformance report' })).getAllByRole('row'),
    ).toHaveLength(5);

    await user.click(within(performance).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(daily()).getAllByRole('row')).toHaveLength(6));
    // The last page: no more to load.
    expect(within(performance).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((call) => call.url.includes('/days')).map((call) => call.url)).toEqual([
      '/api/summaries/account/EVAL50-1001/days?cursor=page-2',
      '/api/summaries/account/EVAL50-1001/days?cursor=page-3',
    ]);
  });

  it('shows no Load more when the first answer holds every day, and charts the whole series', async () => {
    const calls = mockDetail();
    await openDetails();

    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() =>
      expect(calls.some((call) => call.url.endsWith('/EVAL50-1001/balances'))).toBe(true),
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
  it("draws the drawdown limit at the engine's floor of each day, locked or trailing (decision 34)", () => {
    const detail = accountDetail({
      drawdowns: accountDetail().drawdowns.map((day, index) =>
        index === 1 ? { ...day, floor: 50_100, floorInForce: 50_100, locked: true } : day,
      ),
    });
    const targets = { ...chartTargets(detail), maxDrawdown: 2_500 };
    const points = balancePoints(balanceSeries(detail), 50_000, targets);

    expect(points.map((point) => point.date)).toEqual(['20260302', '20260303']);
    // Peak − max drawdown would draw 49,000 on 03/03; the engine's floor is locked at 50,100.
    expect(points.map((point) => point.drawdownLine)).toEqual([49_000, 50_100]);
    expect(points.map((point) => point.profitTarget)).toEqual([53_000, 53_000]);
  });

  it("takes the drawdown used from the engine (the dashboard's figure) and gives 100% of days without a minimum", () => {
    const detail = accountDetail();
    const summary = detail.summary!;
    const locked = {
      ...detail.drawdowns[1]!,
      floor: 50_100,
      used: 1_600,
      decided: 1_600,
      usage: 0.64,
    };
    const progress = accountProgress(
      { ...detail, summary: { ...summary, drawdown: locked } },
      { profitTarget: 3_000, maxDrawdown: 2_500, minDays: null },
    );
    // Peak 51,500 − close 51,000 against 2,500 would say 500 and 20%.
    expect(progress.drawdownAmount).toBe(1_600);
    expect(progress.drawdown).toBe(64);
    expect(progress.days).toBe(100);
  });

  it("counts days traded as Trading Days and a payout rule's days as Payout Days (decision 35)", async () => {
    const detail = accountDetail();
    const funded = {
      ...detail,
      summary: {
        ...detail.summary!,
        tradingDaysCompleted: 10,
        minTradingDaysRequired: null,
        payoutDaysCompleted: 2,
        payoutDaysRequired: 5,
      },
    };
    mockDetail({ [detailPath]: () => jsonResponse({ data: funded }) });
    await openDetails();

    const progress = screen.getByRole('region', { name: 'Latest Performance Progress' });
    expect(progress).toHaveTextContent('Trading Days — 10 (no minimum)');
    expect(progress).toHaveTextContent('Payout Days — 2 of 5');
    const stats = screen.getByRole('region', { name: 'Trading Statistics' });
    expect(stats).toHaveTextContent('Trading Days10');
    expect(stats).toHaveTextContent('Payout Days2');
  });

  it("shows when the account was created and updated, and the chart's floor line", async () => {
    const detail = accountDetail();
    const { createdAt: _created, updatedAt: _updated, ...fromSync } = detail;
    mockDetail({
      [detailPath]: () => jsonResponse({ data: { ...fromSync, createdDate: '20260302' } }),
    });
    await openDetails();

    const technical = screen.getByRole('region', { name: 'Technical Details' });
    expect(technical).toHaveTextContent('Created03/02/2026');
    expect(technical).not.toHaveTextContent('Updated-');
  });
});

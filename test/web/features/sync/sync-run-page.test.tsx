import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SYNC_POLL_INTERVAL_MS } from '@/api/sync';
import { formatRunProgress } from '@/features/sync/format';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import {
  answersInTurn,
  failedRun,
  rejectedRowsFixture,
  runListResponse,
  runningRun,
  succeededRun,
  summaryFixture,
} from './sync-fixtures';
import { fakePollTimerOnly } from './poll-timer';

/*
 * Sync runs you can open: live progress by dates and files while a run runs (on the
 * Daily Sync page and the run page), a run page with what was asked, per-date and per-file counts,
 * the accounts judged, newly failed and passed, held breaches, duration, and every rejected row
 * paged; a run that dies shows failed without a reload.
 */

const RUN_ABANDONED = 'The run stopped before it finished (its lock expired)';

beforeEach(() => signInAs());
afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

async function nextPoll() {
  await act(async () => {
    jest.advanceTimersByTime(SYNC_POLL_INTERVAL_MS);
  });
}

const progress = (datesDone: number, filesDone: number) => ({
  datesDone,
  datesTotal: 3,
  filesDone,
  filesTotal: 27,
  date: ['20260302', '20260303', '20260304'][Math.min(datesDone, 2)],
});

describe('run progress', () => {
  it('reads as the date being synced and the files read', () => {
    expect(formatRunProgress(progress(1, 13))).toBe('Date 2 of 3 · 13 of 27 files');
    expect(formatRunProgress(progress(3, 27))).toBe('Date 3 of 3 · 27 of 27 files');
    expect(
      formatRunProgress({ datesDone: 0, datesTotal: 30, filesDone: 1_200, filesTotal: 2_700 }),
    ).toBe('Date 1 of 30 · 1,200 of 2,700 files');
  });

  it('moves on while followed on the Daily Sync page, in the list too, and links to the run', async () => {
    fakePollTimerOnly();
    const first = runningRun({ progress: progress(0, 4) });
    mockApi({
      'GET /api/sync/runs': () => runListResponse([first]),
      'GET /api/sync/runs/run-1': answersInTurn(first, runningRun({ progress: progress(1, 12) })),
    });
    renderApp('/sync/daily');

    const table = await screen.findByRole('table', { name: 'Recent sync runs' });
    expect(within(table).getByText('Date 1 of 3 · 4 of 27 files')).toBeVisible();
    const status = await screen.findByTestId('sync-run-progress');
    expect(status).toHaveTextContent('Date 1 of 3 · 4 of 27 files');
    await nextPoll();
    expect(await screen.findByText('Date 2 of 3 · 12 of 27 files')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the run' })).toHaveAttribute(
      'href',
      '/sync/runs/run-1',
    );
  });

  it('a run that died (its lease expired) shows failed and Start enabled without a reload', async () => {
    fakePollTimerOnly();
    const running = runningRun({ progress: progress(1, 12) });
    let listCalls = 0;
    mockApi({
      // The list still says running on its first read; the API records the dead run on a later one.
      'GET /api/sync/runs': () => {
        listCalls += 1;
        return runListResponse([listCalls === 1 ? running : failedRun(RUN_ABANDONED)]);
      },
      'GET /api/sync/runs/run-1': answersInTurn(running, running, failedRun(RUN_ABANDONED)),
    });
    renderApp('/sync/daily');

    const start = await screen.findByRole('button', { name: 'Start Sync' });
    await screen.findByTestId('sync-run-progress');
    expect(start).toBeDisabled();
    await nextPoll();
    await nextPoll();

    expect(await screen.findByText(RUN_ABANDONED)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start Sync' })).toBeEnabled();
    const table = screen.getByRole('table', { name: 'Recent sync runs' });
    expect(await within(table).findByText('Failed')).toBeVisible();
  });
});

describe('the run page', () => {
  const files = [
    {
      file: 'broker/20260302/accounts.csv',
      date: '20260302',
      kind: 'accounts',
      accepted: 40,
      rejected: 0,
    },
    {
      file: 'broker/20260302/daily-fills.csv',
      date: '20260302',
      kind: 'daily-fills',
      accepted: 600,
      rejected: 140,
    },
    {
      file: 'broker/20260303/daily-fills.csv',
      date: '20260303',
      kind: 'daily-fills',
      accepted: 40,
      rejected: 3,
    },
  ] as const;

  it('shows what was asked, the figures, per-date and per-file counts, and every rejected row page by page', async () => {
    const summary = summaryFixture({
      rejectedRecords: { ...summaryFixture().rejectedRecords, 'daily-fills': 143 },
      rejectedRows: rejectedRowsFixture(100),
      files: files.map((file) => ({ ...file })),
      accountsJudged: 38,
      newlyFailed: 2,
      newlyPassed: 1,
    });
    const pages = {
      first: { data: rejectedRowsFixture(100), nextCursor: 'page-2' },
      second: {
        data: rejectedRowsFixture(43).map((row) => ({ ...row, line: row.line + 100 })),
      },
    };
    const calls = mockApi({
      'GET /api/sync/runs/run-1': () =>
        jsonResponse(succeededRun(summary, { count: 2, dates: ['20260302', '20260303'] })),
      'GET /api/sync/runs/run-1/rejected-rows': () => jsonResponse(pages.first),
      'GET /api/sync/runs/run-1/rejected-rows?cursor=page-2': () => jsonResponse(pages.second),
    });
    renderApp('/sync/runs/run-1');

    expect(await screen.findByRole('heading', { name: 'Sync run', level: 1 })).toBeVisible();
    const figures = await screen.findByLabelText('Run figures');
    const entries = Object.fromEntries(
      within(figures)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(entries).toMatchObject({
      Trigger: 'Manual',
      Requested: 'Latest 2 trading days',
      Dates: '03/02/2026 – 03/03/2026 (2 days)',
      Duration: '12.5 s',
      'Rows ingested': '2,390',
      'Rows rejected': '143',
      'Accounts judged': '38',
      'Newly failed': '2',
      'Newly passed': '1',
      'Held breaches': '0',
    });
    // A <dl> holds only its groups' <div>s, each a term and its value (axe definition-list).
    for (const group of Array.from(figures.children)) {
      expect([group.tagName, ...Array.from(group.children).map((child) => child.tagName)]).toEqual([
        'DIV',
        'DT',
        'DD',
      ]);
    }
    // The files table scrolls within a fixed height, so its scroll area takes keyboard focus.
    expect(screen.getByRole('table', { name: 'Rows per file' }).parentElement).toHaveAttribute(
      'tabindex',
      '0',
    );

    const dates = screen.getByRole('table', { name: 'Rows per date' });
    const dateRows = within(dates)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(dateRows).toEqual([
      ['03/02/2026', '2', '640', '140'],
      ['03/03/2026', '1', '40', '3'],
    ]);
    const perFile = screen.getByRole('table', { name: 'Rows per file' });
    expect(within(perFile).getAllByRole('row')).toHaveLength(files.length + 1);
    expect(within(perFile).getByText('broker/20260302/daily-fills.csv')).toBeVisible();

    const rejected = await screen.findByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText('Rows 1–100 of 143')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Rows 101–143 of 143')).toBeVisible();
    const second = screen.getByRole('table', { name: 'Rejected rows' });
    expect(within(second).getAllByRole('row')).toHaveLength(44);
    expect(within(second).getByText('144')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(
      calls.filter((call) => call.url.includes('rejected-rows')).map((call) => call.url),
    ).toEqual([
      '/api/sync/runs/run-1/rejected-rows',
      '/api/sync/runs/run-1/rejected-rows?cursor=page-2',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Rows 1–100 of 143')).toBeVisible();
  });

  it('shows live progress while the run runs, then its outcome', async () => {
    fakePollTimerOnly();
    mockApi({
      'GET /api/sync/runs/run-1': answersInTurn(
        runningRun({ progress: progress(0, 3) }),
        runningRun({ progress: progress(2, 20) }),
        failedRun('The sync failed'),
      ),
    });
    renderApp('/sync/runs/run-1');

    const live = await screen.findByRole('status', { name: 'Run progress' });
    expect(live).toHaveTextContent('Date 1 of 3 · 3 of 27 files');
    expect(live).toHaveTextContent('(syncing 03/02/2026)');
    await nextPoll();
    expect(await screen.findByText(/Date 3 of 3 · 20 of 27 files/)).toBeVisible();
    await nextPoll();
    expect(await screen.findByText('The sync failed')).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Run progress' })).toBeNull();
  });

  it('shows an error with Try Again for an unknown run', async () => {
    mockApi({
      'GET /api/sync/runs/nope': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'Sync run nope not found' } }, 404),
    });
    renderApp('/sync/runs/nope');

    expect(await screen.findByText('Could not load the sync run')).toBeVisible();
    expect(screen.getByRole('button', { name: /try again/i })).toBeVisible();
  });
});

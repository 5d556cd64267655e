import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SyncRunView } from '@shared/sync/sync-run';
import { SYNC_POLL_INTERVAL_MS } from '@/api/sync';
import { deferredResponse, errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import {
  answersInTurn,
  conflictResponse,
  failedRun,
  rejectedRowsFixture,
  runListResponse,
  runningRun,
  succeededRun,
  summaryFixture,
} from './sync-fixtures';
import { fakePollTimerOnly } from './poll-timer';

const PROCESSING = 'Processing... this may take a few minutes.';
const RUN_PATH = 'GET /api/sync/runs/run-1';

beforeEach(() => {
  signInAs();
  fakePollTimerOnly();
});
afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

async function openSyncPage() {
  const app = renderApp('/sync/daily');
  const input = await screen.findByLabelText('Days to sync');
  return { ...app, input, user: userEvent.setup() };
}

const startButton = () => screen.getByRole('button', { name: 'Start Sync' });

async function nextPoll() {
  await act(async () => {
    jest.advanceTimersByTime(SYNC_POLL_INTERVAL_MS);
  });
}

function callsTo(calls: { method: string; url: string }[], route: string) {
  return calls.filter((call) => `${call.method} ${call.url}` === route).length;
}

/** Label → value of a description list, as the page shows it. */
function dataListEntries(list: HTMLElement): Record<string, string> {
  const labels = within(list).getAllByRole('term');
  const values = within(list).getAllByRole('definition');
  return Object.fromEntries(
    labels.map((label, index) => [label.textContent, values[index]!.textContent]),
  );
}

describe('daily sync page: the form', () => {
  it('offers one day by default, says the range is 1-30, and is ready to start', async () => {
    mockApi({ 'GET /api/sync/runs': () => runListResponse([]) });

    const { input } = await openSyncPage();

    expect(screen.getByRole('heading', { name: 'Daily Data Sync' })).toBeVisible();
    expect(input).toHaveValue(1);
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '30');
    expect(input).toHaveAccessibleDescription(/1-30/);
    expect(startButton()).toBeEnabled();
    expect(screen.queryByText(PROCESSING)).not.toBeInTheDocument();
  });

  it('starts a sync of the typed number of days', async () => {
    const calls = mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun({ count: 7 }), 202),
      [RUN_PATH]: () => jsonResponse(runningRun({ count: 7 })),
    });
    const { input, user } = await openSyncPage();

    await user.clear(input);
    await user.type(input, '7');
    await user.click(startButton());

    expect(await screen.findByText(PROCESSING)).toBeVisible();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ count: 7 });
    expect(post?.headers.Authorization).toBe('Bearer id-token-1');
  });

  it.each([
    ['a non-numeric value', 'abc', 1],
    ['an empty value', '', 1],
    ['zero', '0', 1],
    ['a negative value', '-4', 1],
    ['more than 30', '45', 30],
    ['a fraction', '2.7', 2],
  ])('sends %s as a whole number of days from 1 to 30', async (_case, typed, expected) => {
    const calls = mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun(), 202),
      [RUN_PATH]: () => jsonResponse(runningRun()),
    });
    const { input, user } = await openSyncPage();

    await user.clear(input);
    if (typed !== '') await user.type(input, typed);
    await user.click(startButton());

    await screen.findByText(PROCESSING);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ count: expected });
    expect(input).toHaveValue(expected);
  });

  it('shows the value that will be sent once the field is left', async () => {
    mockApi({ 'GET /api/sync/runs': () => runListResponse([]) });
    const { input, user } = await openSyncPage();

    await user.clear(input);
    await user.type(input, '99');
    await user.tab();

    expect(input).toHaveValue(30);
  });
});

describe('daily sync page: a run', () => {
  it('disables the button and says processing may take a few minutes while the run goes on', async () => {
    const calls = mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun(), 202),
      [RUN_PATH]: () => jsonResponse(runningRun()),
    });
    const { input, user } = await openSyncPage();

    await user.click(startButton());

    expect(await screen.findByText(PROCESSING)).toBeVisible();
    expect(startButton()).toBeDisabled();
    expect(input).toBeDisabled();
    await nextPoll();
    await waitFor(() => expect(callsTo(calls, RUN_PATH)).toBe(2));
    expect(screen.getByText(PROCESSING)).toBeVisible();
    expect(startButton()).toBeDisabled();
  });

  it('polls the run until it has finished, then shows the summary counts and refreshes the runs', async () => {
    const summary = summaryFixture();
    let listed: SyncRunView[] = [];
    const calls = mockApi({
      'GET /api/sync/runs': () => runListResponse(listed),
      'POST /api/sync/daily-update': () => {
        listed = [runningRun()];
        return jsonResponse(runningRun(), 202);
      },
      [RUN_PATH]: answersInTurn(runningRun(), runningRun(), succeededRun(summary)),
    });
    const { user } = await openSyncPage();
    expect(await screen.findByText('No sync runs yet')).toBeVisible();

    await user.click(startButton());
    await screen.findByText(PROCESSING);
    await waitFor(() => expect(callsTo(calls, RUN_PATH)).toBe(1));
    await nextPoll();
    await waitFor(() => expect(callsTo(calls, RUN_PATH)).toBe(2));
    expect(screen.getByText(PROCESSING)).toBeVisible();
    listed = [succeededRun(summary)];
    await nextPoll();

    expect(await screen.findByText('Update Successful')).toBeVisible();
    expect(screen.queryByText(PROCESSING)).not.toBeInTheDocument();
    expect(screen.getByText('Processed 9 of 9 files in 12.5 s.')).toBeVisible();
    expect(dataListEntries(screen.getByLabelText('Records synced'))).toEqual({
      'Audit trail': '1,200',
      'Relationship reports': '40',
      'Daily performance': '38',
      'Daily fills': '640',
      'Daily trades': '320',
      'Daily symbols': '75',
      'Daily revenue': '12',
      Traders: '25',
      Accounts: '40',
    });
    expect(startButton()).toBeEnabled();
    const runs = await screen.findByRole('table', { name: 'Recent sync runs' });
    expect(await within(runs).findByText('Succeeded')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Rejected rows' })).not.toBeInTheDocument();

    await nextPoll();
    expect(callsTo(calls, RUN_PATH)).toBe(3);
  });

  it("shows 'Update Failed' with the run's error message", async () => {
    mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun(), 202),
      [RUN_PATH]: answersInTurn(runningRun(), failedRun('Broker bucket unreachable')),
    });
    const { user } = await openSyncPage();

    await user.click(startButton());
    await screen.findByText(PROCESSING);
    await nextPoll();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Update Failed')).toBeVisible();
    expect(alert).toHaveTextContent('Broker bucket unreachable');
    expect(startButton()).toBeEnabled();
  });

  it("says 'An unknown error occurred' when a failed run gives no message", async () => {
    mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun(), 202),
      [RUN_PATH]: () => jsonResponse(failedRun()),
    });
    const { user } = await openSyncPage();

    await user.click(startButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Update Failed');
    expect(alert).toHaveTextContent('An unknown error occurred');
  });

  it("shows 'Update Failed' with the API's message when the start itself is refused", async () => {
    mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => errorResponse(500, 'Could not start the sync'),
    });
    const { user } = await openSyncPage();

    await user.click(startButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Update Failed');
    expect(alert).toHaveTextContent('Could not start the sync');
    expect(startButton()).toBeEnabled();
  });

  it('lists the rejected rows with the counts per kind of file, saying the run page lists them all', async () => {
    const rejectedRows = rejectedRowsFixture(3);
    rejectedRows[2] = {
      file: 'broker/20260302/accounts.csv',
      line: 9,
      reason: 'accountId: required',
    };
    const summary = summaryFixture({
      rejectedRecords: { ...summaryFixture().rejectedRecords, 'daily-fills': 142, accounts: 1 },
      rejectedRows,
    });
    mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun(), 202),
      [RUN_PATH]: () => jsonResponse(succeededRun(summary)),
    });
    const { user } = await openSyncPage();

    await user.click(startButton());

    expect(await screen.findByRole('heading', { name: 'Rejected rows' })).toBeVisible();
    expect(screen.getByText(/143 rows were refused/)).toHaveTextContent(
      "The first 100 are listed here; the run's page lists every one.",
    );
    expect(dataListEntries(screen.getByLabelText('Rejected rows per file kind'))).toEqual({
      Accounts: '1',
      'Daily fills': '142',
    });
    const table = screen.getByRole('table', { name: 'Rejected rows' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['File', 'Line', 'Reason']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['broker/20260302/daily-fills.csv', '2', 'FillPrice: expected a number'],
      ['broker/20260302/daily-fills.csv', '3', 'FillPrice: expected a number'],
      ['broker/20260302/accounts.csv', '9', 'accountId: required'],
    ]);
    expect(screen.getByText('Update Successful')).toBeVisible();
  });

  it('lets the user retry when the run cannot be checked, and then follows it again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun(), 202),
      [RUN_PATH]: () => {
        attempts += 1;
        return attempts === 1
          ? errorResponse(500, 'Table unavailable')
          : jsonResponse(runningRun());
      },
    });
    const { user } = await openSyncPage();

    await user.click(startButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not check the sync run');
    expect(startButton()).toBeEnabled();
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(PROCESSING)).toBeVisible();
    expect(startButton()).toBeDisabled();
  });
});

describe('daily sync page: a run already going', () => {
  it('shows a run that is running when the page opens, and follows it to its end', async () => {
    const calls = mockApi({
      'GET /api/sync/runs': () => runListResponse([runningRun({ trigger: 'schedule' })]),
      [RUN_PATH]: answersInTurn(runningRun(), succeededRun()),
    });

    await openSyncPage();

    expect(await screen.findByText(PROCESSING)).toBeVisible();
    expect(startButton()).toBeDisabled();
    await waitFor(() => expect(callsTo(calls, RUN_PATH)).toBe(1));
    await nextPoll();
    expect(await screen.findByText('Update Successful')).toBeVisible();
    expect(startButton()).toBeEnabled();
  });

  it("answers a refused start with 'A sync is already running', then follows the running run", async () => {
    let listed: SyncRunView[] = [];
    mockApi({
      'GET /api/sync/runs': () => runListResponse(listed),
      'POST /api/sync/daily-update': () => {
        listed = [runningRun({ trigger: 'schedule' })];
        return conflictResponse();
      },
      [RUN_PATH]: answersInTurn(runningRun(), succeededRun()),
    });
    const { user } = await openSyncPage();
    await screen.findByText('No sync runs yet');

    await user.click(startButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Update Failed');
    expect(alert).toHaveTextContent('A sync is already running');
    expect(await screen.findByText(PROCESSING)).toBeVisible();
    expect(startButton()).toBeDisabled();
    await nextPoll();
    expect(await screen.findByText('Update Successful')).toBeVisible();
    expect(screen.queryByText('A sync is already running')).not.toBeInTheDocument();
  });

  it('keeps the refusal on screen when the runs list shows no run going any more', async () => {
    mockApi({
      'GET /api/sync/runs': () => runListResponse([succeededRun()]),
      'POST /api/sync/daily-update': () => conflictResponse(),
    });
    const { user } = await openSyncPage();
    await screen.findByRole('table', { name: 'Recent sync runs' });

    await user.click(startButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A sync is already running');
    expect(screen.queryByText(PROCESSING)).not.toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });
});

describe('daily sync page: recent runs', () => {
  it('shows a spinner while the runs load', async () => {
    const pending = deferredResponse();
    mockApi({ 'GET /api/sync/runs': () => pending.promise });

    await openSyncPage();

    expect(screen.getByText('Loading sync runs...')).toBeVisible();
    pending.resolve(runListResponse([]));
    expect(await screen.findByText('No sync runs yet')).toBeVisible();
  });

  it('lists when each run started, its trigger, status, dates, rows ingested and duration', async () => {
    const summary = summaryFixture();
    mockApi({
      'GET /api/sync/runs': () =>
        runListResponse([
          runningRun({ runId: 'run-3', startedAt: '2026-03-05T09:00:00.000Z' }),
          failedRun('Broker bucket unreachable'),
          succeededRun(summary, {
            runId: 'run-0',
            trigger: 'seed',
            count: 3,
            dates: ['20260227', '20260302', '20260226'],
            startedAt: '2026-03-01T08:00:00.000Z',
            finishedAt: '2026-03-01T08:01:15.000Z',
          }),
        ]),
      'GET /api/sync/runs/run-3': () => jsonResponse(runningRun({ runId: 'run-3' })),
    });

    await openSyncPage();

    const table = await screen.findByRole('table', { name: 'Recent sync runs' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Started',
      'Trigger',
      'Status',
      'Dates',
      'Rows ingested',
      'Rows rejected',
      'Duration',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['03/05/2026, 3:00 AM CST', 'Manual', 'Running', '03/02/2026', '-', '-', '-'],
      ['03/03/2026, 5:30 PM CST', 'Manual', 'Failed', '03/02/2026', '-', '-', '2.0 s'],
      [
        '03/01/2026, 2:00 AM CST',
        'Demo seed',
        'Succeeded',
        '02/26/2026 – 03/02/2026 (3 days)',
        '2,390',
        '0',
        '1 min 15 s',
      ],
    ]);
    // Each run opens on its own page.
    expect(
      within(table).getByRole('link', {
        name: 'Open the run started 03/01/2026, 2:00 AM CST',
      }),
    ).toHaveAttribute('href', expect.stringMatching(/^\/sync\/runs\/.+/));
    expect(within(table).getByText('Running')).toHaveAttribute('data-color-palette', 'blue');
    expect(within(table).getByText('Failed')).toHaveAttribute('data-color-palette', 'red');
    expect(within(table).getByText('Succeeded')).toHaveAttribute('data-color-palette', 'green');
  });

  it('shows the error with a Try Again button that loads the runs again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/sync/runs': () => {
        attempts += 1;
        return attempts === 1 ? errorResponse(500, 'Table unavailable') : runListResponse([]);
      },
    });
    const { user } = await openSyncPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load sync runs');
    expect(alert).toHaveTextContent('Table unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('No sync runs yet')).toBeVisible();
    expect(attempts).toBe(2);
    expect(startButton()).toBeEnabled();
  });
});

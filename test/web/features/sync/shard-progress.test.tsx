import { act, screen, within } from '@testing-library/react';
import { SYNC_POLL_INTERVAL_MS } from '../../../../web/src/features/sync/api/sync';
import { formatShardProgress } from '../../../../web/src/features/sync/format';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { answersInTurn, runListResponse, runningRun, succeededRun } from './sync-fixtures';
import { fakePollTimerOnly } from './poll-timer';

/* Sync at scale (issue 15): a running run shows its shard progress next to its state. */

const PROCESSING = 'Processing... this may take a few minutes.';

beforeEach(() => {
  signInAs();
  fakePollTimerOnly();
});
afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

async function nextPoll() {
  await act(async () => {
    jest.advanceTimersByTime(SYNC_POLL_INTERVAL_MS);
  });
}

describe('shard progress', () => {
  it('counts the shard being worked on from the shards done', () => {
    expect(formatShardProgress({ done: 36, total: 120 })).toBe('Shard 37 of 120');
    expect(formatShardProgress({ done: 0, total: 1 })).toBe('Shard 1 of 1');
    expect(formatShardProgress({ done: 120, total: 120 })).toBe('Shard 120 of 120');
    expect(formatShardProgress({ done: 1_499, total: 2_000 })).toBe('Shard 1,500 of 2,000');
  });

  it('shows the running run’s shard next to its state, in the list and while followed, as it moves on', async () => {
    const running = runningRun({ shards: { done: 36, total: 120 } });
    mockApi({
      'GET /api/sync/runs': () => runListResponse([running]),
      'GET /api/sync/runs/run-1': answersInTurn(
        running,
        runningRun({ shards: { done: 37, total: 120 } }),
      ),
    });
    renderApp('/sync/daily');

    const table = await screen.findByRole('table', { name: 'Recent sync runs' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Running')).toBeVisible();
    expect(within(row).getByText('Shard 37 of 120')).toBeVisible();

    const status = (await screen.findByText(PROCESSING)).closest('[role="status"]') as HTMLElement;
    expect(await within(status).findByText('Shard 37 of 120')).toBeVisible();
    await nextPoll();
    expect(await within(status).findByText('Shard 38 of 120')).toBeVisible();
  });

  it('shows no shard once a run has finished, nor for a run recorded before sharding', async () => {
    mockApi({
      'GET /api/sync/runs': () =>
        runListResponse([
          succeededRun(undefined, { runId: 'run-2', shards: { done: 4, total: 4 } }),
          succeededRun(),
        ]),
      'GET /api/sync/runs/run-1': () => jsonResponse(succeededRun()),
    });
    renderApp('/sync/daily');

    const table = await screen.findByRole('table', { name: 'Recent sync runs' });
    expect(within(table).getAllByText('Succeeded')).toHaveLength(2);
    expect(within(table).queryByText(/^Shard /)).toBeNull();
  });
});

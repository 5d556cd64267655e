import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { runListResponse, runningRun } from './sync-fixtures';
import { daysToSyncCorrection } from '@/features/sync/days-to-sync';

/** Decision 38: an out-of-range or non-numeric day count is corrected visibly, with the reason. */

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

describe('days to sync: the correction says what was changed and why', () => {
  it.each([
    ['31', 30, '31 is more than 30: 30 days will be synced.'],
    ['0', 1, '0 is less than 1: 1 day will be synced.'],
    ['-4', 1, '-4 is less than 1: 1 day will be synced.'],
    ['2.7', 2, '2.7 is not a whole number of days: 2 days will be synced.'],
    ['abc', 1, '"abc" is not a number of days: 1 day (the default) will be synced.'],
    ['', 1, 'No number of days was given: 1 day (the default) will be synced.'],
  ])('%s becomes %d', (typed, days, note) => {
    expect(daysToSyncCorrection(typed)).toEqual({ days, note });
  });

  it('needs no note for a value in range', () => {
    expect(daysToSyncCorrection(' 7 ')).toEqual({ days: 7 });
  });

  it('shows the note on the page once the field is left, and keeps it through the start', async () => {
    const calls = mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun({ count: 30 }), 202),
      'GET /api/sync/runs/run-1': () => jsonResponse(runningRun({ count: 30 })),
    });
    renderApp('/sync/daily');
    const input = await screen.findByLabelText('Days to sync');
    const user = userEvent.setup();

    await user.clear(input);
    await user.type(input, '31');
    await user.tab();

    expect(input).toHaveValue(30);
    expect(screen.getByText('31 is more than 30: 30 days will be synced.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('on Enter with an out-of-range value, corrects it and waits for a second Start', async () => {
    const calls = mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun(), 202),
      'GET /api/sync/runs/run-1': () => jsonResponse(runningRun()),
    });
    renderApp('/sync/daily');
    const input = await screen.findByLabelText('Days to sync');
    const user = userEvent.setup();

    await user.clear(input);
    await user.type(input, '0{Enter}');

    expect(input).toHaveValue(1);
    expect(screen.getByText('0 is less than 1: 1 day will be synced.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Start Sync' }));
    await screen.findByText('Processing... this may take a few minutes.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ count: 1 });
  });
});

import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { runListResponse, runningRun } from './sync-fixtures';

const PROCESSING = 'Processing... this may take a few minutes.';

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

async function openSyncPage() {
  renderApp('/sync/daily');
  const from = await screen.findByLabelText('From');
  const to = screen.getByLabelText('To');
  return { from, to, user: userEvent.setup() };
}

const syncDates = () => screen.getByRole('button', { name: 'Sync Dates' });
// A date input takes its value as one change, as a browser's date picker sets it.
const pick = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

function api() {
  return mockApi({
    'GET /api/sync/runs': () => runListResponse([]),
    'POST /api/sync/daily-update': () => jsonResponse(runningRun(), 202),
    'GET /api/sync/runs/run-1': () => jsonResponse(runningRun()),
  });
}

describe('daily sync page: syncing given dates', () => {
  it('starts a sync of a range of dates, sent as the API takes it', async () => {
    const calls = api();
    const { from, to, user } = await openSyncPage();

    pick(from, '2026-03-02');
    pick(to, '2026-03-06');
    await user.click(syncDates());

    expect(await screen.findByText(PROCESSING)).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      from: '20260302',
      to: '20260306',
    });
  });

  it('syncs one day when To is left empty', async () => {
    const calls = api();
    const { from, user } = await openSyncPage();

    pick(from, '2026-03-04');
    await user.click(syncDates());

    await screen.findByText(PROCESSING);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      from: '20260304',
      to: '20260304',
    });
  });

  it.each([
    ['no first date', '', '', 'Choose the first date to sync'],
    ['a range in the wrong order', '2026-03-06', '2026-03-02', 'from must not be after to'],
    ['more than 31 days', '2026-01-01', '2026-03-01', /span at most 31 days/],
  ])('refuses %s and sends nothing', async (_case, first, last, message) => {
    const calls = api();
    const { from, to, user } = await openSyncPage();

    if (first) pick(from, first);
    if (last) pick(to, last);
    await user.click(syncDates());

    expect(await screen.findByText(message)).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('daily sync page: incomplete dates', () => {
  it('names the dates a run left part-way and syncs them again by name', async () => {
    const calls = mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'GET /api/sync/incomplete-dates': () => jsonResponse({ data: ['20260303', '20260304'] }),
      'POST /api/sync/daily-update': () => jsonResponse(runningRun(), 202),
      'GET /api/sync/runs/run-1': () => jsonResponse(runningRun()),
    });
    const { user } = await openSyncPage();

    expect(await screen.findByText('Incomplete dates')).toBeVisible();
    expect(screen.getByText(/stopped part-way through/)).toHaveTextContent(
      'A sync stopped part-way through 03/03/2026, 03/04/2026. Until synced again, they are not counted',
    );
    await user.click(screen.getByRole('button', { name: 'Sync Again' }));

    await screen.findByText(PROCESSING);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      dates: ['20260303', '20260304'],
    });
  });

  it('shows nothing when every date is complete', async () => {
    mockApi({
      'GET /api/sync/runs': () => runListResponse([]),
      'GET /api/sync/incomplete-dates': () => jsonResponse({ data: [] }),
    });
    await openSyncPage();

    expect(await screen.findByText('Recent runs')).toBeVisible();
    expect(screen.queryByText('Incomplete dates')).toBeNull();
  });
});

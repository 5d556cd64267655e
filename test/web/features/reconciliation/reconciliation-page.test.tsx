import '../../support/router-polyfills';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FloorMismatch } from '@shared/reconciliation/floor-mismatch';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

const LIST = 'GET /api/sync/reconciliation';

const mismatch = (overrides: Partial<FloorMismatch> = {}): FloorMismatch => ({
  accountId: 'LIVE100K-000012',
  date: '20260313',
  traderId: 'TR000012',
  brokerFloor: 97_500,
  engineFloor: 97_000,
  difference: 500,
  cause: 'configuration-offset',
  startBalance: 100_250,
  previousBalance: 100_250,
  ...overrides,
});

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

describe('Reconciliation screen', () => {
  it('lists each mismatch: account and day linked, both floors, the difference and the likely cause', async () => {
    mockApi({
      [LIST]: () =>
        jsonResponse({
          data: [
            mismatch(),
            mismatch({
              accountId: 'SIMF100K-000011',
              date: '20260312',
              brokerFloor: 97_000,
              engineFloor: 97_412.5,
              difference: -412.5,
              cause: 'trailing-behaviour',
            }),
          ],
        }),
    });
    renderApp('/sync/reconciliation');

    const table = await screen.findByRole('table', { name: 'Floor mismatches' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'LIVE100K-000012',
      '03/13/2026',
      '$97,500.00',
      '$97,000.00',
      '$500.00',
      expect.stringMatching(/^Program\/RMS mismatch: drawdown amount/),
    ]);
    expect(within(first!).getByRole('link', { name: 'LIVE100K-000012' })).toHaveAttribute(
      'href',
      '/summaries/account/LIVE100K-000012',
    );
    expect(
      within(second!).getByRole('link', { name: 'SIMF100K-000011 on 03/12/2026' }),
    ).toHaveAttribute('href', '/performance/daily/SIMF100K-000011/20260312');
    expect(second).toHaveTextContent('-$412.50');
    expect(second).toHaveTextContent('Program/RMS mismatch: trailing');
  });

  it('asks by date and account from the URL, and loads further pages on Load more', async () => {
    const calls = mockApi({
      [`${LIST}?date=20260313&accountId=LIVE100K-000012`]: () =>
        jsonResponse({ data: [mismatch()], nextCursor: 'next-1' }),
      [`${LIST}?date=20260313&accountId=LIVE100K-000012&cursor=next-1`]: () =>
        jsonResponse({ data: [mismatch({ date: '20260312' })] }),
    });
    renderApp('/sync/reconciliation?date=20260313&account=LIVE100K-000012');

    const table = await screen.findByRole('table', { name: 'Floor mismatches' });
    expect(screen.getByLabelText('Date')).toHaveValue('2026-03-13');
    expect(screen.getByLabelText('Account ID')).toHaveValue('LIVE100K-000012');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/sync/reconciliation?date=20260313&accountId=LIVE100K-000012',
      '/api/sync/reconciliation?date=20260313&accountId=LIVE100K-000012&cursor=next-1',
    ]);
  });

  it('says so when the floors agree everywhere', async () => {
    mockApi({ [LIST]: () => jsonResponse({ data: [] }) });
    renderApp('/sync/reconciliation');

    expect(await screen.findByText('No floor mismatches')).toBeVisible();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { eventFixture } from './notification-fixtures';

const EVENTS = '/api/notifications/events';
const passed = eventFixture();
const paid = eventFixture({
  eventId: 'ev_2',
  type: 'payout.paid',
  key: 'payout.paid#PO-1',
  occurredAt: '2026-11-21T18:00:00.000Z',
  text: 'Payout PO-1 of $1,250.00 was paid.',
  link: '/summaries/account/EVAL50K-000004',
});
const older = eventFixture({
  eventId: 'ev_0',
  type: 'sync.failed',
  key: 'sync.failed#run-1',
  traderId: undefined,
  accountId: undefined,
  text: 'The nightly sync of 11/19/2026 failed.',
  link: '/sync/runs/run-1',
});

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

describe('notifications page', () => {
  it('lists the events with type, account and trader links, text and time', async () => {
    mockApi({ [`GET ${EVENTS}`]: () => jsonResponse({ events: [paid, passed] }) });
    renderApp('/notifications');

    const table = await screen.findByRole('table', { name: 'Notifications' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Payout paid')).toBeVisible();
    expect(within(rows[1]!).getByText('Account passed')).toBeVisible();
    expect(within(rows[1]!).getByRole('link', { name: 'EVAL50K-000004' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50K-000004',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'TR000001' })).toHaveAttribute(
      'href',
      '/traders/TR000001/details',
    );
    expect(within(rows[1]!).getByText(passed.text)).toBeVisible();
    expect(within(rows[1]!).getByText('11/20/2026, 5:00 PM CST')).toBeVisible();
  });

  it('filters by type in the URL, and asks the API for that type', async () => {
    const calls = mockApi({
      [`GET ${EVENTS}`]: () => jsonResponse({ events: [paid, passed] }),
      [`GET ${EVENTS}?type=payout.paid`]: () => jsonResponse({ events: [paid] }),
    });
    const { router } = renderApp('/notifications');
    await screen.findByRole('table', { name: 'Notifications' });

    await userEvent.setup().selectOptions(screen.getByLabelText('Type'), 'payout.paid');

    await waitFor(() => expect(router.state.location.search).toBe('?type=payout.paid'));
    await waitFor(() =>
      expect(screen.queryByText('Account passed', { selector: 'td' })).toBeNull(),
    );
    expect(calls.map((call) => call.url)).toContain(`${EVENTS}?type=payout.paid`);
  });

  it('opens filtered from the URL, and ignores a type it does not know', async () => {
    const calls = mockApi({
      [`GET ${EVENTS}?type=account.passed`]: () => jsonResponse({ events: [passed] }),
      [`GET ${EVENTS}`]: () => jsonResponse({ events: [] }),
    });
    renderApp('/notifications?type=account.passed');
    expect(await screen.findByRole('table', { name: 'Notifications' })).toBeVisible();
    expect(screen.getByLabelText('Type')).toHaveValue('account.passed');
    expect(calls.map((call) => call.url)).toEqual([`${EVENTS}?type=account.passed`]);
  });

  it('says when a type has no events', async () => {
    mockApi({ [`GET ${EVENTS}?type=breach.held`]: () => jsonResponse({ events: [] }) });
    renderApp('/notifications?type=breach.held');
    expect(await screen.findByText('No notifications')).toBeVisible();
    expect(screen.getByText('No "Breach held for review" event has been sent yet.')).toBeVisible();
  });

  it("loads older events after the API's cursor", async () => {
    mockApi({
      [`GET ${EVENTS}`]: () => jsonResponse({ events: [paid, passed], nextCursor: 'c2' }),
      [`GET ${EVENTS}?cursor=c2`]: () => jsonResponse({ events: [older] }),
    });
    renderApp('/notifications');
    const table = await screen.findByRole('table', { name: 'Notifications' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('Sync failed')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

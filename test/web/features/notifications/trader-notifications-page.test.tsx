import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPTIONAL_TRADER_EVENTS } from '@shared/notifications/events';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { loggedInAnswer, membershipConfig, signInAsTrader } from '../trader-area/trader-fixtures';

const PREFERENCES = '/api/traders/TR000001/notification-preferences';

function traderApi(preferences: () => Response) {
  return mockApi({
    'GET /api/amember/config': () => jsonResponse(membershipConfig),
    'POST /api/amember/client-login': () => jsonResponse(loggedInAnswer),
    [`GET ${PREFERENCES}`]: preferences,
    [`PUT ${PREFERENCES}`]: (call) =>
      jsonResponse({ traderId: 'TR000001', ...(call.body as object) }),
  });
}

const switchOf = (name: string) => screen.getByRole('checkbox', { name: `E-mail: ${name}` });

beforeEach(() => signInAsTrader());
afterEach(() => localStorage.clear());

describe('trader notifications page', () => {
  it('shows a switch per e-mail: optional ones as saved, the others on and locked with the reason', async () => {
    traderApi(() => jsonResponse({ traderId: 'TR000001', emailOff: ['account.limit_near'] }));
    renderApp('/traders/notifications');

    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await screen.findByRole('region', { name: 'E-mail notifications' });
    await waitFor(() => expect(document.title).toBe('Notifications - Deskline Trader Interface'));

    expect(switchOf('Account passed')).toBeChecked();
    expect(switchOf('Account passed')).toBeEnabled();
    expect(switchOf('Account near a limit')).not.toBeChecked();
    expect(switchOf('Account near a limit')).toBeEnabled();
    for (const locked of [
      'Account breached',
      'Payout approved',
      'Payout rejected',
      'Payout paid',
    ]) {
      expect(switchOf(locked)).toBeChecked();
      expect(switchOf(locked)).toBeDisabled();
      expect(switchOf(locked)).toHaveAccessibleDescription(
        'Breaches and payout decisions are always sent',
      );
    }
    // Staff's events are no trader's e-mails.
    expect(screen.queryByRole('checkbox', { name: 'E-mail: Sync failed' })).toBeNull();
    expect(screen.getAllByRole('checkbox')).toHaveLength(8);
    expect(
      screen.getAllByRole('checkbox').filter((box) => !box.hasAttribute('disabled')),
    ).toHaveLength(OPTIONAL_TRADER_EVENTS.length);
  });

  it('saves the optional e-mails turned off with PUT, and says so', async () => {
    const calls = traderApi(() => jsonResponse({ traderId: 'TR000001', emailOff: [] }));
    renderApp('/traders/notifications');
    await screen.findByRole('region', { name: 'E-mail notifications' });
    const save = screen.getByRole('button', { name: 'Save preferences' });
    expect(save).toBeDisabled();

    // Plain clicks: the switch's blur handler needs PointerEvent, which jsdom lacks.
    fireEvent.click(switchOf('Inactivity warning'));
    fireEvent.click(switchOf('Account passed'));
    await userEvent.setup().click(save);

    expect(await screen.findByText('Notification preferences saved')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      emailOff: ['account.passed', 'account.inactivity_warning'],
    });
  });

  it("says the server's refusal", async () => {
    const calls = mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'POST /api/amember/client-login': () => jsonResponse(loggedInAnswer),
      [`GET ${PREFERENCES}`]: () => jsonResponse({ traderId: 'TR000001', emailOff: [] }),
      [`PUT ${PREFERENCES}`]: () => errorResponse(403, 'Forbidden'),
    });
    renderApp('/traders/notifications');
    const region = within(await screen.findByRole('region', { name: 'E-mail notifications' }));
    fireEvent.click(switchOf('Account passed'));
    await userEvent.setup().click(region.getByRole('button', { name: 'Save preferences' }));

    expect(await region.findByText('Failed to save your preferences: Forbidden')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});

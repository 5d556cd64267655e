import { screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockApi, type RecordedCall } from '../support/fetch-mock';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session-fixtures';
import {
  loggedInAnswer,
  membershipConfig,
  signInAsTrader,
} from '../features/trader-area/trader-fixtures';

/*
 * A trader who opened a staff address got the whole staff shell, its
 * navigation and a 403 on every screen. The API still decides access; the SPA only sends the trader
 * to their own area, without rendering anything of the staff's.
 */

let calls: RecordedCall[];
beforeEach(() => {
  calls = mockApi({
    'GET /api/amember/config': () => jsonResponse(membershipConfig),
    'POST /api/amember/client-login': () => jsonResponse(loggedInAnswer),
  });
});
afterEach(() => localStorage.clear());

describe('staff addresses', () => {
  it.each(['/accounts', '/', '/programs', '/users', '/audit', '/sync/daily'])(
    'send a trader who opens %s to the trader hub, with no staff navigation',
    async (path) => {
      signInAsTrader();

      const { router } = renderApp(path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/trader-accounts'));
      expect(await screen.findByRole('heading', { name: 'Trading Accounts' })).toBeVisible();
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
      expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
      expect(screen.queryByText('Administration Panel')).not.toBeInTheDocument();
      // No staff screen asked the API for anything.
      const staffCalls = calls.filter(
        (call) => !/^\/api\/(amember|auth|whats-new)\b/.test(call.url),
      );
      expect(staffCalls).toEqual([]);
    },
  );

  it.each(['/traders/TR000001/details', '/summaries/account/ACC-1'])(
    "open %s, which shows a trader their own records, in the trader area's layout",
    async (path) => {
      signInAsTrader();

      const { router } = renderApp(path);

      expect(await screen.findByRole('navigation', { name: 'Trader navigation' })).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    },
  );

  it('still open in the staff shell for staff', async () => {
    signInAs();

    const { router } = renderApp('/accounts');

    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/accounts');
  });
});

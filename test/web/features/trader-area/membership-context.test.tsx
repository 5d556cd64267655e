import { screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { membershipConfig, signInAsTrader } from './trader-fixtures';

/** The membership check as the trader area runs it, when the server tier fails (502). */
function renderWithConfig(sessionCookie: string | null) {
  const calls = mockApi({
    'GET /api/amember/config': () => jsonResponse({ ...membershipConfig, sessionCookie }),
    'POST /api/amember/client-login': () =>
      errorResponse(502, 'The membership system cannot be reached'),
  });
  signInAsTrader();
  renderApp('/trader-interface');
  return calls;
}

afterEach(() => {
  document.cookie = 'amember_sid=; path=/; max-age=0';
  localStorage.clear();
});

describe('membership provider', () => {
  it("falls to the cookie tier with the session cookie named by the API's config", async () => {
    document.cookie = 'amember_sid=s3ss10n; path=/';
    renderWithConfig('amember_sid');

    const debug = within(await screen.findByRole('region', { name: 'Debug' }));
    await waitFor(() =>
      expect(debug.getByText(/Membership/).parentElement?.textContent).toBe(
        'Membership: Logged In',
      ),
    );
  });
});

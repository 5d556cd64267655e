import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { membershipConfig, signInAsTrader } from './trader-fixtures';

const signInAnswer = {
  ok: true,
  user_id: 'sub-trader-1',
  email: 'trader@example.com',
  name: 'Terry Trader',
  login: 'demotrader',
  role: 'trader',
  memberId: '7',
  traderId: 'TR000001',
  rithmicUserId: 'TR000001',
  token: 'id-token-9',
  refreshToken: 'refresh-token-9',
  expiresAt: 1_900_000_000_000,
};

let submitted: { action: string; method: string; fields: Record<string, string> }[];

beforeEach(() => {
  submitted = [];
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
    this: HTMLFormElement,
  ) {
    submitted.push({
      action: this.action,
      method: this.method,
      fields: Object.fromEntries(new FormData(this).entries()) as Record<string, string>,
    });
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

async function openLogin(path = '/trader-login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Trader Login' });
  return app;
}

describe('trader login page', () => {
  it('asks for both fields and signs nobody in when one is missing', async () => {
    const calls = mockApi({ 'GET /api/amember/config': () => jsonResponse(membershipConfig) });
    await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or Email'), 'demotrader');

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Username or email and password are required',
    );
    expect(calls.filter((call) => call.url === '/api/auth/trader')).toHaveLength(0);
    expect(submitted).toHaveLength(0);
  });

  it('signs in through the API, then posts the spec form to the membership site', async () => {
    const calls = mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'POST /api/auth/trader': () => jsonResponse(signInAnswer),
    });
    await openLogin('/trader-login?returnTo=profile&target=https%3A%2F%2Fm%2Fprofile');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or Email'), ' demotrader ');
    await user.type(screen.getByLabelText('Password'), 'pw-123');

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByText(
        'Redirecting to aMember login... After logging in, please manually navigate back to this app to continue.',
      ),
    ).toBeVisible();
    const signIn = calls.find((call) => call.url === '/api/auth/trader');
    expect(signIn?.body).toEqual({ login: 'demotrader', password: 'pw-123' });
    expect(submitted).toHaveLength(1);
    expect(submitted[0]?.action).toBe(membershipConfig.loginUrl);
    expect(submitted[0]?.method).toBe('post');
    expect(submitted[0]?.fields).toEqual({
      amember_login: 'demotrader',
      amember_pass: 'pw-123',
      login_attempt_id: expect.stringMatching(/^\d{13}$/),
      amember_redirect_url: `${window.location.origin}/trader-login`,
    });
    const stored = JSON.parse(localStorage.getItem('user') ?? 'null');
    expect(stored).toMatchObject({ role: 'trader', traderId: 'TR000001', memberId: '7' });
    expect(localStorage.getItem('trader_login_return_to')).toBe('profile');
    expect(localStorage.getItem('rithemi_email')).toBe('trader@example.com');
    // The status page's Membership System card and Broker ID read it.
    expect(localStorage.getItem('rithmic_user_id')).toBe('TR000001');
    expect(localStorage.getItem('rithmic_login')).toBe('demotrader');
  });

  it('does not keep a returnTo that is not a trader page', async () => {
    mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'POST /api/auth/trader': () => jsonResponse(signInAnswer),
    });
    await openLogin('/trader-login?returnTo=https%3A%2F%2Fevil.test');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or Email'), 'demotrader');
    await user.type(screen.getByLabelText('Password'), 'pw-123');

    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(localStorage.getItem('trader_login_return_to')).toBeNull();
  });

  it("shows the server's one message for wrong credentials and posts nothing", async () => {
    mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'POST /api/auth/trader': () => errorResponse(401, 'Incorrect username, email or password'),
    });
    await openLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username or Email'), 'demotrader');
    await user.type(screen.getByLabelText('Password'), 'wrong');

    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Incorrect username, email or password',
    );
    expect(submitted).toHaveLength(0);
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('goes where the stored returnTo says when the membership site sends the trader back', async () => {
    mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'POST /api/amember/client-login': () =>
        jsonResponse({ success: true, isLoggedIn: true, data: { user: null, sessionId: null } }),
    });
    signInAsTrader();
    localStorage.setItem('trader_login_return_to', 'payment-history');
    localStorage.setItem('trader_login_attempt_id', '1760000000000');

    const { router } = renderApp('/trader-login?amember_success=1&user_id=7');

    await waitFor(() => expect(router.state.location.pathname).toBe('/traders/payment-history'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('amember_user_id')).toBe('7');
    expect(localStorage.getItem('amember_authenticated')).toBe('true');
    expect(localStorage.getItem('trader_login_return_to')).toBeNull();
    expect(localStorage.getItem('trader_login_attempt_id')).toBeNull();
  });

  // Decision 42: without a return-to value a trader lands on their own dashboard; a member
  // without a trading record has none and lands on the trader hub, not the placeholder.
  it.each([
    ['their own dashboard', { traderId: 'TR000001' }, '/traders/trader-dashboard/TR000001'],
    ['the trader hub without a trading record', {}, '/trader-accounts'],
  ])('goes to %s when no return-to value was stored', async (_, record, landing) => {
    mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'GET /api/auth/status': () =>
        jsonResponse({
          isAuthenticated: true,
          token: null,
          user: { _id: 'sub-trader-1', role: { name: 'trader' }, ...record },
          amemberSession: { isLoggedIn: true, user: null },
        }),
    });
    signInAsTrader();

    const { router } = renderApp('/trader-login?amember_success=1&user_id=7');

    await waitFor(() => expect(router.state.location.pathname).toBe(landing));
  });

  it('keeps /trader-interface reachable for a signed-in trader (decision 42)', async () => {
    mockApi({ 'GET /api/amember/config': () => jsonResponse(membershipConfig) });
    signInAsTrader();

    renderApp('/trader-interface');

    expect(await screen.findByRole('heading', { name: 'Trading Dashboard' })).toBeVisible();
  });

  it('says the authentication is incomplete when the user id is missing', async () => {
    mockApi({ 'GET /api/amember/config': () => jsonResponse(membershipConfig) });
    signInAsTrader();

    await openLogin('/trader-login?amember_success=1');

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Authentication incomplete. Please try logging in again.',
    );
    expect(localStorage.getItem('amember_user_id')).toBeNull();
  });

  it('gives a forged return with a user id but no session nothing', async () => {
    mockApi({ 'GET /api/amember/config': () => jsonResponse(membershipConfig) });

    const { router } = await openLogin('/trader-login?amember_success=1&user_id=42');

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Authentication incomplete. Please try logging in again.',
    );
    expect(router.state.location.pathname).toBe('/trader-login');
    expect(localStorage.getItem('amember_user_id')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { MEMBER_ORIGIN, loggedInAnswer, membershipConfig, signInAsTrader } from './trader-fixtures';

function traderApi() {
  return mockApi({
    'GET /api/amember/config': () => jsonResponse(membershipConfig),
    'POST /api/amember/client-login': () => jsonResponse(loggedInAnswer),
    'POST /api/auth/logout': () => jsonResponse({ success: true }),
  });
}

function storeBrokerKeys() {
  localStorage.setItem('rithmic_user_id', 'RU-77');
  localStorage.setItem('rithemi_email', 'trader@example.com');
  localStorage.setItem('rithmic_login', 'demotrader');
}

afterEach(() => localStorage.clear());

describe('trader sidebar', () => {
  it("shows the trader's avatar, name and email, 250 px wide, and no Administration section", async () => {
    traderApi();
    signInAsTrader();

    renderApp('/trader-interface');

    const sidebar = await screen.findByRole('complementary', { name: 'Trader sidebar' });
    expect(sidebar).toHaveStyle({ width: '250px' });
    // The name and email head the sidebar; the debug block repeats them.
    expect(within(sidebar).getAllByText('Terry Trader')[0]).toBeVisible();
    expect(within(sidebar).getAllByText('trader@example.com')[0]).toBeVisible();
    expect(within(sidebar).getByText('T')).toBeVisible();
    expect(within(sidebar).queryByRole('navigation', { name: 'Administration' })).toBeNull();
    const nav = within(within(sidebar).getByRole('navigation', { name: 'Trader navigation' }));
    expect(nav.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute(
      'href',
      '/traders/trader-dashboard/TR000001',
    );
    expect(nav.getByRole('link', { name: 'LiveSquawk' })).toHaveAttribute(
      'href',
      '/traders/livesquawk',
    );
    expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/traders/notifications',
    );
    expect(nav.getAllByRole('link')).toHaveLength(16);
  });

  it('has no header on a wide screen: the sidebar holds the collapse button', async () => {
    traderApi();
    signInAsTrader();
    renderApp('/trader-interface');

    const sidebar = await screen.findByRole('complementary', { name: 'Trader sidebar' });

    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
    expect(within(sidebar).getByRole('link', { name: 'Trader Manager' })).toBeVisible();
  });

  it('collapses to 60 px', async () => {
    traderApi();
    signInAsTrader();
    renderApp('/trader-interface');
    const sidebar = await screen.findByRole('complementary', { name: 'Trader sidebar' });

    await userEvent.setup().click(within(sidebar).getByRole('button', { name: 'Toggle sidebar' }));

    expect(sidebar).toHaveStyle({ width: '60px' });
    expect(within(sidebar).queryByText('Terry Trader')).toBeNull();
  });

  it('falls back to /trader-interface for the dashboard without a trader id', async () => {
    traderApi();
    signInAsTrader('');
    renderApp('/trader-interface');
    const sidebar = await screen.findByRole('complementary', { name: 'Trader sidebar' });
    localStorage.removeItem('rithmic_user_id');

    expect(within(sidebar).getByRole('link', { name: 'My Dashboard' })).toHaveAttribute(
      'href',
      '/trader-interface',
    );
  });

  it('shows the Administration section to role admin only', async () => {
    traderApi();
    signInAs();

    renderApp('/trader-interface');

    const admin = within(await screen.findByRole('navigation', { name: 'Administration' }));
    expect(admin.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/');
    expect(admin.getByRole('link', { name: 'All Traders' })).toHaveAttribute('href', '/traders');
    expect(admin.getByRole('link', { name: 'Account Management' })).toHaveAttribute(
      'href',
      '/accounts',
    );
  });

  it('shows the debug block with the login states and the broker values', async () => {
    traderApi();
    signInAsTrader();
    storeBrokerKeys();

    renderApp('/trader-interface');

    const debug = within(await screen.findByRole('region', { name: 'Debug' }));
    expect(debug.getByText(/Admin server/).parentElement).toHaveTextContent(
      /^Admin server:\s*Logged In$/,
    );
    expect(debug.getByText(/Token/).parentElement).toHaveTextContent('present');
    expect(debug.getByText(/Broker id/).parentElement).toHaveTextContent('RU-77');
    await waitFor(() =>
      expect(debug.getByText(/Membership/).parentElement).toHaveTextContent(
        /^Membership:\s*Logged In$/,
      ),
    );
    expect(debug.getByText(/Last check/).parentElement).not.toHaveTextContent('never');
  });

  it('logs out: clears the three broker keys and the session, then goes to /trader-login', async () => {
    const calls = traderApi();
    signInAsTrader();
    storeBrokerKeys();
    localStorage.setItem('theme', 'light');
    const { router } = renderApp('/traders/accounts');
    const sidebar = await screen.findByRole('complementary', { name: 'Trader sidebar' });
    await screen.findByRole('heading', { name: 'Trading Accounts' });

    await userEvent.setup().click(within(sidebar).getByRole('button', { name: /Logout/ }));

    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
    // Plain /trader-login: a logout is no visit to come back to.
    expect(router.state.location.pathname).toBe('/trader-login');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('rithmic_user_id')).toBeNull();
    expect(localStorage.getItem('rithemi_email')).toBeNull();
    expect(localStorage.getItem('rithmic_login')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('light');
    expect(calls.some((call) => call.url === '/api/auth/logout')).toBe(true);
  });

  it('posts trader_logout to the parent frame when embedded, and stays', async () => {
    traderApi();
    signInAsTrader();
    storeBrokerKeys();
    const postMessage = jest.fn();
    const parent = jest.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as never);
    try {
      const { router } = renderApp('/trader-interface');
      const sidebar = await screen.findByRole('complementary', { name: 'Trader sidebar' });

      await userEvent.setup().click(within(sidebar).getByRole('button', { name: /Logout/ }));

      expect(postMessage).toHaveBeenCalledWith({ type: 'trader_logout' }, MEMBER_ORIGIN);
      expect(router.state.location.pathname).toBe('/trader-interface');
      expect(localStorage.getItem('rithmic_login')).toBeNull();
    } finally {
      parent.mockRestore();
    }
  });
});

describe('trader area on a small screen', () => {
  const desktopMatchMedia = window.matchMedia;

  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        ...desktopMatchMedia(query),
        matches: query === '(max-width: 768px)',
      }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = desktopMatchMedia;
  });

  it('hides the sidebar behind a menu that opens the trader navigation as a drawer and closes on navigation', async () => {
    traderApi();
    signInAsTrader();
    renderApp('/trader-interface');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Open menu' }));

    const drawer = await screen.findByRole('dialog', { name: 'Trader Area' });
    const nav = within(within(drawer).getByRole('navigation', { name: 'Trader navigation' }));
    await user.click(nav.getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('complementary', { name: 'Trader sidebar' })).not.toBeInTheDocument();
  });

  it('names the area in a header beside the menu button', async () => {
    traderApi();
    signInAsTrader();
    renderApp('/trader-interface');

    const header = await screen.findByRole('banner');

    expect(within(header).getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(within(header).getByText('Trader Area')).toBeVisible();
  });
});

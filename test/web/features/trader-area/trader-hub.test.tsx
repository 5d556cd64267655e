import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi, type RecordedCall } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { MEMBER_ORIGIN, loggedInAnswer, membershipConfig, signInAsTrader } from './trader-fixtures';

function traderApi(extra: Record<string, (call: RecordedCall) => Response> = {}) {
  return mockApi({
    'GET /api/amember/config': () => jsonResponse(membershipConfig),
    'POST /api/amember/client-login': () => jsonResponse(loggedInAnswer),
    ...extra,
  });
}

function postFromWindow(data: unknown, origin: string) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

afterEach(() => localStorage.clear());

describe('trader hub', () => {
  it('sends a visitor without a session to the trader login with returnTo and target', async () => {
    traderApi();

    const { router } = renderApp('/traders/profile');

    await screen.findByRole('heading', { name: 'Trader Login' });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('returnTo')).toBe('profile');
    expect(search.get('target')).toBe(membershipConfig.memberPages.profile);
  });

  it('keeps a valid returnTo that is already in the address', async () => {
    traderApi();

    const { router } = renderApp('/trader-accounts?returnTo=mim');

    await screen.findByRole('heading', { name: 'Trader Login' });
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('mim');
  });

  it('checks the access, then shows the section in a sandboxed frame with the login badge', async () => {
    const calls = traderApi();
    signInAsTrader();

    renderApp('/trader-accounts');

    expect(await screen.findByText('Checking Trader Hub Access')).toBeVisible();
    expect(screen.getByText('Please wait while we verify your login status...')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Trading Accounts' })).toBeVisible();
    expect(within(screen.getByRole('main')).getByText('Logged In')).toBeVisible();
    const frame = screen.getByTitle('Trading Accounts');
    expect(frame).toHaveAttribute('src', membershipConfig.memberPages.accounts);
    expect(frame.getAttribute('sandbox')?.split(' ').sort()).toEqual(
      [
        'allow-forms',
        'allow-modals',
        'allow-popups',
        'allow-same-origin',
        'allow-scripts',
        'allow-top-navigation',
      ].sort(),
    );
    // The server tier carried no identity of the browser's choosing: an empty body.
    expect(calls.find((call) => call.url === '/api/amember/client-login')?.body).toEqual({});
  });

  it('switches sections by tab, following with the URL, disabling the tabs while loading', async () => {
    traderApi();
    signInAsTrader();
    const { router } = renderApp('/trader-accounts');
    await screen.findByRole('heading', { name: 'Trading Accounts' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Purchase Programs' }));

    expect(await screen.findByRole('heading', { name: 'Purchase Programs' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/traders/purchase-programs');
    expect(screen.getByText('Navigating to Purchase Programs...')).toBeVisible();
    expect(screen.getByText('Please wait while we load the content...')).toBeVisible();
    const tabs = within(screen.getByRole('navigation', { name: 'Hub sections' }));
    expect(tabs.getByRole('button', { name: 'Profile' })).toBeDisabled();
    expect(screen.getByTitle('Purchase Programs')).toHaveAttribute(
      'src',
      membershipConfig.memberPages['purchase-programs'],
    );
    // The loading flag clears after 1000 ms even without the frame's load event.
    await waitFor(() => expect(tabs.getByRole('button', { name: 'Profile' })).toBeEnabled());
    expect(screen.queryByText('Navigating to Purchase Programs...')).toBeNull();
    expect(screen.getByTestId('hub-history')).toHaveTextContent(
      'Trading Accounts → Purchase Programs',
    );
  });

  it('clears the loading flag when the frame has loaded', async () => {
    traderApi();
    signInAsTrader();
    renderApp('/traders/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'BullPen' }));
    fireEvent.load(await screen.findByTitle('BullPen'));

    expect(screen.queryByText('Navigating to BullPen...')).toBeNull();
  });

  it('follows navigation requests from the membership origin only', async () => {
    traderApi();
    signInAsTrader();
    const { router } = renderApp('/traders/accounts');
    await screen.findByRole('heading', { name: 'Trading Accounts' });

    postFromWindow({ type: 'IFRAME_NAVIGATION_REQUEST', section: 'bullpen' }, 'https://evil.test');
    postFromWindow({ type: 'IFRAME_NAVIGATION_REQUEST', section: 'admin' }, MEMBER_ORIGIN);
    expect(router.state.location.pathname).toBe('/traders/accounts');

    postFromWindow({ type: 'IFRAME_NAVIGATION_REQUEST', section: 'bullpen' }, MEMBER_ORIGIN);
    expect(await screen.findByRole('heading', { name: 'BullPen' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/traders/bullpen');
  });

  it('checks the login again when the frame reports a different state, from its origin only', async () => {
    const calls = traderApi();
    signInAsTrader();
    renderApp('/traders/accounts');
    await screen.findByRole('heading', { name: 'Trading Accounts' });
    const checks = () => calls.filter((call) => call.url === '/api/amember/client-login').length;
    const before = checks();

    postFromWindow({ type: 'IFRAME_AUTH_STATUS', authenticated: false }, 'https://evil.test');
    postFromWindow({ type: 'IFRAME_AUTH_STATUS', authenticated: true }, MEMBER_ORIGIN);
    expect(checks()).toBe(before);

    postFromWindow({ type: 'IFRAME_AUTH_STATUS', authenticated: false }, MEMBER_ORIGIN);
    await waitFor(() => expect(checks()).toBe(before + 1));
  });

  it('tells the frame it is ready with the section and the login state', async () => {
    traderApi();
    signInAsTrader();
    renderApp('/traders/payment-history');
    const frame = (await screen.findByTitle('Payment History')) as HTMLIFrameElement;
    const postMessage = jest.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage }, configurable: true });

    fireEvent.load(frame);

    expect(postMessage).toHaveBeenCalledWith(
      { type: 'SHARED_IFRAME_READY', section: 'payment-history', authenticated: true },
      MEMBER_ORIGIN,
    );
  });

  /** The overlay named the section being left ("Navigating to Profile..." to BullPen). */
  it('names the section being opened, never the one being left, while switching', async () => {
    traderApi();
    signInAsTrader();
    renderApp('/traders/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    const seen = new Set<string>();
    const observer = new MutationObserver(() => {
      for (const node of document.querySelectorAll('[role=status]')) {
        const text = node.textContent ?? '';
        const match = /Navigating to [^.]+\.\.\./.exec(text);
        if (match) seen.add(match[0]);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });

    await userEvent.setup().click(screen.getByRole('button', { name: 'BullPen' }));
    await screen.findByRole('heading', { name: 'BullPen' });
    observer.disconnect();

    expect([...seen]).toEqual(['Navigating to BullPen...']);
  });

  it('opens a section spelled in other letter case under its own address', async () => {
    traderApi();
    signInAsTrader();

    const { router } = renderApp('/traders/PROFILE');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/traders/profile'));
  });

  it("sends a trader from an unknown section to the hub's default, with a note", async () => {
    traderApi();
    signInAsTrader();

    const { router } = renderApp('/traders/unknown-section');

    expect(await screen.findByRole('heading', { name: 'Trading Accounts' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/traders/accounts');
    expect(screen.getByRole('note')).toHaveTextContent(
      'There is no section "unknown-section" in the Trader Hub: showing Trading Accounts.',
    );
    expect(screen.queryByText(/Trader unknown-section not found/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it("shows the trader area's own not-found page to a trader", async () => {
    traderApi();
    signInAsTrader();

    renderApp('/traders/accounts/extra/part');

    expect(await screen.findByRole('link', { name: 'Back to the Trader Hub' })).toBeVisible();
    expect(screen.getByRole('complementary', { name: 'Trader sidebar' })).toBeVisible();
  });
});

describe('tool pages', () => {
  it('shows the tool in a sandboxed frame with its document title', async () => {
    traderApi();
    signInAsTrader();

    renderApp('/traders/tradechat');

    expect(await screen.findByRole('heading', { name: 'TradeChat' })).toBeVisible();
    expect(screen.getByText('Real-time trader chat')).toBeVisible();
    const frame = screen.getByTitle('TradeChat');
    expect(frame).toHaveAttribute('src', membershipConfig.tools.tradechat);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-modals');
    expect(document.title).toBe('TradeChat - Deskline Trader Interface');
  });

  it.each([
    ['spygate', 'SpyGate', 'Please ensure you have access to the surveillance system.'],
    ['wrap', 'Wrap', 'Please ensure you have access to the portfolio wrapping system.'],
    ['livesquawk', 'LiveSquawk', 'Please ensure you have access to the live news feed.'],
    ['tradechat', 'TradeChat', 'Please ensure you have access to the trading chat system.'],
  ] as const)('falls back to Unable to Load for %s with its hint', async (id, name, hint) => {
    mockApi({
      'GET /api/amember/config': () =>
        jsonResponse({ ...membershipConfig, tools: { ...membershipConfig.tools, [id]: '' } }),
      'POST /api/amember/client-login': () => jsonResponse(loggedInAnswer),
    });
    signInAsTrader();

    renderApp(`/traders/${id}`);

    expect(await screen.findByText(`Unable to Load ${name}`)).toBeVisible();
    expect(screen.getByText(hint)).toBeVisible();
    expect(screen.queryByTitle(name)).toBeNull();
  });

  /** A down tool showed a grey broken frame; the fallback came only after a long hang. */
  it('shows Unable to Load with Open in New Tab at once when the tool is down', async () => {
    traderApi({
      'GET /api/amember/tools/spygate/status': () =>
        jsonResponse({
          toolId: 'spygate',
          reachable: false,
          status: 503,
          reason: 'The tool answered 503',
        }),
    });
    signInAsTrader();
    const started = Date.now();

    renderApp('/traders/spygate');

    expect(await screen.findByText('Unable to Load SpyGate')).toBeVisible();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(
      screen.getByText('Please ensure you have access to the surveillance system.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open in New Tab' })).toHaveAttribute(
      'href',
      membershipConfig.tools.spygate,
    );
    expect(screen.queryByTitle('SpyGate')).toBeNull();
  });

  it('keeps the frame of a tool that answers', async () => {
    traderApi({
      'GET /api/amember/tools/wrap/status': () =>
        jsonResponse({ toolId: 'wrap', reachable: true, status: 200, reason: null }),
    });
    signInAsTrader();

    renderApp('/traders/wrap');

    expect(await screen.findByTitle('Wrap')).toHaveAttribute('src', membershipConfig.tools.wrap);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Unable to Load Wrap')).toBeNull();
  });

  it('sends a visitor without a session to the trader login', async () => {
    traderApi();

    const { router } = renderApp('/traders/wrap');

    await screen.findByRole('heading', { name: 'Trader Login' });
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('wrap');
  });

  it('checks MiM access and shows the member site mim page with the login badge', async () => {
    traderApi();
    signInAsTrader();

    renderApp('/traders/mim');

    expect(await screen.findByText('Checking MiM Access')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'MiM' })).toBeVisible();
    expect(within(screen.getByRole('main')).getByText('Logged In')).toBeVisible();
    expect(screen.getByTitle('MiM')).toHaveAttribute('src', membershipConfig.memberPages.mim);
    expect(document.title).toBe('MiM - Deskline Trader Interface');
  });
});

describe('other trader pages', () => {
  it('embeds the member area on the Amember Dashboard', async () => {
    traderApi();
    signInAsTrader();

    renderApp('/amember-dashboard');

    expect(await screen.findByRole('heading', { name: 'Amember Dashboard' })).toBeVisible();
    expect(screen.getByTitle('Amember Dashboard')).toHaveAttribute(
      'src',
      membershipConfig.memberPages.dashboard,
    );
  });

  it("shows the trader's id and email on the Trading Dashboard, or Not available", async () => {
    traderApi();
    renderApp('/trader-interface');

    expect(await screen.findByRole('heading', { name: 'Trading Dashboard' })).toBeVisible();
    expect(screen.getAllByText('Not available')).toHaveLength(2);
    expect(screen.getByText('$0.00')).toBeVisible();
    expect(screen.getByText('No recent activity')).toBeVisible();
    for (const action of ['View Positions', 'Place Order', 'Market Analysis']) {
      expect(screen.getByRole('button', { name: action })).toBeVisible();
    }
  });

  it('sends a trader from /trader-dashboard to the dashboard of the id the server vouches for', async () => {
    traderApi({
      'GET /api/auth/status': () =>
        jsonResponse({
          isAuthenticated: true,
          token: null,
          user: { _id: 'sub-trader-1', role: { name: 'trader' }, traderId: 'TR000001' },
        }),
    });
    // A tampered stored trader id changes nothing: the server's answer decides.
    signInAsTrader('TR999999');

    const { router } = renderApp('/trader-dashboard');

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/traders/trader-dashboard/TR000001'),
    );
  });

  it('sends staff from /trader-dashboard to the trader list', async () => {
    mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'GET /api/traders': () =>
        jsonResponse({ success: true, data: [], meta: { count: 0, nextCursor: null } }),
    });
    signInAs();

    const { router } = renderApp('/trader-dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/traders'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../support/fetch-mock';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session-fixtures';

const sidebarLinks = [
  ['Traders', '/traders'],
  ['Trader Manager', '/trader-manager'],
  ['Accounts', '/accounts'],
  ['Payouts', '/payouts'],
  ['Latest Performance', '/performance/today'],
  ['Account Dashboard', '/performance/dashboard'],
  ['Firm Daily Summary', '/summaries/firm'],
  ['Programs', '/programs'],
  ['Create Program', '/programs/create'],
  ['Create Rule', '/rules/demo'],
  ['Rules Management', '/rules/management'],
  ['Daily Sync', '/sync/daily'],
  ['Held Breaches', '/sync/held-breaches'],
  ['Reconciliation', '/sync/reconciliation'],
  ['Notifications', '/notifications'],
  ['Webhooks', '/webhooks'],
  ['Audit Trail', '/audit'],
  ['Users', '/users'],
  ['Auth Debug', '/debug'],
  ["What's New Admin", '/whats-new-admin'],
  ['Firms', '/firms'],
  ['Create Firm', '/firms/create'],
  ['Daily Revenue', '/firm/daily-revenue'],
];

async function openHome() {
  const app = renderApp('/');
  // A phone's header reads 'Admin', so the user's name still fits.
  await screen.findByText(/^Admin(istration Panel)?$/);
  return app;
}

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });

beforeEach(() => mockApi({}));
afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describe('admin shell', () => {
  it('lists every sidebar section and link of the spec', async () => {
    await openHome();

    for (const section of ['Top Level', 'Performance', 'Trading Programs', 'Admin Tools', 'Firm']) {
      expect(within(navigation()).getByRole('group', { name: section })).toBeVisible();
    }
    const links = within(navigation())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(sidebarLinks);
  });

  it('collapses the sidebar to 60 px showing icons only, and expands it back to 250 px', async () => {
    await openHome();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(sidebar).toHaveStyle({ width: '250px' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));

    expect(sidebar).toHaveStyle({ width: '60px' });
    expect(within(navigation()).queryByText('Programs')).not.toBeInTheDocument();
    expect(within(navigation()).getByRole('link', { name: 'Programs' })).toHaveAttribute(
      'href',
      '/programs',
    );

    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));

    expect(sidebar).toHaveStyle({ width: '250px' });
    expect(within(navigation()).getByText('Programs')).toBeVisible();
  });

  it('follows a sidebar link', async () => {
    const { router } = await openHome();

    await userEvent
      .setup()
      .click(within(navigation()).getByRole('link', { name: 'Latest Performance' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/performance/today'));
  });

  it('offers Login when nobody is signed in', async () => {
    await openHome();

    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it("shows the user's name and logs out to the sign-in page", async () => {
    signInAs();
    const { router } = await openHome();
    expect(screen.getByText('Olivia Ops')).toBeVisible();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/signin');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it("forgets the signed-out user's cached data", async () => {
    signInAs();
    const { queryClient } = await openHome();
    queryClient.setQueryData(['programs'], []);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    await screen.findByRole('button', { name: 'Sign In' });
    expect(queryClient.getQueryData(['programs'])).toBeUndefined();
  });

  it('calls a user without a name User', async () => {
    signInAs({
      user: {
        email: 'x@deskline.test',
        name: '',
        username: 'x',
        token: 'id-token-1',
        role: 'admin',
        rooms: [],
        user_id: 'u',
      },
    });

    await openHome();

    expect(screen.getByText('User')).toBeVisible();
  });

  it('shows Page Not Found inside the shell for an unknown route', async () => {
    const { router } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByText('Administration Panel')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('theme', () => {
  it('is dark by default', async () => {
    await openHome();

    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('toggles to light and remembers the choice', async () => {
    await openHome();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Toggle color mode' }));

    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('starts in the remembered theme', async () => {
    localStorage.setItem('theme', 'light');

    await openHome();

    expect(document.documentElement).toHaveClass('light');
  });
});

describe('admin shell on a small screen', () => {
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

  it('hides the sidebar behind a menu that opens as a drawer and closes on navigation', async () => {
    const { router } = await openHome();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle sidebar' })).not.toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('link', { name: 'Programs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/programs'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the user's name in the header: a short title and an icon Logout", async () => {
    signInAs();
    await openHome();
    const header = screen.getByRole('banner');

    expect(within(header).queryByText('Administration Panel')).not.toBeInTheDocument();
    expect(within(header).getByText('Admin')).toBeVisible();
    expect(within(header).getByText('Olivia Ops')).toBeVisible();
    expect(within(header).getByRole('button', { name: 'Logout' })).toHaveAttribute(
      'title',
      'Logout',
    );
  });
});

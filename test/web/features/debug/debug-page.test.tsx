import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

const statusAnswer = {
  isAuthenticated: true,
  token: null,
  user: {
    _id: 'user-1',
    role: { name: 'admin' },
    email: 'ops@deskline.test',
    local: { email: 'ops@deskline.test' },
  },
  amemberSession: { isLoggedIn: false, user: null },
};
const syncedAnswer = {
  isSynced: true,
  hasRithmicUser: true,
  hasAmemberPassword: false,
  message: 'Member 7 signs in as trader TR000001',
};

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

async function openDebug() {
  const app = renderApp('/debug');
  await screen.findByRole('heading', { name: 'Authentication Debug Console' });
  return app;
}

function logLines() {
  const list = screen.queryByRole('list', { name: 'Debug log' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '')
    : [];
}

describe('auth debug console', () => {
  it("shows the signed-in user's status with the role's name", async () => {
    mockApi({ 'GET /api/auth/status': () => jsonResponse(statusAnswer) });
    await openDebug();

    expect(await screen.findByText('admin')).toBeVisible();
    expect(screen.getByText('Logged In')).toBeVisible();
    expect(screen.getByText('present')).toBeVisible();
  });

  it('checks a member sync status and shows its four values', async () => {
    const calls = mockApi({
      'GET /api/auth/status': () => jsonResponse(statusAnswer),
      'GET /api/amember/sync-status?email=trader%40example.com': () => jsonResponse(syncedAnswer),
    });
    await openDebug();
    const user = userEvent.setup();
    const email = screen.getByLabelText('Member email');
    await user.clear(email);
    await user.type(email, ' trader@example.com ');

    await user.click(screen.getByRole('button', { name: 'Check Sync Status' }));

    expect(await screen.findByText('Member 7 signs in as trader TR000001')).toBeVisible();
    expect(calls.some((call) => call.url.startsWith('/api/amember/sync-status'))).toBe(true);
    expect(logLines()[0]).toContain('Sync status for trader@example.com: synced');
  });

  it('warns in the log and calls nothing when manual sync has no email', async () => {
    const calls = mockApi({ 'GET /api/auth/status': () => jsonResponse(statusAnswer) });
    await openDebug();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Sync email'), '   ');

    await user.click(screen.getByRole('button', { name: 'Force Sync' }));

    expect(logLines()[0]).toContain('Please enter an email address for manual sync');
    expect(calls.filter((call) => call.url === '/api/amember/sync')).toHaveLength(0);
  });

  it('force-syncs a member and logs the failure in the spec words', async () => {
    let answer = jsonResponse({ success: true, ...syncedAnswer });
    const calls = mockApi({
      'GET /api/auth/status': () => jsonResponse(statusAnswer),
      'POST /api/amember/sync': () => answer,
    });
    await openDebug();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Sync email'), 'trader@example.com');

    await user.click(screen.getByRole('button', { name: 'Force Sync' }));

    await waitFor(() => expect(logLines()[0]).toContain('Manual sync completed'));
    expect(calls.find((call) => call.url === '/api/amember/sync')?.body).toEqual({
      email: 'trader@example.com',
      force: true,
    });
    answer = errorResponse(400, 'The password does not match the membership record');
    await user.type(screen.getByLabelText('Sync password (optional)'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Force Sync' }));
    await waitFor(() =>
      expect(logLines()[0]).toContain(
        'Manual sync failed: The password does not match the membership record',
      ),
    );
  });

  it('logs a failed Standard Login with its error', async () => {
    mockApi({
      'GET /api/auth/status': () => jsonResponse(statusAnswer),
      'POST /api/auth/admin': () => errorResponse(401, 'Incorrect email or password'),
    });
    await openDebug();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Login email'), 'ops@deskline.test');
    await user.type(screen.getByLabelText('Login password'), 'wrong');

    await user.click(screen.getByRole('button', { name: 'Standard Login' }));

    await waitFor(() =>
      expect(logLines()[0]).toContain('Login failed: Incorrect email or password'),
    );
  });

  it('checks the sync status 1500 ms after a successful login', async () => {
    let loginAnsweredAt = 0;
    let statusAskedAt = 0;
    const calls = mockApi({
      'GET /api/auth/status': () => jsonResponse(statusAnswer),
      'POST /api/auth/admin': () => {
        loginAnsweredAt = Date.now();
        return jsonResponse({
          ok: true,
          user_id: 'user-2',
          email: 'ada@deskline.test',
          name: 'Ada',
          login: 'ada',
          role: 'admin',
          token: 'id-token-2',
          refreshToken: 'refresh-2',
          expiresAt: Date.now() + 3_600_000,
        });
      },
      'GET /api/amember/sync-status?email=ada%40deskline.test': () => {
        statusAskedAt = Date.now();
        return jsonResponse({ ...syncedAnswer, isSynced: false, message: 'Not a member' });
      },
    });
    await openDebug();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Login email'), 'ada@deskline.test');
    await user.type(screen.getByLabelText('Login password'), 'right');
    const statusCalls = () => calls.filter((call) => call.url.includes('sync-status')).length;

    await user.click(screen.getByRole('button', { name: 'Standard Login' }));

    await waitFor(() => expect(logLines()[0]).toContain('Login successful: ada@deskline.test'));
    expect(statusCalls()).toBe(0);
    await waitFor(() => expect(statusCalls()).toBe(1));
    // Both moments are the app's own (the mock API's answers), not when this test noticed them: a
    // busy machine delays the test's polling, never the app's 1.5 s wait below its length.
    expect(statusAskedAt - loginAnsweredAt).toBeGreaterThanOrEqual(1500);
    await waitFor(() => expect(logLines()[0]).toContain('not synced (Not a member)'));
  });

  it('keeps at most 50 log entries, newest first', async () => {
    mockApi({ 'GET /api/auth/status': () => jsonResponse(statusAnswer) });
    await openDebug();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Force Sync' });

    for (let index = 0; index < 52; index += 1) await user.click(button);

    expect(logLines()).toHaveLength(50);
  });

  it('logs out and says so', async () => {
    mockApi({
      'GET /api/auth/status': () => jsonResponse(statusAnswer),
      'POST /api/auth/logout': () => jsonResponse({ success: true }),
    });
    await openDebug();

    const main = within(screen.getByRole('main'));
    await userEvent.setup().click(main.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(logLines()[0]).toContain('Logged out'));
    expect(main.getByText('missing')).toBeVisible();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

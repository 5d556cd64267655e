import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredResponse, errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';

const loginAnswer = {
  ok: true,
  user_id: 'user-7',
  email: 'admin@deskline.test',
  name: 'Ada Admin',
  login: 'ada',
  role: 'admin',
  token: 'id-token-7',
  refreshToken: 'refresh-token-7',
  expiresAt: 1_900_000_000_000,
};

async function openSignIn() {
  const app = renderApp('/signin');
  await screen.findByRole('button', { name: 'Sign In' });
  return app;
}

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  return user;
}

afterEach(() => localStorage.clear());

describe('sign-in page', () => {
  it('asks for both fields and calls no API when the password is missing', async () => {
    const calls = mockApi({});
    await openSignIn();
    const user = await fillIn('admin@deskline.test', '');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter both email and password',
    );
    expect(calls).toHaveLength(0);
  });

  it('treats a password of spaces as empty', async () => {
    const calls = mockApi({});
    await openSignIn();
    const user = await fillIn('admin@deskline.test', '   ');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter both email and password',
    );
    expect(calls).toHaveLength(0);
  });

  it('sends trimmed credentials to the admin login route', async () => {
    const calls = mockApi({ 'POST /api/auth/admin': () => jsonResponse(loginAnswer) });
    await openSignIn();
    const user = await fillIn('  admin@deskline.test ', '  s3cret!  ');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    // One sign-in call (the home it opens then reads today's figures).
    const signIns = () => calls.filter((call) => call.url === '/api/auth/admin');
    await waitFor(() => expect(signIns()).toHaveLength(1));
    expect(signIns()[0]?.body).toEqual({ email: 'admin@deskline.test', password: 's3cret!' });
    expect(signIns()[0]?.headers.Authorization).toBeUndefined();
  });

  it('shows Signing In... and disables the inputs while the request is pending', async () => {
    const pending = deferredResponse();
    mockApi({ 'POST /api/auth/admin': () => pending.promise });
    await openSignIn();
    const user = await fillIn('admin@deskline.test', 'secret');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const busyButton = await screen.findByRole('button', { name: 'Signing In...' });
    expect(busyButton).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    pending.resolve(errorResponse(401, 'Incorrect username or password.'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });

  it('stores the session and replaces the history entry with the home page', async () => {
    mockApi({ 'POST /api/auth/admin': () => jsonResponse(loginAnswer) });
    const { router } = await openSignIn();
    const user = await fillIn('admin@deskline.test', 'secret');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Account Management' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
      email: 'admin@deskline.test',
      name: 'Ada Admin',
      username: 'ada',
      token: 'id-token-7',
      role: 'admin',
      rooms: [],
      user_id: 'user-7',
    });
    expect(localStorage.getItem('token')).toBe('id-token-7');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-token-7');
    expect(localStorage.getItem('expiresAt')).toBe('1900000000000');
    expect(screen.getByText('Ada Admin')).toBeVisible();
  });

  it("shows the server's message when the credentials are refused", async () => {
    mockApi({
      'POST /api/auth/admin': () => errorResponse(401, 'Incorrect email or password'),
    });
    const { router } = await openSignIn();
    const user = await fillIn('admin@deskline.test', 'wrong');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
    expect(router.state.location.pathname).toBe('/signin');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('shows how long to wait when repeated failures locked the login', async () => {
    const message = 'Too many failed sign-in attempts. Try again in 30 seconds.';
    mockApi({ 'POST /api/auth/admin': () => errorResponse(429, message) });
    await openSignIn();
    const user = await fillIn('admin@deskline.test', 'secret');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says Login failed when the server gives no message', async () => {
    mockApi({ 'POST /api/auth/admin': () => jsonResponse(undefined, 500) });
    await openSignIn();
    const user = await fillIn('admin@deskline.test', 'secret');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('reports an unexpected error when the request cannot be made', async () => {
    mockApi({
      'POST /api/auth/admin': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await openSignIn();
    const user = await fillIn('admin@deskline.test', 'secret');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred during sign in',
    );
  });

  it('sends a signed-in user straight to the home page, replacing the history entry', async () => {
    mockApi({});
    signInAs();

    const { router } = renderApp('/signin');

    expect(await screen.findByRole('heading', { name: 'Trading Programs' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('offers the theme toggle and names the authentication provider', async () => {
    mockApi({});
    await openSignIn();

    expect(screen.getByRole('button', { name: 'Toggle color mode' })).toBeVisible();
    expect(screen.getByText(/uses Amazon Cognito admin authentication/)).toBeVisible();
  });
});

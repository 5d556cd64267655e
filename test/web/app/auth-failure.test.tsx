import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi } from '../support/fetch-mock';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session-fixtures';
import { skipWhatsNewModal } from '../features/programs/program-fixtures';
import { membershipConfig, signInAsTrader } from '../features/trader-area/trader-fixtures';

/*
 * Decision 39: a 401 anywhere signs out and says why on the sign-in screen,
 * not in a toast that may never be seen.
 */

const AUTH_FAILED = 'Authentication failed - please log in again';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('a 401 from the API', () => {
  it('signs staff out to the sign-in screen, which says why', async () => {
    signInAs();
    skipWhatsNewModal();
    mockApi({ 'GET /api/programs': () => errorResponse(401, 'Token expired') });

    const { router } = renderApp('/programs');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_FAILED);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signs staff out when the first request, a route loader, fails before any screen has mounted', async () => {
    signInAs();
    skipWhatsNewModal();
    // All Accounts starts its request with its code (a route loader), not when the screen mounts.
    mockApi({ 'GET /api/accounts': () => errorResponse(401, 'Token expired') });

    const { router } = renderApp('/accounts');

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_FAILED);
  });

  it('says it once: the notice goes when the user signs in again', async () => {
    signInAs();
    skipWhatsNewModal();
    mockApi({
      'GET /api/programs': () => errorResponse(401, 'Token expired'),
      'POST /api/auth/admin': () => errorResponse(401, 'Incorrect username or password.'),
    });
    renderApp('/programs');
    await screen.findByRole('button', { name: 'Sign In' });
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_FAILED);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'admin@deskline.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Incorrect username or password.')).toBeVisible();
    expect(screen.queryByText(AUTH_FAILED)).toBeNull();
  });

  it('sends a trader to the trader login, which says why', async () => {
    signInAsTrader();
    mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'POST /api/amember/client-login': () => errorResponse(401, 'Token expired'),
    });

    const { router } = renderApp('/trader-accounts');

    await waitFor(() => expect(router.state.location.pathname).toBe('/trader-login'));
    const card = await screen.findByRole('heading', { name: 'Trader Login' });
    expect(card).toBeVisible();
    expect(within(document.body).getByRole('alert')).toHaveTextContent(AUTH_FAILED);
  });
});

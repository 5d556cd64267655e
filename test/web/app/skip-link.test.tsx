import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../support/fetch-mock';
import { renderApp } from '../support/render-app';
import { signInAs } from '../support/session-fixtures';
import {
  loggedInAnswer,
  membershipConfig,
  signInAsTrader,
} from '../features/trader-area/trader-fixtures';

afterEach(() => localStorage.clear());

async function skipToMain() {
  const user = userEvent.setup();
  await user.tab();
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  // The first thing Tab reaches, before the sidebar's links.
  expect(skip).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
  // The next Tab goes on from the content, not from the top of the sidebar.
  await user.tab();
  expect(screen.getByRole('navigation', { name: /navigation/i })).not.toContainElement(
    document.activeElement as HTMLElement,
  );
}

describe('skip link', () => {
  it('moves focus past the staff sidebar to the main content', async () => {
    mockApi({});
    signInAs();
    renderApp('/hello');
    await screen.findByRole('heading', { name: /hello/i });
    await waitFor(() => expect(screen.getByRole('main')).toBeInTheDocument());

    await skipToMain();
  });

  it('moves focus past the trader sidebar to the main content', async () => {
    mockApi({
      'GET /api/amember/config': () => jsonResponse(membershipConfig),
      'POST /api/amember/client-login': () => jsonResponse(loggedInAnswer),
    });
    signInAsTrader();
    renderApp('/traders/tradechat');
    await screen.findByRole('heading', { name: 'TradeChat' });

    await skipToMain();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi, type RecordedCall } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { skipWhatsNewModal } from './program-fixtures';

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const CONFIRM =
  "This will update ALL accounts to use the latest version of their assigned trading programs. This will also assign programs to accounts that don't have one. This action cannot be undone. Continue?";

async function confirmForceAll(calls: RecordedCall[]) {
  renderApp('/');
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  // The first render loads the home screen's module.
  const extras = await screen.findByRole('group', { name: 'Extras' });
  await user.click(within(extras).getByRole('button', { name: 'Force All Update' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(CONFIRM);
  expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Update All Accounts' }));
}

describe('sidebar Force All Update', () => {
  it('asks first, then reports updated, newly assigned, errors, skipped and total', async () => {
    const calls = mockApi({
      'POST /api/accounts/force-program-update': () =>
        jsonResponse({
          success: true,
          message: 'Done',
          result: { updated: 12, assigned: 3, errors: 1, skipped: 40, total: 56 },
        }),
    });

    await confirmForceAll(calls);

    expect(await screen.findByText('Force update completed successfully!')).toBeVisible();
    expect(
      screen.getByText('Updated: 12, Newly assigned: 3, Errors: 1, Skipped: 40, Total: 56'),
    ).toBeVisible();
  });

  it("shows the server's message when it reports no success", async () => {
    const calls = mockApi({
      'POST /api/accounts/force-program-update': () =>
        jsonResponse({
          success: false,
          message: 'A sync is running',
          result: { updated: 0, assigned: 0, errors: 0, skipped: 0, total: 0 },
        }),
    });

    await confirmForceAll(calls);

    expect(await screen.findByText('Error: A sync is running')).toBeVisible();
  });

  it("shows the server's reason when it refuses the update", async () => {
    const calls = mockApi({
      'POST /api/accounts/force-program-update': () =>
        jsonResponse({ error: { code: 'CONFLICT', message: 'A sync is already running' } }, 409),
    });

    await confirmForceAll(calls);

    expect(await screen.findByText('Error: A sync is already running')).toBeVisible();
    expect(screen.queryByText('Failed to execute force update')).toBeNull();
  });

  it('says the force update failed when no answer gives a reason', async () => {
    const calls = mockApi({
      'POST /api/accounts/force-program-update': () => {
        throw new TypeError('Failed to fetch');
      },
    });

    await confirmForceAll(calls);

    expect(await screen.findByText('Failed to execute force update')).toBeVisible();
  });
});

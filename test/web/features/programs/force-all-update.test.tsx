import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi, type RecordedCall } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { skipWhatsNewModal } from './program-fixtures';
import { jobRoutes } from '../../support/jobs';

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
  it('asks first, follows the background job, then reports updated, newly assigned, errors, skipped and total', async () => {
    const calls = mockApi(
      jobRoutes('POST /api/accounts/force-program-update', 'force-program-update', {
        total: 56,
        done: 56,
        counts: { updated: 12, assigned: 3, errors: 1, skipped: 40 },
      }),
    );

    await confirmForceAll(calls);

    expect(await screen.findByText('Re-judging accounts: 28 of 56')).toBeVisible();
    expect(
      await screen.findByText('Force update completed successfully!', {}, { timeout: 3_000 }),
    ).toBeVisible();
    expect(
      screen.getByText('Updated: 12, Newly assigned: 3, Errors: 1, Skipped: 40, Total: 56'),
    ).toBeVisible();
  });

  it("shows the job's message when it stops before it finishes", async () => {
    const calls = mockApi(
      jobRoutes('POST /api/accounts/force-program-update', 'force-program-update', {
        status: 'failed',
        total: 56,
        done: 16,
        error: 'The job stopped before it finished: resume it to continue',
      }),
    );

    await confirmForceAll(calls);

    expect(
      await screen.findByText(
        'Error: The job stopped before it finished: resume it to continue',
        {},
        { timeout: 3_000 },
      ),
    ).toBeVisible();
  });

  it('resumes a job that stopped from its toast, and reports it once it has finished', async () => {
    const stopped = jobRoutes('POST /api/accounts/force-program-update', 'force-program-update', {
      status: 'failed',
      total: 56,
      done: 16,
      error: 'The job stopped before it finished: resume it to continue',
    });
    const finished = jobRoutes('POST /api/jobs/job-1/resume', 'force-program-update', {
      total: 56,
      done: 56,
      counts: { updated: 12, assigned: 3, errors: 1, skipped: 40 },
    });
    let resumed = false;
    const calls = mockApi({
      ...stopped,
      'POST /api/jobs/job-1/resume': () => {
        resumed = true;
        return finished['POST /api/jobs/job-1/resume']!();
      },
      'GET /api/jobs/job-1': () => (resumed ? finished : stopped)['GET /api/jobs/job-1']!(),
    });

    await confirmForceAll(calls);
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: 'Resume' }, { timeout: 3_000 }));

    expect(
      await screen.findByText('Force update completed successfully!', {}, { timeout: 4_000 }),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/accounts/force-program-update',
      '/api/jobs/job-1/resume',
    ]);
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

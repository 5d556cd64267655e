import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi, type RecordedCall } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { evalProgram, phase, rulesResponse, skipWhatsNewModal } from './program-fixtures';
import { jobRoutes } from '../../support/jobs';

// Whole-form journeys on a shared 2-core machine.

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const program = {
  ...evalProgram,
  phases: [
    {
      ...phase('phase-1'),
      rules: {
        ...phase('phase-1').rules,
        rules: [
          {
            ruleId: 'drawdown-eod',
            enabled: true,
            priority: 10,
            parameterOverrides: { maxDrawdown: 2500 },
            customMessages: {},
          },
          {
            ruleId: 'retired-rule',
            enabled: true,
            priority: 20,
            parameterOverrides: {},
            customMessages: {},
          },
        ],
      },
    },
  ],
};

async function openEdit(handlers: Parameters<typeof mockApi>[0] = {}, path = '/programs/EVAL50') {
  const calls = mockApi({
    'GET /api/rules': () => jsonResponse(rulesResponse()),
    'GET /api/programs/EVAL50': () => jsonResponse(program),
    'GET /api/programs/EVAL50/versions': () =>
      jsonResponse([program, { ...program, version: 2, name: 'Evaluation 50K (old)' }]),
    'GET /api/programs': () => jsonResponse([program]),
    ...handlers,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { name: /Edit Program|Version/ });
  await waitFor(() => expect(calls.some((call) => call.url === '/api/rules')).toBe(true));
  return { ...app, calls, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

/** Force Update All Accounts, confirmed. */
async function forceUpdateAll(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Force Update All Accounts' }));
  await user.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', {
      name: 'Update All Accounts',
    }),
  );
}

const ruleRow = async (name: string) =>
  within(await screen.findByRole('list', { name: 'Rules of phase 1' })).findByRole('listitem', {
    name,
  });

const saves = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PUT');

describe('edit program screen', () => {
  it('links the purchase URL only when it is http or https (a stored javascript: URL stays text)', async () => {
    await openEdit({
      'GET /api/programs/EVAL50': () =>
        jsonResponse({ ...program, urls: { purchaseUrl: 'javascript:alert(document.cookie)' } }),
    });

    expect(await screen.findByLabelText('Purchase URL')).toHaveValue(
      'javascript:alert(document.cookie)',
    );
    expect(screen.queryByRole('link', { name: /Purchase/ })).not.toBeInTheDocument();
    expect(screen.getByText('Purchase URL must be an http or https URL')).toBeVisible();
  });

  it("shows each rule's name, category, action, first parameter with +N more, and Missing for an unknown rule", async () => {
    await openEdit();

    const drawdown = await ruleRow('EOD Trailing Drawdown');
    expect(within(drawdown).getByText('drawdown')).toBeVisible();
    expect(within(drawdown).getByText('termination')).toBeVisible();
    expect(within(drawdown).getByText('maxDrawdown: 2,500 +1 more')).toBeVisible();
    const missing = await ruleRow('retired-rule');
    expect(within(missing).getByText('Missing')).toBeVisible();
  });

  it('shows and hides the details with the action timing', async () => {
    const { user } = await openEdit();
    const drawdown = await ruleRow('EOD Trailing Drawdown');

    await user.click(within(drawdown).getByRole('button', { name: 'Show details' }));

    const details = within(drawdown).getByRole('group', { name: 'Rule details' });
    expect(details).toHaveTextContent('trails the end-of-day balance');
    expect(details).toHaveTextContent('resetType: trailing');
    expect(details).toHaveTextContent('Action: termination (Immediate)');
    await user.click(within(drawdown).getByRole('button', { name: 'Hide details' }));
    expect(within(drawdown).queryByRole('group', { name: 'Rule details' })).not.toBeInTheDocument();
  });

  it('edits settings: overrides with their badge and reset, a priority clamped to 1000', async () => {
    const { user } = await openEdit();
    const drawdown = await ruleRow('EOD Trailing Drawdown');
    await user.click(within(drawdown).getByRole('button', { name: 'Edit settings' }));
    const settings = within(drawdown).getByRole('group', { name: 'Rule settings' });

    expect(within(settings).getByText('Override')).toBeVisible();
    await user.click(
      within(settings).getByRole('button', { name: 'Reset maxDrawdown to default' }),
    );
    expect(within(settings).queryByText('Override')).not.toBeInTheDocument();
    expect(within(drawdown).getByText('maxDrawdown: 2,000 +1 more')).toBeVisible();

    await user.type(within(settings).getByRole('textbox', { name: 'resetType' }), 'eod');
    expect(within(settings).getByText('Override')).toBeVisible();

    const priority = within(settings).getByLabelText('Priority');
    await user.clear(priority);
    await user.type(priority, '15x00');
    await user.tab();
    expect(priority).toHaveValue('1000');
  });

  it('asks before removing a rule, naming it', async () => {
    const { user } = await openEdit();
    const drawdown = await ruleRow('EOD Trailing Drawdown');

    await user.click(within(drawdown).getByRole('button', { name: 'Remove' }));

    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Are you sure you want to remove the rule "EOD Trailing Drawdown" from this phase?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('listitem', { name: 'EOD Trailing Drawdown' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('saves with Ctrl+S as the next version, then offers to upgrade the accounts on older versions', async () => {
    const { calls, user, router } = await openEdit({
      'PUT /api/programs/EVAL50': (call) =>
        jsonResponse({ ...(call.body as object), outdatedAccounts: 3 }),
      ...jobRoutes('POST /api/programs/EVAL50/force-update-accounts', 'program-upgrade', {
        subject: { prefix: 'EVAL50', programVersion: 4 },
        total: 3,
        done: 3,
        counts: { updated: 3 },
      }),
    });
    await user.clear(screen.getByLabelText('Program Name'));
    await user.type(screen.getByLabelText('Program Name'), 'Evaluation 50K v4');

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });

    const modal = await screen.findByRole('alertdialog', { name: 'Program Updated Successfully' });
    expect(saves(calls)[0]?.body).toMatchObject({ name: 'Evaluation 50K v4', version: 4 });
    expect(modal).toHaveTextContent('3 accounts use an older version.');
    const upgrade = within(modal).getByRole('button', { name: 'Upgrade Accounts & Close' });
    expect(upgrade).toBeDisabled();
    await user.click(
      within(modal).getByText('upgrade all accounts using the program to the new version'),
    );
    // A plain click: the checkbox's blur handler needs PointerEvent, which jsdom lacks.
    fireEvent.click(upgrade);

    expect(
      await screen.findByText(
        '✓ Successfully upgraded 3 accounts to program version 4. Errors: 0',
        {},
        { timeout: 3_000 },
      ),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/programs'));
  });

  it('goes back to the programs without an upgrade on Skip and Close', async () => {
    const { calls, user, router } = await openEdit({
      'PUT /api/programs/EVAL50': (call) =>
        jsonResponse({ ...(call.body as object), outdatedAccounts: 1 }),
    });

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Program Updated Successfully' });
    expect(modal).toHaveTextContent('1 account uses an older version.');
    await user.click(within(modal).getByRole('button', { name: 'Skip and Close' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programs'));
    expect(calls.some((call) => call.url.endsWith('/force-update-accounts'))).toBe(false);
  });

  it('returns to the programs at once when no account is on an older version', async () => {
    const { user, router } = await openEdit({
      'PUT /api/programs/EVAL50': (call) =>
        jsonResponse({ ...(call.body as object), outdatedAccounts: 0 }),
    });

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/programs'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says when someone else saved first and offers to reload', async () => {
    const stale = 'The program was changed by someone else — reload to see the latest version';
    const { user } = await openEdit({
      'PUT /api/programs/EVAL50': () =>
        jsonResponse({ error: { code: 'CONFLICT', message: stale } }, 409),
    });

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent(`Failed to update program: ${stale}`);
    expect(within(alert).getByRole('button', { name: 'Reload the latest version' })).toBeVisible();
  });

  it('asks before forcing every account of the program to the latest version, then reports the counts', async () => {
    const { calls, user } = await openEdit({
      ...jobRoutes('POST /api/programs/EVAL50/force-update-accounts', 'program-upgrade', {
        subject: { prefix: 'EVAL50', programVersion: 3 },
        total: 8,
        done: 8,
        counts: { updated: 7, errors: 1 },
      }),
    });

    await user.click(screen.getByRole('button', { name: 'Force Update All Accounts' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'This will update ALL accounts using the program EVAL50 to the latest version. This action cannot be undone. Continue?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Update All Accounts' }));

    expect(
      await screen.findByText('Updated: 7, Errors: 1, Program Version: 3', {}, { timeout: 3_000 }),
    ).toBeVisible();
    expect(calls.filter((call) => call.url.endsWith('/force-update-accounts'))).toHaveLength(1);
  });

  it('offers to resume a force update whose job stopped part-way, and reports it once resumed', async () => {
    const subject = { prefix: 'EVAL50', programVersion: 3 };
    const stopped = jobRoutes(
      'POST /api/programs/EVAL50/force-update-accounts',
      'program-upgrade',
      {
        subject,
        status: 'failed',
        total: 40,
        done: 16,
        error: 'The job stopped before it finished: resume it to continue',
      },
    );
    const finished = jobRoutes('POST /api/jobs/job-1/resume', 'program-upgrade', {
      subject,
      total: 40,
      done: 40,
      counts: { updated: 39, errors: 1 },
    });
    let resumed = false;
    const { calls, user } = await openEdit({
      ...stopped,
      'POST /api/jobs/job-1/resume': () => {
        resumed = true;
        return finished['POST /api/jobs/job-1/resume']!();
      },
      'GET /api/jobs/job-1': () => (resumed ? finished : stopped)['GET /api/jobs/job-1']!(),
    });

    await forceUpdateAll(user);
    expect(
      await screen.findByText(
        'Failed to force update accounts: The job stopped before it finished: resume it to continue',
        {},
        { timeout: 3_000 },
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resume' }));

    expect(
      await screen.findByText('Updated: 39, Errors: 1, Program Version: 3', {}, { timeout: 4_000 }),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/programs/EVAL50/force-update-accounts',
      '/api/jobs/job-1/resume',
    ]);
  });

  it('reports a failed force update', async () => {
    const { user } = await openEdit({
      'POST /api/programs/EVAL50/force-update-accounts': () => errorResponse(500, 'Table busy'),
    });

    await forceUpdateAll(user);

    expect(await screen.findByText('Failed to force update accounts: Table busy')).toBeVisible();
    // No job started: nothing to resume.
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('shows the stored program as JSON', async () => {
    const { user } = await openEdit();

    await user.click(screen.getByRole('button', { name: 'View Program JSON' }));

    const dialog = await screen.findByRole('dialog', { name: 'Program EVAL50 (version 3)' });
    expect(dialog).toHaveTextContent('Evaluation 50K');
    expect(within(dialog).getByRole('button', { name: 'Copy JSON' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists the versions and opens a past one read-only with its differences', async () => {
    const { user, router } = await openEdit({
      'GET /api/programs/EVAL50/versions/2': () =>
        jsonResponse({ ...program, version: 2, name: 'Evaluation 50K (old)' }),
    });
    const history = await screen.findByRole('table', { name: 'Program versions' });

    await user.click(within(history).getByRole('link', { name: 'View version 2' }));

    expect(await screen.findByRole('heading', { name: 'Version 2 of EVAL50' })).toBeVisible();
    expect(router.state.location.search).toBe('?version=2');
    const diff = await screen.findByRole('table', { name: 'Version differences' });
    const row = within(diff).getByRole('row', { name: /^name/ });
    expect(row).toHaveTextContent('Evaluation 50K (old)');
    expect(row).toHaveTextContent('Evaluation 50K');
    expect(screen.getByLabelText('Program Name')).toBeDisabled();
    expect(screen.getByLabelText('Program Name')).toHaveValue('Evaluation 50K (old)');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Rule' })).not.toBeInTheDocument();
  });

  it('says Program not found for an unknown prefix', async () => {
    mockApi({
      'GET /api/rules': () => jsonResponse(rulesResponse()),
      'GET /api/programs/NOPE': () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'Program NOPE not found' } }, 404),
    });

    renderApp('/programs/NOPE');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Program not found');
  });
});

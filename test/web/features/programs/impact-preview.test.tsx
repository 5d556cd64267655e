import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { evalProgram, rulesResponse, skipWhatsNewModal } from './program-fixtures';
import { jobRoutes } from '../../support/jobs';

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const PREVIEW_ID = '0d5c3a52-2f4e-4a57-9f1e-6a2b8d1c0e11';

const failing = {
  accountId: 'EVAL50-000004',
  traderId: 'trader-4',
  before: { status: 'active', payoutEligible: false },
  after: { status: 'failed', payoutEligible: false },
  decisive: {
    ruleId: 'drawdown-eod',
    name: 'EOD Trailing Drawdown',
    date: '20261118',
    description: 'Balance below the floor',
  },
};
const losingPayout = {
  accountId: 'EVAL50-000009',
  traderId: 'trader-9',
  before: { status: 'active', payoutEligible: true },
  after: { status: 'active', payoutEligible: false },
  decisive: null,
};

const preview = (extra: Record<string, unknown>) => ({
  previewId: PREVIEW_ID,
  prefix: 'EVAL50',
  version: 4,
  status: 'running',
  total: 3,
  judged: 0,
  errors: 0,
  changes: [],
  startedAt: '2026-11-26T10:00:00.000Z',
  ...extra,
});

async function openEdit(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /api/rules': () => jsonResponse(rulesResponse()),
    'GET /api/programs/EVAL50': () => jsonResponse(evalProgram),
    'GET /api/programs/EVAL50/versions': () =>
      jsonResponse([evalProgram, { ...evalProgram, version: 2 }, { ...evalProgram, version: 1 }]),
    'GET /api/programs': () => jsonResponse([evalProgram]),
    ...handlers,
  });
  const app = renderApp('/programs/EVAL50');
  await screen.findByRole('heading', { name: 'Edit Program' });
  await waitFor(() => expect(calls.some((call) => call.url === '/api/rules')).toBe(true));
  return { ...app, calls, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

describe('impact preview on the edit program screen', () => {
  it('previews the unsaved version: progress while it runs, then who would flip, nothing saved', async () => {
    const answers = [
      preview({ judged: 1 }),
      preview({ status: 'done', judged: 3, changes: [failing, losingPayout] }),
    ];
    const { calls, user } = await openEdit({
      'POST /api/programs/EVAL50/impact-preview': () => jsonResponse(preview({}), 202),
      [`GET /api/programs/EVAL50/impact-preview/${PREVIEW_ID}`]: () =>
        jsonResponse(answers.length > 1 ? answers.shift() : answers[0]),
    });
    await user.clear(screen.getByLabelText('Program Name'));
    await user.type(screen.getByLabelText('Program Name'), 'Evaluation 50K tighter');

    await user.click(screen.getByRole('button', { name: 'Preview Impact' }));

    const panel = await screen.findByRole('region', { name: 'Impact preview' });
    expect(await within(panel).findByText(/Re-judging 1 of 3 accounts/)).toBeVisible();
    expect(within(panel).getByRole('progressbar', { name: 'Accounts re-judged' })).toHaveAttribute(
      'aria-valuenow',
      '33.3',
    );
    const table = await within(panel).findByRole(
      'table',
      { name: 'Accounts that would change' },
      { timeout: 5_000 },
    );
    expect(
      within(panel).getByText('1 active → failed, 1 payout eligibility changed'),
    ).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('EVAL50-000004');
    expect(rows[0]).toHaveTextContent('Active → Failed');
    expect(rows[0]).toHaveTextContent('EOD Trailing Drawdown on 11/18/2026');
    expect(rows[1]).toHaveTextContent('Eligible → Not eligible');
    expect(within(rows[0]!).getByRole('link', { name: 'EVAL50-000004' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-000004',
    );
    const started = calls.find((call) => call.url.endsWith('/impact-preview'));
    expect(started?.body).toMatchObject({ name: 'Evaluation 50K tighter', version: 4 });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal of the preview in the form's alert", async () => {
    const { user } = await openEdit({
      'POST /api/programs/EVAL50/impact-preview': () =>
        errorResponse(409, 'Program has 900 accounts; an impact preview re-judges at most 500.'),
    });

    await user.click(screen.getByRole('button', { name: 'Preview Impact' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to preview the impact: Program has 900 accounts; an impact preview re-judges at most 500.',
    );
    expect(screen.queryByRole('region', { name: 'Impact preview' })).not.toBeInTheDocument();
  });

  it('lists the accounts an upgrade changed before going back to the programs', async () => {
    const { user, router } = await openEdit({
      ...jobRoutes('POST /api/programs/EVAL50/force-update-accounts', 'program-upgrade', {
        subject: { prefix: 'EVAL50', programVersion: 3 },
        total: 3,
        done: 3,
        counts: { updated: 3, changed: 1 },
        changes: [failing],
      }),
    });

    await user.click(screen.getByRole('button', { name: 'Force Update All Accounts' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Update All Accounts',
      }),
    );

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Accounts changed by version 3' },
      { timeout: 3_000 },
    );
    expect(dialog).toHaveTextContent('1 account changed status or payout eligibility');
    expect(within(dialog).getByRole('table')).toHaveTextContent('Active → Failed');
    // The result's toast waits for the changed accounts to be read: none shows under a modal.
    expect(screen.queryByText('Force update completed')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Accounts changed/ })).not.toBeInTheDocument(),
    );
    expect(await screen.findByText('Force update completed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/programs/EVAL50');
  });

  it('reverts to a past version after confirming, then lists the accounts whose status changed', async () => {
    const reverted = { ...failing, before: failing.after, after: failing.before, decisive: null };
    const { calls, user } = await openEdit({
      ...jobRoutes(
        'POST /api/programs/EVAL50/versions/2/revert',
        'program-upgrade',
        {
          subject: { prefix: 'EVAL50', programVersion: 4 },
          total: 3,
          done: 3,
          counts: { updated: 3, changed: 1 },
          changes: [reverted],
        },
        (job) => ({
          program: { ...evalProgram, version: 4, revertedFrom: 2, outdatedAccounts: 0 },
          job,
        }),
      ),
    });
    const history = await screen.findByRole('table', { name: 'Program versions' });

    await user.click(within(history).getByRole('button', { name: 'Revert to version 2' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revert to version 2' });
    expect(confirm).toHaveTextContent(
      'This saves the rules of version 2 as version 4 of EVAL50 and upgrades every account of the program to it.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Revert and Upgrade Accounts' }));

    expect(
      await screen.findByText('EVAL50 reverted to version 2 as version 4', {}, { timeout: 3_000 }),
    ).toBeVisible();
    const dialog = await screen.findByRole('dialog', { name: 'Accounts changed by version 4' });
    expect(dialog).toHaveTextContent('Failed → Active');
    expect(calls.filter((call) => call.url.endsWith('/revert'))).toHaveLength(1);
    expect(within(history).queryByRole('button', { name: 'Revert to version 3' })).toBeNull();
  });

  it("offers to resume a revert whose accounts' upgrade stopped part-way, and reports it once resumed", async () => {
    const subject = { prefix: 'EVAL50', programVersion: 4 };
    const program = { ...evalProgram, version: 4, revertedFrom: 2, outdatedAccounts: 0 };
    const stopped = jobRoutes(
      'POST /api/programs/EVAL50/versions/2/revert',
      'program-upgrade',
      { subject, status: 'failed', total: 3, done: 1, error: 'The job stopped before it finished' },
      (job) => ({ program, job }),
    );
    const finished = jobRoutes('POST /api/jobs/job-1/resume', 'program-upgrade', {
      subject,
      total: 3,
      done: 3,
      counts: { updated: 3 },
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
    const history = await screen.findByRole('table', { name: 'Program versions' });

    await user.click(within(history).getByRole('button', { name: 'Revert to version 2' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revert to version 2' });
    await user.click(within(confirm).getByRole('button', { name: 'Revert and Upgrade Accounts' }));
    expect(
      await screen.findByText('Failed to revert to version 2', {}, { timeout: 3_000 }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Resume' }));

    expect(
      await screen.findByText('EVAL50 reverted to version 2 as version 4', {}, { timeout: 4_000 }),
    ).toBeVisible();
    // The version is saved once: the resume continues its upgrade, it does not revert again.
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/programs/EVAL50/versions/2/revert',
      '/api/jobs/job-1/resume',
    ]);
  });
});

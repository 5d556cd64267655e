import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { rulesResponse, skipWhatsNewModal } from './program-fixtures';

// Whole-form journeys type a lot on a shared 2-core machine.

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const phaseCard = (number: number) => screen.getByRole('group', { name: `Phase ${number}` });

async function openCreate(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'GET /api/rules': () => jsonResponse(rulesResponse()), ...handlers });
  const app = renderApp('/programs/create');
  // The first visit loads the screen's modules.
  await screen.findByRole('heading', { name: 'Create New Trading Program' });
  await waitFor(() => expect(calls.some((call) => call.url === '/api/rules')).toBe(true));
  return { ...app, calls, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Program Prefix'), 'eval-25k');
  await user.type(screen.getByLabelText('Program Name'), 'Evaluation 25K');
  await user.type(screen.getAllByLabelText('Description')[0]!, 'A small evaluation.');
  await user.type(screen.getByLabelText('Created By'), 'ops@deskline.test');
}

async function addRule(
  user: ReturnType<typeof userEvent.setup>,
  phase: HTMLElement,
  ruleId: string,
) {
  await user.click(within(phase).getByRole('button', { name: 'Add Rule' }));
  await user.selectOptions(within(phase).getByLabelText('Rule'), ruleId);
  await user.click(within(phase).getByRole('button', { name: 'Add' }));
}

describe('create program screen', () => {
  it('starts from the new-program defaults: type eval, status active, phase-1 with a $99 purchase fee', async () => {
    await openCreate();

    expect(screen.getByLabelText('Program Type')).toHaveValue('eval');
    expect(screen.getByLabelText('Program Status')).toHaveValue('active');
    expect(screen.getByLabelText('Current Phase')).toHaveValue('phase-1');
    expect(screen.getByLabelText('Version')).toHaveValue('1');
    const phase = phaseCard(1);
    expect(within(phase).getByLabelText('Phase ID')).toHaveValue('phase-1');
    expect(within(phase).getByLabelText('Phase Name')).toHaveValue('Phase 1');
    expect(within(phase).getByLabelText('Phase Type')).toHaveValue('evaluation');
    expect(within(phase).getByLabelText('Account Size')).toHaveValue(50000);
    expect(within(phase).getByLabelText('Starting Balance')).toHaveValue(50000);
    expect(within(phase).getByLabelText('Purchase Fee')).toHaveValue(99);
    expect(within(phase).getByLabelText('Max Accounts Per Trader')).toHaveValue(1);
    expect(within(phase).getByRole('checkbox', { name: 'Payout Eligible' })).not.toBeChecked();
    expect(within(phase).queryByRole('button', { name: 'Remove Phase' })).not.toBeInTheDocument();
  });

  it('lists every problem under Validation Error with the spec messages and sends nothing', async () => {
    const { calls, user } = await openCreate();
    await user.clear(within(phaseCard(1)).getByLabelText('Phase Name'));
    await user.clear(within(phaseCard(1)).getByLabelText('Account Size'));

    await user.click(screen.getByRole('button', { name: 'Create Program' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Validation Error')).toBeVisible();
    expect(within(alert).getByText('Please fix the following required fields')).toBeVisible();
    const messages = within(alert)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Program prefix is required',
        'Program name is required',
        'Description is required',
        'Created By is required',
        'Phase 1: Phase Name is required',
        'Phase 1: Account Size must be greater than 0',
      ]),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('upper-cases the prefix and refuses characters other than letters, digits and hyphens', async () => {
    const { user } = await openCreate();
    await fillBasics(user);
    await user.clear(screen.getByLabelText('Program Prefix'));
    await user.type(screen.getByLabelText('Program Prefix'), 'eval 25k');

    await user.click(screen.getByRole('button', { name: 'Create Program' }));

    expect(
      await within(screen.getByRole('alert')).findByText(
        'Program prefix can only contain letters, numbers, and hyphens',
      ),
    ).toBeVisible();
  });

  it('adds rules from the selector, which leaves out the rules a phase has, and a second phase', async () => {
    const { user } = await openCreate();

    await addRule(user, phaseCard(1), 'drawdown-eod');
    await user.click(within(phaseCard(1)).getByRole('button', { name: 'Add Rule' }));
    const options = within(within(phaseCard(1)).getByLabelText('Rule'))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options).not.toContain('drawdown-eod');
    expect(options).toContain('profit-target');
    await user.selectOptions(
      within(phaseCard(1)).getByLabelText('Category filter'),
      'trading-days',
    );
    expect(
      within(within(phaseCard(1)).getByLabelText('Rule'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'min-days']);
    await user.click(within(phaseCard(1)).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add Phase' }));

    expect(within(phaseCard(2)).getByLabelText('Phase ID')).toHaveValue('phase-2');
    expect(within(phaseCard(2)).getByLabelText('Phase Name')).toHaveValue('Phase 2');
    expect(within(phaseCard(1)).getByRole('button', { name: 'Remove Phase' })).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Rules of phase 1' })).getByText(
        'EOD Trailing Drawdown',
      ),
    ).toBeVisible();
  });

  it("sends the program as version 1 with the rule references' defaults, shows 'Creating Program...', then lists programs", async () => {
    const pending = deferredResponse();
    const { calls, user, router } = await openCreate({
      'POST /api/programs': () => pending.promise,
      'GET /api/programs': () => jsonResponse([]),
    });
    await fillBasics(user);
    await addRule(user, phaseCard(1), 'drawdown-eod');
    await user.click(screen.getByRole('button', { name: 'Add Phase' }));
    await addRule(user, phaseCard(2), 'profit-target');

    await user.click(screen.getByRole('button', { name: 'Create Program' }));

    expect(await screen.findByText('Creating Program...')).toBeVisible();
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      prefix: 'EVAL-25K',
      name: 'Evaluation 25K',
      type: 'eval',
      status: 'active',
      currentPhase: 'phase-1',
      createdBy: 'ops@deskline.test',
      version: 1,
    });
    expect(body.phases).toEqual([
      expect.objectContaining({
        phaseId: 'phase-1',
        rules: {
          programId: 'EVAL-25K',
          phaseId: 'phase-1',
          evaluationOrder: 'priority',
          rules: [
            {
              ruleId: 'drawdown-eod',
              enabled: true,
              priority: 100,
              parameterOverrides: {},
              customMessages: {},
            },
          ],
        },
        fees: [{ type: 'purchase', fee: 99, recurring: 'one-time', feeCurrency: 'USD' }],
        phaseManagement: { payoutEligible: false, maxAccountsPerTrader: 1 },
      }),
      expect.objectContaining({
        phaseId: 'phase-2',
        rules: expect.objectContaining({
          phaseId: 'phase-2',
          rules: [expect.objectContaining({ ruleId: 'profit-target' })],
        }),
      }),
    ]);

    pending.resolve(jsonResponse({ ...body, outdatedAccounts: 0 }, 200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/programs'));
  });

  it("puts a 400's details on their fields and says the create failed", async () => {
    const { user } = await openCreate({
      'POST /api/programs': () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Invalid request body',
              details: [{ field: 'phases.0.phaseName', message: 'Phase 1: Phase Name is taken' }],
            },
          },
          400,
        ),
    });
    await fillBasics(user);

    await user.click(screen.getByRole('button', { name: 'Create Program' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Validation Error');
    expect(alert).toHaveTextContent('Failed to create program: Invalid request body');
    expect(within(alert).getByText('Phase 1: Phase Name is taken')).toBeVisible();
    expect(within(phaseCard(1)).getByText('Phase 1: Phase Name is taken')).toBeVisible();
  });

  it('removes a phase only while more than one exists', async () => {
    const { user } = await openCreate();
    await user.click(screen.getByRole('button', { name: 'Add Phase' }));

    await user.click(within(phaseCard(2)).getByRole('button', { name: 'Remove Phase' }));

    expect(screen.queryByRole('group', { name: 'Phase 2' })).not.toBeInTheDocument();
    expect(
      within(phaseCard(1)).queryByRole('button', { name: 'Remove Phase' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Phase' })).toBeVisible();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferredResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { evalProgram, rulesResponse, skipWhatsNewModal } from '../programs/program-fixtures';

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function openDemo(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /api/rules': () => jsonResponse(rulesResponse()),
    'GET /api/programs/rules': () => jsonResponse({ programRules: {} }),
    'GET /api/programs': () => jsonResponse([evalProgram]),
    ...handlers,
  });
  const app = renderApp('/rules/demo');
  await screen.findByRole('heading', { name: 'Rules Form Demo' });
  return { ...app, calls, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

async function openCreateForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Create New Rule' }));
  return screen.findByRole('dialog', { name: 'Create Rule' });
}

describe('rule form', () => {
  it('generates the Rule ID from category, hyphenated name and a timestamp, and keeps it disabled', async () => {
    const { user } = await openDemo();
    const form = await openCreateForm(user);

    await user.selectOptions(within(form).getByLabelText('Category'), 'drawdown');
    await user.type(within(form).getByLabelText('Rule Name'), 'Max Loss (Static)');

    const ruleId = within(form).getByLabelText('Rule ID');
    expect(ruleId).toBeDisabled();
    expect((ruleId as HTMLInputElement).value).toMatch(/^drawdown-max-loss-static-\d{13}$/);
    expect(within(form).getByLabelText('Rule Type')).toHaveValue('violation');
  });

  it('lists the required fields with their messages', async () => {
    const { calls, user } = await openDemo();
    const form = await openCreateForm(user);

    await user.click(within(form).getByRole('button', { name: 'Create Rule' }));

    for (const message of [
      'Rule Name is required',
      'Category is required',
      'Description is required',
      'Test Class Name is required',
      'Success Message is required',
      'Failure Message is required',
      'Action Description is required',
    ]) {
      // Under its field and in the form's alert.
      const shown = await within(form).findAllByText(message);
      expect(shown).toHaveLength(2);
      expect(shown[0]).toBeVisible();
    }
    expect(within(form).getByRole('alert')).toHaveTextContent('Please fix the following fields');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('fills the fields from a template; Consistency shows percent and stores a fraction', async () => {
    const { calls, user } = await openDemo({
      'POST /api/rules': (call) => jsonResponse(call.body, 201),
    });
    const form = await openCreateForm(user);

    await user.click(
      within(within(form).getByRole('group', { name: 'Templates' })).getByRole('button', {
        name: 'Consistency',
      }),
    );

    expect(within(form).getByLabelText('Rule Name')).toHaveValue('Consistency Rule');
    expect(within(form).getByLabelText('Test Class Name')).toHaveValue('ConsistencyRule');
    expect(within(form).getByLabelText('Priority')).toHaveValue(2);
    const percent = within(form).getByLabelText('Min Consistency (%)');
    expect(percent).toHaveValue(30);
    await user.clear(percent);
    await user.type(percent, '40');
    await user.click(within(form).getByRole('button', { name: 'Create Rule' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Consistency Rule',
      category: 'consistency',
      type: 'benchmark',
      priority: 2,
      version: '1.0.0',
      testParameters: { minConsistency: 0.4, period: 'daily' },
    });
  });

  it('shows Min Profit only when profit is required', async () => {
    const { user } = await openDemo();
    const form = await openCreateForm(user);
    await user.selectOptions(within(form).getByLabelText('Category'), 'trading-days');

    expect(within(form).queryByLabelText('Min Profit ($)')).not.toBeInTheDocument();
    await user.click(within(form).getByText('Require profit'));
    expect(within(form).getByLabelText('Min Profit ($)')).toBeVisible();
    await user.click(within(form).getByText('Require profit'));
    expect(within(form).queryByLabelText('Min Profit ($)')).not.toBeInTheDocument();
  });

  it('upper-cases instrument symbols, trims and de-duplicates tags, and says Saving rule... while it saves', async () => {
    const pending = deferredResponse();
    const { calls, user } = await openDemo({ 'POST /api/rules': () => pending.promise });
    const form = await openCreateForm(user);
    await user.click(
      within(within(form).getByRole('group', { name: 'Templates' })).getByRole('button', {
        name: 'Instruments',
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Add Instrument' }));
    const symbols = within(form).getAllByLabelText('Symbol');
    await user.type(symbols[symbols.length - 1]!, 'mnq');
    expect(symbols[symbols.length - 1]).toHaveValue('MNQ');
    const factors = within(form).getAllByLabelText('Position factor');
    expect(factors[0]).toHaveAttribute('min', '0.1');
    expect(factors[0]).toHaveAttribute('step', '0.1');
    const tags = within(form).getByLabelText('Tags');
    await user.clear(tags);
    await user.type(tags, ' risk , micro,, risk ');

    await user.click(within(form).getByRole('button', { name: 'Create Rule' }));

    expect(await within(form).findByText('Saving rule...')).toBeVisible();
    const body = calls.find((call) => call.method === 'POST')?.body as {
      tags: string[];
      testParameters: { allowedInstruments: { symbol: string }[] };
    };
    expect(body.tags).toEqual(['risk', 'micro']);
    expect(body.testParameters.allowedInstruments.map((entry) => entry.symbol)).toEqual([
      'ES',
      'MES',
      'MNQ',
    ]);
    pending.resolve(jsonResponse(body, 201));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's text when a save fails, else the status", async () => {
    const { user } = await openDemo({
      'POST /api/rules': () =>
        jsonResponse({ error: { code: 'CONFLICT', message: 'Rule drawdown-x exists' } }, 409),
    });
    const form = await openCreateForm(user);
    await user.click(
      within(within(form).getByRole('group', { name: 'Templates' })).getByRole('button', {
        name: 'Drawdown',
      }),
    );

    await user.click(within(form).getByRole('button', { name: 'Create Rule' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Rule drawdown-x exists');
  });
});

describe('program-rule form', () => {
  it('adds a rule to a phase with a clamped priority and numeric overrides only', async () => {
    const { calls, user } = await openDemo({
      'POST /api/rules/programs/EVAL50/phases/phase-1/rules': () =>
        jsonResponse({
          programId: 'EVAL50',
          phaseId: 'phase-1',
          evaluationOrder: 'priority',
          rules: [],
          version: 4,
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Add Rule to Program' }));
    const form = await screen.findByRole('dialog', { name: 'Add Rule to Program' });

    await user.click(within(form).getByRole('button', { name: 'Add Rule' }));
    expect(await within(form).findByText('Program is required')).toBeVisible();

    await user.selectOptions(within(form).getByLabelText('Program'), 'EVAL50');
    await user.selectOptions(within(form).getByLabelText('Rule'), 'drawdown-eod');
    expect(within(form).getByText('This phase has the rule already.')).toBeVisible();
    await user.selectOptions(within(form).getByLabelText('Rule'), 'max-position');
    const priority = within(form).getByLabelText('Priority');
    await user.clear(priority);
    await user.type(priority, '12a345');
    expect(priority).toHaveValue('12345');
    await user.tab();
    expect(priority).toHaveValue('1000');
    await user.type(within(form).getByLabelText('maxPositionSize'), '3x');
    expect(within(form).getByLabelText('maxPositionSize')).toHaveValue('3');
    await user.type(within(form).getByLabelText('Failure message'), 'Too many contracts');

    await user.click(within(form).getByRole('button', { name: 'Add Rule' }));

    expect(await screen.findByText('Rule added to EVAL50 / phase-1 (version 4)')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ruleId: 'max-position',
      enabled: true,
      priority: 1000,
      parameterOverrides: { maxPositionSize: 3 },
      customMessages: { failure: 'Too many contracts' },
    });
  });

  it('starts at priority 100 and reads an empty priority as 100 (decision 18)', async () => {
    const { user } = await openDemo();
    await user.click(screen.getByRole('button', { name: 'Add Rule to Program' }));
    const form = await screen.findByRole('dialog', { name: 'Add Rule to Program' });
    const priority = within(form).getByLabelText('Priority');
    expect(priority).toHaveValue('100');

    await user.clear(priority);
    await user.tab();

    expect(priority).toHaveValue('100');
  });
});

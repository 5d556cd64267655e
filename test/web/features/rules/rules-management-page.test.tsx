import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
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

const programRules = {
  programRules: {
    EVAL50: {
      programId: 'EVAL50',
      phaseId: 'phase-1',
      evaluationOrder: 'priority',
      rules: [
        {
          ruleId: 'drawdown-eod',
          enabled: true,
          priority: 10,
          parameterOverrides: {},
          customMessages: {},
        },
        {
          ruleId: 'gone',
          enabled: false,
          priority: 20,
          parameterOverrides: {},
          customMessages: {},
        },
      ],
    },
  },
};

async function openRules(path = '/rules/management', handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /api/rules': () => jsonResponse(rulesResponse()),
    'GET /api/programs/rules': () => jsonResponse(programRules),
    'GET /api/programs': () => jsonResponse([evalProgram]),
    ...handlers,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Rules Management' });
  return { ...app, calls, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

const table = () => screen.findByRole('table', { name: 'Rules' });
const names = (element: HTMLElement) =>
  within(element)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('rules management', () => {
  it('shows the nine columns with the value preview, status, tags and where each rule is used', async () => {
    await openRules();
    const element = await table();

    expect(
      within(element)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Name',
      'Category',
      'Type',
      'Priority',
      'Value',
      'Status',
      'Tags',
      'Used By',
      'Actions',
    ]);
    const drawdown = within(element).getByRole('row', { name: /EOD Trailing Drawdown/ });
    const cells = within(drawdown)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'EOD Trailing Drawdown',
      'drawdown',
      'violation',
      '1',
      '2,000',
    ]);
    expect(cells[5]).toContain('Active');
    expect(cells[5]).toContain('On');
    expect(cells[6]).toBe('drawdowntrailing');
    expect(cells[7]).toBe('EVAL50');
    const days = within(element).getByRole('row', { name: /Minimum Trading Days/ });
    expect(days).toHaveTextContent('Inactive');
    expect(days).toHaveTextContent('Off');
  });

  it('filters by search, category and type from the URL, and Clear drops them', async () => {
    const { user, router } = await openRules('/rules/management?type=benchmark');
    const element = await table();
    expect(names(element)).toEqual(['Profit Target', 'Minimum Trading Days']);
    expect(screen.getByLabelText('Type')).toHaveValue('benchmark');

    await user.type(screen.getByLabelText('Search'), 'FIVE');
    await waitFor(() => expect(names(element)).toEqual(['Minimum Trading Days']));
    expect(router.state.location.search).toBe('?type=benchmark&q=FIVE');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(async () => expect(names(await table())).toHaveLength(4));
    expect(router.state.location.search).toBe('');
    await user.selectOptions(screen.getByLabelText('Category'), 'drawdown');
    expect(names(await table())).toEqual(['EOD Trailing Drawdown']);
  });

  it("copies a rule as '<name> Copy' under a new id, without the original's ids and timestamps", async () => {
    const { calls, user } = await openRules('/rules/management', {
      'POST /api/rules': (call) => jsonResponse(call.body, 201),
    });
    await table();

    await user.click(screen.getByRole('button', { name: 'Copy EOD Trailing Drawdown' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body.name).toBe('EOD Trailing Drawdown Copy');
    expect(body.ruleId).toMatch(/^drawdown-eod-trailing-drawdown-copy-\d+$/);
    expect(body).not.toHaveProperty('_id');
    expect(body).not.toHaveProperty('createdAt');
    expect(body.testParameters).toEqual({ maxDrawdown: 2000, resetType: 'trailing' });
    expect(await screen.findByText('Rule copied as "EOD Trailing Drawdown Copy"')).toBeVisible();
  });

  it('asks before deleting and shows the reason of a refusal', async () => {
    const { calls, user } = await openRules('/rules/management', {
      'DELETE /api/rules/drawdown-eod': () =>
        jsonResponse({ error: { code: 'CONFLICT', message: 'Used by EVAL50 (phase-1)' } }, 409),
    });
    await table();

    await user.click(screen.getByRole('button', { name: 'Delete EOD Trailing Drawdown' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Are you sure you want to delete this rule?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('Failed to delete rule: Used by EVAL50 (phase-1)'),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('turns a rule off with its switch', async () => {
    const { calls } = await openRules('/rules/management', {
      'PUT /api/rules/drawdown-eod': (call) => jsonResponse(call.body),
    });
    await table();

    fireEvent.click(screen.getByRole('checkbox', { name: 'EOD Trailing Drawdown enabled' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      ruleId: 'drawdown-eod',
      enabled: false,
    });
  });

  it('edits a rule in a dialog that shows its current JSON', async () => {
    const { calls, user } = await openRules('/rules/management', {
      // No program uses it any more: saved without the in-use confirmation (rule-edit-confirm.test).
      'GET /api/rules/drawdown-eod/usage': () =>
        jsonResponse({ ruleId: 'drawdown-eod', currentVersion: 1, uses: [] }),
      'PUT /api/rules/drawdown-eod': (call) => jsonResponse(call.body),
    });
    await table();

    await user.click(screen.getByRole('button', { name: 'Edit EOD Trailing Drawdown' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rule' });
    expect(within(dialog).getByLabelText('Rule ID')).toHaveValue('drawdown-eod');
    await user.click(within(dialog).getByRole('button', { name: 'Current rule JSON' }));
    expect(within(dialog).getByLabelText('Current rule JSON')).toHaveTextContent(
      '"ruleId": "drawdown-eod"',
    );
    await user.clear(within(dialog).getByLabelText('Max Drawdown ($)'));
    await user.type(within(dialog).getByLabelText('Max Drawdown ($)'), '3,250');
    expect(within(dialog).getByLabelText('Max Drawdown ($)')).toHaveValue('3,250');
    await user.click(within(dialog).getByRole('button', { name: 'Update Rule' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      ruleId: 'drawdown-eod',
      testParameters: { maxDrawdown: 3250, resetType: 'trailing' },
    });
  });

  it('assigns a rule to a phase of a program', async () => {
    const { calls, user } = await openRules('/rules/management', {
      'POST /api/rules/programs/EVAL50/phases/phase-1/rules': () =>
        jsonResponse({
          programId: 'EVAL50',
          phaseId: 'phase-1',
          evaluationOrder: 'priority',
          rules: [],
          version: 4,
        }),
    });
    await table();

    await user.click(screen.getByRole('button', { name: 'Assign Profit Target' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Rule: Profit Target' });
    await user.selectOptions(within(dialog).getByLabelText('Program'), 'EVAL50');
    expect(within(dialog).getByLabelText('Phase')).toHaveValue('phase-1');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Rule' }));

    expect(await screen.findByText('Rule assigned to EVAL50 / phase-1 (version 4)')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ruleId: 'profit-target',
      enabled: true,
      // Decision 18: a new rule reference starts at 100, in the Assign dialog as in the phase card.
      priority: 100,
      parameterOverrides: {},
      customMessages: {},
    });
  });

  it('shows the program rules summary, the test catalogue and a program’s rule assignments', async () => {
    const { user } = await openRules('/rules/management', {
      'GET /api/rules/programs/EVAL50': () =>
        jsonResponse({
          programId: 'EVAL50',
          name: 'Evaluation 50K',
          version: 3,
          currentPhase: 'phase-1',
          phases: [
            {
              programId: 'EVAL50',
              phaseId: 'phase-1',
              phaseName: 'Phase 1',
              evaluationOrder: 'priority',
              rules: [
                {
                  ruleId: 'drawdown-eod',
                  enabled: true,
                  priority: 10,
                  parameterOverrides: { maxDrawdown: 2500 },
                  customMessages: { failure: 'Too deep' },
                  definition: rulesResponse().rules[0],
                },
              ],
            },
          ],
        }),
    });
    await table();

    const summary = screen.getByRole('listitem', { name: 'EVAL50' });
    expect(summary).toHaveTextContent('2 rules, 1 enabled');
    expect(within(summary).getByText('gone (missing)')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Test Catalogue' }));
    const catalogue = await screen.findByRole('table', { name: 'Rules test catalogue' });
    expect(within(catalogue).getByText('DrawdownRule')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Rule Assignments' }));
    await user.selectOptions(await screen.findByLabelText('Program'), 'EVAL50');
    const assignments = await screen.findByRole('table', { name: 'Rules of phase-1' });
    expect(assignments).toHaveTextContent('maxDrawdown: 2500');
    expect(assignments).toHaveTextContent('failure: Too deep');
  });

  it('says Failed to load rules with Try Again', async () => {
    await openRules('/rules/management', { 'GET /api/rules': () => errorResponse(500, 'Down') });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load rules');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});

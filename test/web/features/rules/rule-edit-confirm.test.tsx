import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import {
  drawdownRule,
  evalProgram,
  positionRule,
  profitTargetRule,
  skipWhatsNewModal,
  tradingDaysRule,
} from '../programs/program-fixtures';

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const versioned = [
  { ...drawdownRule, ruleVersion: 2 },
  { ...profitTargetRule, ruleVersion: 1 },
  { ...tradingDaysRule, ruleVersion: 1 },
  { ...positionRule, ruleVersion: 1 },
];

const drawdownUsage = {
  ruleId: 'drawdown-eod',
  currentVersion: 2,
  uses: [
    {
      prefix: 'EVAL50',
      name: 'Evaluation 50K',
      programVersion: 3,
      current: true,
      phases: ['phase-1'],
      ruleVersion: 2,
      accounts: 4,
    },
    {
      prefix: 'EVAL50',
      name: 'Evaluation 50K',
      programVersion: 2,
      current: false,
      phases: ['phase-1'],
      ruleVersion: 1,
      accounts: 7,
    },
  ],
};

async function openRules(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /api/rules': () =>
      jsonResponse({ rules: versioned, usedBy: { 'drawdown-eod': ['EVAL50'] } }),
    'GET /api/programs/rules': () => jsonResponse({ programRules: {} }),
    'GET /api/programs': () => jsonResponse([evalProgram]),
    ...handlers,
  });
  renderApp('/rules/management');
  await screen.findByRole('table', { name: 'Rules' });
  return { calls, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

/** Decision 36: saving an edit of a rule in use first lists the programs that use it. */
describe('editing a rule in use', () => {
  it('lists the program versions using the rule and saves a new version only once confirmed', async () => {
    const { calls, user } = await openRules({
      'GET /api/rules/drawdown-eod/usage': () => jsonResponse(drawdownUsage),
      'PUT /api/rules/drawdown-eod': (call) =>
        jsonResponse({ ...(call.body as object), ruleVersion: 3 }),
    });

    await user.click(screen.getByRole('button', { name: 'Edit EOD Trailing Drawdown' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Rule' });
    await user.clear(within(form).getByLabelText('Description'));
    await user.type(within(form).getByLabelText('Description'), 'A stricter floor.');
    await user.click(within(form).getByRole('button', { name: 'Update Rule' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Edit a rule in use' });
    expect(confirm).toHaveTextContent(
      'EOD Trailing Drawdown is used by 1 program. Saving makes rule version 3; the programs below keep the version they pinned until their next version or an upgrade',
    );
    const rows = within(within(confirm).getByRole('table', { name: 'Programs using the rule' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['EVAL50phase-13current24', 'EVAL50phase-1217']);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: 'Save as version 3' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      ruleId: 'drawdown-eod',
      description: 'A stricter floor.',
      ruleVersion: 2,
    });
  });

  it('saves nothing when the edit is cancelled in the confirm dialog', async () => {
    const { calls, user } = await openRules({
      'GET /api/rules/drawdown-eod/usage': () => jsonResponse(drawdownUsage),
    });

    await user.click(screen.getByRole('button', { name: 'Edit EOD Trailing Drawdown' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Rule' });
    await user.click(within(form).getByRole('button', { name: 'Update Rule' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Edit a rule in use' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Edit Rule' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves an edit of a rule no program uses without asking', async () => {
    const { calls, user } = await openRules({
      'GET /api/rules/profit-target/usage': () =>
        jsonResponse({ ruleId: 'profit-target', currentVersion: 1, uses: [] }),
      'PUT /api/rules/profit-target': (call) => jsonResponse(call.body),
    });

    await user.click(screen.getByRole('button', { name: 'Edit Profit Target' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Rule' });
    await user.click(within(form).getByRole('button', { name: 'Update Rule' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      ruleId: 'profit-target',
      ruleVersion: 1,
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import {
  drawdownRule,
  evalProgram,
  phase,
  positionRule,
  profitTargetRule,
  skipWhatsNewModal,
  tradingDaysRule,
} from './program-fixtures';

beforeEach(() => {
  signInAs();
  skipWhatsNewModal();
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const catalogue = {
  rules: [
    { ...drawdownRule, ruleVersion: 3 },
    { ...profitTargetRule, ruleVersion: 1 },
    { ...tradingDaysRule, ruleVersion: 1 },
    { ...positionRule, ruleVersion: 1 },
  ],
  usedBy: {},
};

const reference = (ruleId: string, ruleVersion?: number) => ({
  ruleId,
  ...(ruleVersion !== undefined && { ruleVersion }),
  enabled: true,
  priority: 100,
  parameterOverrides: {},
  customMessages: {},
});

const withPins = (pins: [string, number | undefined][], version = evalProgram.version) => ({
  ...evalProgram,
  version,
  phases: [
    {
      ...phase('phase-1'),
      rules: {
        ...phase('phase-1').rules,
        rules: pins.map(([ruleId, pinned]) => reference(ruleId, pinned)),
      },
    },
  ],
});

const pinnedOld = withPins([
  ['drawdown-eod', 2],
  ['profit-target', 1],
]);

async function openProgram(program: object, handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /api/rules': () => jsonResponse(catalogue),
    'GET /api/programs/EVAL50': () => jsonResponse(program),
    'GET /api/programs/EVAL50/versions': () => jsonResponse([program]),
    'GET /api/programs': () => jsonResponse([program]),
    ...handlers,
  });
  renderApp('/programs/EVAL50');
  const table = await screen.findByRole('table', { name: 'Rule versions' });
  return { calls, table, user: userEvent.setup({ delay: null, pointerEventsCheck: 0 }) };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** Decision 36 on the program page: pinned rule versions, and the explicit upgrade. */
describe('rule versions of a program', () => {
  it('shows each rule version the program pins and upgrades to the latest on request', async () => {
    const upgraded = {
      ...withPins(
        [
          ['drawdown-eod', 3],
          ['profit-target', 1],
        ],
        4,
      ),
      outdatedAccounts: 0,
      upgraded: [
        { phaseId: 'phase-1', ruleId: 'drawdown-eod', pinnedVersion: 2, currentVersion: 3 },
      ],
    };
    let current: object = pinnedOld;
    const { calls, table, user } = await openProgram(pinnedOld, {
      'GET /api/programs/EVAL50': () => jsonResponse(current),
      'POST /api/programs/EVAL50/upgrade-rules': () => {
        current = upgraded;
        return jsonResponse(upgraded);
      },
    });

    await waitFor(() =>
      expect(rowsOf(table)).toEqual([
        ['EOD Trailing Drawdown', '2', '3Newer'],
        ['Profit Target', '1', '1'],
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Upgrade rules' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Upgrade rules' });
    expect(confirm).toHaveTextContent(
      'This saves EVAL50 as version 4, pinning the latest version of 1 rule (EOD Trailing Drawdown)',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Upgrade rules' }));

    expect(
      await screen.findByText('EVAL50 saved as version 4 with the latest rule versions'),
    ).toBeVisible();
    expect(calls.filter((call) => call.url === '/api/programs/EVAL50/upgrade-rules')).toHaveLength(
      1,
    );
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Rule versions' }))[0]).toEqual([
        'EOD Trailing Drawdown',
        '3',
        '3',
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Upgrade rules' })).not.toBeInTheDocument();
  });

  it('offers no upgrade when every pin is the latest, and says when a version predates pinning', async () => {
    const { table } = await openProgram(
      withPins([
        ['drawdown-eod', 3],
        ['profit-target', undefined],
      ]),
    );

    await waitFor(() =>
      expect(rowsOf(table)[1]).toEqual([
        'Profit Target',
        'Not pinned (judged with the latest)',
        '1Newer',
      ]),
    );
    expect(rowsOf(table)[0]).toEqual(['EOD Trailing Drawdown', '3', '3']);
  });
});

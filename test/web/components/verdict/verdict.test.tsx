import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { createRulesEngine, ruleDefinitionSchema, type DayInput } from '@shared/rules';
import { phaseSchema } from '@shared/programs/program';
import { accountPath, explainVerdict, type AccountVerdict } from '@shared/rules/explain';
import { AppProviders } from '@/app/providers';
import { DOWNLOAD_BREACH_EVIDENCE_LABEL } from '@/components/evidence/download-evidence-button';
import { VerdictPanel } from '@/components/verdict/verdict-panel';
import { dailyLossSummary, pathSummary } from '@/components/verdict/path-summary';
import {
  AccountVerdictSection,
  DailyLossSection,
} from '@/components/verdict/account-verdict-section';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';

/**
 * A real engine run: a floor that locks at the start on 11/10, a day that touches it with 80% of the
 * daily loss used on 11/17 (a warning, not a breach), then a breach on 11/18.
 */
function failedAccount(): AccountVerdict {
  const rule = (ruleId: string, category: string, testParameters: object, isMultiday = false) =>
    ruleDefinitionSchema.parse({
      ruleId,
      name:
        ruleId === 'dd' ? 'Trailing drawdown' : ruleId === 'dl' ? 'Daily loss' : 'Profit target',
      description: ruleId,
      category,
      action: { type: 'termination', description: 'Fails the account' },
      testClassName: 'RuleTest',
      testParameters,
      successMessage: 'ok',
      failureMessage: 'failed',
      isMultiday,
    });
  const definitions = [
    rule('dd', 'drawdown', { maxDrawdown: 2_000, resetType: 'daily-highs', lockOffset: 0 }, true),
    rule('dl', 'daily-loss', { maxDailyLoss: 2_500 }),
    rule('pt', 'profit-target', { target: 3_000, type: 'absolute' }),
  ];
  const engine = createRulesEngine({
    phase: phaseSchema.parse({
      phaseId: 'p',
      phaseName: 'P',
      type: 'evaluation',
      accountSize: 48_000,
      startingBalance: 48_000,
      rules: {
        programId: 'EVAL50K',
        phaseId: 'p',
        evaluationOrder: 'priority',
        rules: definitions.map((definition) => ({ ruleId: definition.ruleId })),
      },
      phaseManagement: { payoutEligible: false },
    }),
    definitions,
  });
  const days: DayInput[] = [
    {
      date: '20261110',
      performance: { AcctBal: 50_000, NetPnl: 2_000, HighPnl: 2_000, LowPnl: 0, Trades: 1 },
    },
    { date: '20261117', performance: { AcctBal: 50_000, NetPnl: 0, LowPnl: -2_000, Trades: 1 } },
    {
      date: '20261118',
      performance: { AcctBal: 48_100, NetPnl: -1_900, LowPnl: -2_087.5, Trades: 1 },
    },
  ];
  const { state, conformances } = engine.evaluateHistory(days);
  const path = accountPath(
    days.map((day, index) => ({
      Date: day.date,
      AcctBal: day.performance!.AcctBal,
      NetPnl: day.performance!.NetPnl,
      LowPnl: day.performance!.LowPnl,
      conformance: conformances[index]!,
    })),
  );
  return {
    accountId: 'EVAL50K-000042',
    traderId: 'TR000001',
    program: 'EVAL50K v3',
    startingBalance: 48_000,
    explanation: explainVerdict({
      state,
      latest: conformances.at(-1)!,
      path,
      program: 'EVAL50K v3',
    }),
    path,
  };
}

function renderWith(node: ReactNode) {
  return render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProviders>,
  );
}

describe('VerdictPanel', () => {
  it('leads with the decisive rule and its numbers, then the other rules, with a link to the day', () => {
    const verdict = failedAccount();
    renderWith(
      <VerdictPanel
        explanation={verdict.explanation}
        dayHref={(date) => `/sync/conformance/detail?accountId=X&date=${date}`}
      />,
    );
    const decisive =
      'Trailing drawdown: breached on 11/18/2026. Lowest intraday balance $47,912.50 was $87.50 ' +
      'below the floor of $48,000.00; the floor had locked at the starting balance on 11/10/2026 ' +
      '(program EVAL50K v3).';
    expect(screen.getByText('Failed')).toBeVisible();
    const list = screen.getByRole('list', { name: 'Standing per rule' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-rule'))).toEqual(['dd', 'dl', 'pt']);
    expect(within(items[0]!).getByText(decisive)).toBeVisible();
    expect(within(items[0]!).getByText('Decisive')).toBeVisible();
    expect(within(items[0]!).getByText('Breached')).toBeVisible();
    expect(
      within(items[0]!).getByRole('link', { name: 'View the day of Trailing drawdown' }),
    ).toHaveAttribute('href', '/sync/conformance/detail?accountId=X&date=20261118');
    // The last day's loss is 83.5% of the limit: a warning, linked to its day.
    expect(within(items[1]!).getByText('Warning')).toBeVisible();
    expect(
      within(items[1]!).getByText(
        "Daily loss: warning on 11/18/2026. The day's worst loss $2,087.50 is 83.5% of the $2,500.00 limit.",
      ),
    ).toBeVisible();
    expect(within(items[1]!).getByRole('link')).toHaveAttribute(
      'href',
      '/sync/conformance/detail?accountId=X&date=20261118',
    );
    expect(within(items[2]!).getByText('Missing')).toBeVisible();
    expect(within(items[2]!).getByText(/Profit target: \$2,900\.00 to go/)).toBeVisible();
    expect(within(items[2]!).queryByRole('link')).toBeNull();
  });

  it('lists the offending fills of a fill-based rule', () => {
    renderWith(
      <VerdictPanel
        explanation={{
          status: 'failed',
          headline: 'Trading hours: breached on 11/18/2026.',
          decisiveRuleId: 'th',
          evaluationDate: '20261118',
          failedDate: '20261118',
          passedDate: null,
          rules: [
            {
              ruleId: 'th',
              name: 'Trading hours',
              category: 'trading-hours',
              type: 'violation',
              standing: 'breached',
              decisive: true,
              date: '20261118',
              sentence: 'Trading hours: breached on 11/18/2026.',
              figures: {},
              fills: [
                {
                  time: '2026-11-18T21:12:04Z',
                  localTime: '15:12:04',
                  timeZone: 'America/Chicago',
                  symbol: 'NQZ6',
                  broke: 'outside the 08:30–15:10 window (America/Chicago)',
                },
              ],
            },
          ],
        }}
      />,
    );
    expect(
      within(screen.getByRole('list', { name: 'Trading hours fills' })).getByText(
        'NQZ6 15:12:04 (America/Chicago): outside the 08:30–15:10 window (America/Chicago)',
      ),
    ).toBeVisible();
  });
});

describe('path text alternatives', () => {
  it('say where the balance and floor went, where it locked, and the marked days', () => {
    const { path } = failedAccount();
    expect(pathSummary(path)).toBe(
      '3 judged days from 11/10/2026 to 11/18/2026. End-of-day balance from $50,000.00 to ' +
        '$48,100.00. Lowest intraday balance $47,912.50. Drawdown floor from $46,000.00 to ' +
        '$48,000.00, locked on 11/10/2026. Profit target line $51,000.00. Breach on 11/18/2026: ' +
        'Trailing drawdown. Warnings on 11/17/2026.',
    );
    expect(dailyLossSummary(path, '20261118')).toBe(
      'Daily loss limit $2,500.00. Worst day 11/18/2026 with a loss of $2,087.50. On 11/18/2026 ' +
        'the loss was $2,087.50.',
    );
    expect(pathSummary([])).toBe('No judged day yet.');
  });
});

describe('AccountVerdictSection', () => {
  it('loads the verdict and draws the path chart with its name and text alternative', async () => {
    const verdict = failedAccount();
    const calls = mockApi({
      'GET /api/accounts/EVAL50K-000042/verdict': () => jsonResponse(verdict),
    });
    renderWith(<AccountVerdictSection accountId="EVAL50K-000042" />);
    const region = await screen.findByRole('region', { name: 'Verdict' });
    // A failed account's headline is its decisive rule's sentence: it reads once, first in the list.
    expect(await within(region).findAllByText(verdict.explanation.headline)).toHaveLength(1);
    expect(within(region).getByText('Failed')).toBeVisible();
    const chart = await within(region).findByRole('img', {
      name: 'Account path chart: End-of-day balance, Intraday low, Drawdown floor, Profit target',
    });
    expect(chart).toHaveAccessibleDescription(pathSummary(verdict.path));
    expect(calls.map((call) => call.url)).toEqual([
      expect.stringContaining('/api/accounts/EVAL50K-000042/verdict'),
    ]);
  });

  it("offers the decisive breach's evidence alone, asking for that day", async () => {
    const verdict = failedAccount();
    const breachDay = verdict.explanation.rules.find((rule) => rule.decisive)?.date;
    const calls = mockApi({
      'GET /api/accounts/EVAL50K-000042/verdict': () => jsonResponse(verdict),
      [`GET /api/accounts/EVAL50K-000042/evidence?breach=${breachDay}`]: () =>
        errorResponse(404, 'stop here'),
    });
    renderWith(<AccountVerdictSection accountId="EVAL50K-000042" />);

    await userEvent.click(
      await screen.findByRole('button', { name: DOWNLOAD_BREACH_EVIDENCE_LABEL }),
    );

    expect(breachDay).toBe('20261118');
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContainEqual(
        expect.stringContaining(`/evidence?breach=${breachDay}`),
      ),
    );
  });

  it('offers no breach evidence for an account that has not failed', async () => {
    const verdict = failedAccount();
    const standing = {
      ...verdict,
      explanation: {
        ...verdict.explanation,
        rules: verdict.explanation.rules.map((rule) => ({ ...rule, decisive: false })),
      },
    };
    mockApi({ 'GET /api/accounts/EVAL50K-000042/verdict': () => jsonResponse(standing) });
    renderWith(<AccountVerdictSection accountId="EVAL50K-000042" />);

    await screen.findByRole('region', { name: 'Verdict' });
    expect(screen.queryByRole('button', { name: DOWNLOAD_BREACH_EVIDENCE_LABEL })).toBeNull();
  });

  it('says when the verdict cannot be read', async () => {
    mockApi({ 'GET /api/accounts/X-1/verdict': () => errorResponse(500, 'boom') });
    renderWith(<AccountVerdictSection accountId="X-1" />);
    expect(await screen.findByText(/Failed to load the verdict: boom/)).toBeVisible();
  });

  it('the day view draws the daily loss against its limit', async () => {
    const verdict = failedAccount();
    mockApi({ 'GET /api/accounts/EVAL50K-000042/verdict': () => jsonResponse(verdict) });
    renderWith(<DailyLossSection accountId="EVAL50K-000042" date="20261118" />);
    const chart = await screen.findByRole('img', {
      name: 'Daily loss chart: Daily loss, Daily loss limit',
    });
    expect(chart).toHaveAccessibleDescription(dailyLossSummary(verdict.path, '20261118'));
  });
});

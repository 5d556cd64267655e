import { screen, within } from '@testing-library/react';
import type { TodayData } from '@shared/dashboard/today';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';

const todayUrl = 'GET /api/account-summaries/admin/today';

const today: TodayData = {
  date: '20261125',
  lastRun: {
    runId: 'run-42',
    trigger: 'schedule',
    status: 'succeeded',
    dates: ['20261125'],
    startedAt: '2026-11-26T06:00:00.000Z',
    finishedAt: '2026-11-26T06:04:00.000Z',
    rejectedRows: 3,
    heldBreaches: 2,
  },
  failed: {
    count: 1,
    accounts: [
      {
        accountId: 'EVAL50K-000005',
        traderId: 'TR000005',
        name: 'Dana Loss',
        decisiveBreach: {
          ruleId: 'daily-loss-limit',
          name: 'Daily Loss Limit',
          ruleType: 'daily-loss-limit',
          category: 'daily-loss',
          severity: 'violation',
          date: '20261125',
          value: 1_200,
          threshold: 1_000,
          description: 'Daily loss over the limit',
          soft: false,
        },
      },
    ],
  },
  passed: {
    count: 1,
    accounts: [{ accountId: 'EVAL50K-000001', traderId: 'TR1', name: 'Pat Pass' }],
  },
  closestToBreach: [
    {
      accountId: 'EVAL100K-000003',
      traderId: 'TR3',
      name: 'Close Call',
      phase: 'evaluation',
      limit: 'drawdown',
      room: 212.5,
      roomShare: 0.085,
    },
  ],
  worstPnl: [{ accountId: 'EVAL50K-000007', traderId: 'TR7', name: 'Red Day', netPnl: -1_834.25 }],
};

describe('home page', () => {
  beforeEach(() => mockApi({ [todayUrl]: () => jsonResponse({ data: today }) }));

  it.each([
    ['Account Management', '/accounts'],
    ['Performance Analytics', '/performance/today'],
    ['Trader Overview', '/traders'],
    ['Trading Programs', '/programs'],
  ])('has a %s card linking to %s', async (title, href) => {
    renderApp('/');

    expect(await screen.findByRole('heading', { name: title })).toBeVisible();
    expect(screen.getByRole('link', { name: title })).toHaveAttribute('href', href);
  });

  it('shows last night’s run with its rejected rows and held breaches, each a link', async () => {
    renderApp('/');

    const run = await screen.findByRole('region', { name: "Last Night's Run" });
    expect(within(run).getByRole('link', { name: "Last Night's Run" })).toHaveAttribute(
      'href',
      '/sync/daily',
    );
    expect(run).toHaveTextContent('Succeeded');
    expect(run).toHaveTextContent('Rejected rows3');
    expect(within(run).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/sync/runs/run-42',
    );
    expect(within(run).getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/sync/held-breaches',
    );
    expect(screen.getByText('Data date 11/25/2026')).toBeVisible();
  });

  it('names the day’s failures with their rule, passes, the closest to breach and the worst P&L', async () => {
    renderApp('/');

    const outcomes = await screen.findByRole('region', { name: 'Failed and Passed' });
    expect(outcomes).toHaveTextContent('1 failed · 1 passed');
    expect(outcomes).toHaveTextContent('EVAL50K-000005Dana LossDaily Loss Limit');
    expect(outcomes).toHaveTextContent('EVAL50K-000001Pat PassPassed');
    expect(within(outcomes).getByRole('link', { name: 'Failed and Passed' })).toHaveAttribute(
      'href',
      '/performance/dashboard?tab=violations',
    );
    const closest = screen.getByRole('region', { name: 'Closest to Breach' });
    expect(closest).toHaveTextContent('EVAL100K-000003Close Call$212.509% of the drawdown left');
    expect(within(closest).getByRole('link', { name: 'Closest to Breach' })).toHaveAttribute(
      'href',
      '/accounts?sort=room',
    );
    const worst = screen.getByRole('region', { name: 'Worst P&L' });
    expect(worst).toHaveTextContent('EVAL50K-000007Red Day-$1,834.25');
    expect(within(worst).getByRole('link', { name: 'Worst P&L' })).toHaveAttribute(
      'href',
      '/performance/today?date=20261125&sort=NetPnl',
    );
    expect(within(worst).getByRole('link', { name: 'EVAL50K-000007' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50K-000007',
    );
  });

  it('keeps the section cards when today’s figures fail to load', async () => {
    mockApi({ [todayUrl]: () => errorResponse(500, 'down') });
    renderApp('/');

    expect(await screen.findByText("Could not load today's figures")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Account Management' })).toBeVisible();
  });
});

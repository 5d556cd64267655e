import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { performanceReport } from '../accounts/account-fixtures';

beforeEach(() => {
  signInAs();
  sessionStorage.setItem('whatsNewShownThisSession', 'true');
  localStorage.setItem('lastWhatsNewVersion', '1.3.0');
});

const reportPath = 'GET /api/performance/account/EVAL50-1001/20260303';

function mockReport(answer: () => Response, extra: Record<string, () => Response> = {}) {
  return mockApi({
    [reportPath]: answer,
    'GET /api/whats-new': () => errorResponse(500, 'no'),
    ...extra,
  });
}

describe('Daily performance details', () => {
  it('shows the day as MM/DD/YYYY, Win Rate with two decimals and the first 50 trades', async () => {
    mockReport(() => jsonResponse(performanceReport()));
    renderApp('/performance/daily/EVAL50-1001/20260303');

    expect(
      await screen.findByRole(
        'heading',
        { name: 'Daily Performance: EVAL50-1001' },
        { timeout: 20_000 },
      ),
    ).toBeVisible();
    expect(screen.getAllByText('03/03/2026')[0]).toBeVisible();
    const metrics = screen.getByRole('region', { name: 'Key Performance Metrics' });
    expect(within(metrics).getByText('55.56%')).toBeVisible();
    expect(screen.getByText('Showing first 50 of 60 trades')).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Trade details' })).getAllByRole('row'),
    ).toHaveLength(51);
    expect(screen.getByRole('link', { name: 'Back to Account Summary' })).toHaveAttribute(
      'href',
      '/summaries/account/EVAL50-1001',
    );
    expect(screen.getByRole('link', { name: 'View Conformance Detail' })).toHaveAttribute(
      'href',
      '/sync/conformance/detail?accountId=EVAL50-1001&date=20260303',
    );
  });

  it('shows rule results by the benchmark/violation rule and opens a rule in the Rule Details modal', async () => {
    mockReport(() => jsonResponse(performanceReport()), {
      'GET /api/rules/max-drawdown': () => errorResponse(500, 'rules down'),
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/performance/daily/EVAL50-1001/20260303');
    const table = await screen.findByRole(
      'table',
      { name: 'Rule evaluations' },
      { timeout: 20_000 },
    );

    expect(within(table).getByLabelText('No violation')).toHaveTextContent('✓');
    expect(within(table).getByLabelText('Benchmark not met yet')).toHaveTextContent('OK');
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Max Drawdown' }));

    const dialog = await screen.findByRole('dialog', { name: 'Rule Details: Max Drawdown' });
    expect(
      await within(dialog).findByText('The rule definition could not be loaded.'),
    ).toBeVisible();
    expect(within(dialog).getByText('Stay above the trailing floor')).toBeVisible();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('says No Data Available for a day without data and Error Loading Data for a failure', async () => {
    mockReport(() => jsonResponse({ error: { code: 'NOT_FOUND', message: 'none' } }, 404));
    renderApp('/performance/daily/EVAL50-1001/20260303');
    expect(await screen.findByText('No Data Available', {}, { timeout: 20_000 })).toBeVisible();
  });

  it('names the failure of a broken answer', async () => {
    mockReport(() => errorResponse(500, 'table busy'));
    renderApp('/performance/daily/EVAL50-1001/20260303');
    expect(await screen.findByText('Error Loading Data', {}, { timeout: 20_000 })).toBeVisible();
    expect(screen.getByText(/Failed to load daily performance data: table busy/)).toBeVisible();
  });
});

describe('Conformance Detail', () => {
  it('asks for both parameters', async () => {
    mockApi({ 'GET /api/whats-new': () => errorResponse(500, 'no') });
    renderApp('/sync/conformance/detail?accountId=EVAL50-1001');
    expect(
      await screen.findByText('Missing account ID or date parameters', {}, { timeout: 20_000 }),
    ).toBeVisible();
  });

  it("shows the drawdown that decided a breach: the day's low under the floor, not the close", async () => {
    const report = performanceReport();
    mockReport(() =>
      jsonResponse({
        ...report,
        conformance: {
          ...report.conformance!,
          drawdown: {
            maxDrawdown: 2000,
            floorInForce: 48_000,
            floor: 48_000,
            locked: false,
            trough: 47_961.68,
            balance: 48_207.2,
            used: 1_792.8,
            atTrough: 2_038.32,
            decided: 2_038.32,
            usage: 1,
            breached: true,
          },
        },
      }),
    );
    renderApp('/sync/conformance/detail?accountId=EVAL50-1001&date=20260303');

    const section = await screen.findByRole('region', { name: 'Drawdown' }, { timeout: 20_000 });
    expect(section).toHaveTextContent("Day's Low$47,961.68");
    expect(section).toHaveTextContent('Floor in Force$48,000.00');
    expect(section).toHaveTextContent('Drawdown that Decided$2,038.32 of $2,000.00 ✗');
    expect(section).toHaveTextContent('Drawdown at the Close$1,792.80');
  });

  it('shows the overall status, the rule tables and the performance data of the day', async () => {
    mockReport(() => jsonResponse(performanceReport()));
    renderApp('/sync/conformance/detail?accountId=EVAL50-1001&date=20260303');

    const overall = await screen.findByRole(
      'region',
      { name: 'Overall Status' },
      { timeout: 20_000 },
    );
    expect(overall).toHaveTextContent('compliant');
    expect(overall).toHaveTextContent('80 / 100');
    expect(screen.getByRole('table', { name: 'Violation rules' })).toHaveTextContent(
      'Within the drawdown',
    );
    expect(screen.getByRole('region', { name: 'Performance Data' })).toHaveTextContent('55.0%');
    expect(screen.getByRole('region', { name: 'New Violations Today' })).toHaveTextContent('None.');
  });

  it('says when the day has no conformance, and names a failure', async () => {
    mockReport(() => jsonResponse(performanceReport({ conformance: null })));
    const first = renderApp('/sync/conformance/detail?accountId=EVAL50-1001&date=20260303');
    expect(
      await screen.findByText(
        'No conformance data available for this date',
        {},
        { timeout: 20_000 },
      ),
    ).toBeVisible();
    first.unmount();

    mockReport(() => errorResponse(500, 'table busy'));
    renderApp('/sync/conformance/detail?accountId=EVAL50-1001&date=20260303');
    expect(
      await screen.findByText(
        'Error loading conformance data: table busy',
        {},
        { timeout: 20_000 },
      ),
    ).toBeVisible();
  });
});

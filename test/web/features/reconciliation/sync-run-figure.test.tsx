import { screen, within } from '@testing-library/react';
import { jsonResponse, mockApi } from '../../support/fetch-mock';
import { renderApp } from '../../support/render-app';
import { signInAs } from '../../support/session-fixtures';
import { succeededRun, summaryFixture } from '../sync/sync-fixtures';

beforeEach(() => signInAs());
afterEach(() => localStorage.clear());

/** The run's figures, term → its value element. */
async function figures() {
  const list = await screen.findByLabelText('Run figures');
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling as HTMLElement]),
  );
}

function mockRun(floorMismatches: number | undefined, dates: string[]) {
  mockApi({
    'GET /api/sync/runs/run-1': () =>
      jsonResponse(succeededRun(summaryFixture({ floorMismatches }), { dates })),
    'GET /api/sync/runs/run-1/rejected-rows': () => jsonResponse({ data: [] }),
  });
}

describe("the Sync Run screen's floor mismatches", () => {
  it("counts the run's mismatches and links a one-date run to that date's on Reconciliation", async () => {
    mockRun(3, ['20260303']);
    renderApp('/sync/runs/run-1');

    const value = (await figures())['Floor mismatches']!;
    expect(value).toHaveTextContent('3');
    expect(within(value).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/sync/reconciliation?date=20260303',
    );
  });

  it('shows 0 without a link, and a dash for a run recorded before the count existed', async () => {
    mockRun(0, ['20260302', '20260303']);
    const { unmount } = renderApp('/sync/runs/run-1');
    const none = (await figures())['Floor mismatches']!;
    expect(none).toHaveTextContent('0');
    expect(within(none).queryByRole('link')).toBeNull();
    unmount();

    mockRun(undefined, ['20260303']);
    renderApp('/sync/runs/run-1');
    expect((await figures())['Floor mismatches']).toHaveTextContent('-');
  });
});

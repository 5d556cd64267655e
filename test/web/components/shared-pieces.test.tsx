import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import {
  ruleResultDisplay,
  severityPalette,
  overallStatusPalette,
  ComplianceBadge,
  SeverityBadge,
} from '@/components/badges/badges';
import {
  formatDate,
  formatFractionPercent,
  formatMoney,
  formatPercent,
  formatRelativeTime,
} from '@/lib/format';
import { signColor } from '@/components/figures/figures';
import { clampOffset, JsonModal } from '@/components/json-modal/json-modal';
import {
  barWidthPercent,
  cappedPercent,
  progressPalette,
} from '@/components/progress-bar/progress-bar';
import { semanticTokens } from '@chakra-ui/react/theme';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { groupByPhaseAndStatus } from '@/components/account-groups/account-groups';
import { AppProviders } from '@/app/providers';
import { accountsOverview } from '@/features/accounts/account-list';
import { AccountsOverviewCard } from '@/features/accounts/components/accounts-overview';
import { accountRows } from '../features/accounts/account-fixtures';

function renderWithProviders(node: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<AppProviders queryClient={queryClient}>{node}</AppProviders>);
}

describe('progress bars', () => {
  it('colours profit and days green at 80, blue at 50, else grey; drawdown red at 80, yellow at 60, else green', () => {
    expect([79.9, 80, 49.9, 50].map((value) => progressPalette('profit', value))).toEqual([
      'blue',
      'green',
      'gray',
      'blue',
    ]);
    expect(progressPalette('days', 100)).toBe('green');
    expect([59.9, 60, 79.9, 80].map((value) => progressPalette('drawdown', value))).toEqual([
      'green',
      'yellow',
      'yellow',
      'red',
    ]);
  });

  it('caps values at 100 and never draws less than 2%', () => {
    expect(cappedPercent(250)).toBe(100);
    expect(cappedPercent(-5)).toBe(0);
    expect(cappedPercent(Number.NaN)).toBe(0);
    expect(barWidthPercent(0)).toBe(2);
    expect(barWidthPercent(1.5)).toBe(2);
    expect(barWidthPercent(140)).toBe(100);
  });
});

/** A semantic colour token's light and dark values, e.g. `fg.subtle` → gray.400 and gray.500. */
function modesOf(token: string): { _light: string; _dark: string } {
  const [group, name] = token.split('.') as [string, string];
  const colors = semanticTokens.colors as Record<string, Record<string, { value: unknown }>>;
  return colors[group]![name]!.value as { _light: string; _dark: string };
}
const isMidGrey = (value: string) => /^\{colors\.gray\.(300|400|500|600)\}$/.test(value);
const varToken = (css: string) =>
  /^var\(--chakra-colors-([a-z]+)-([a-z]+)\)$/.exec(css)?.slice(1).join('.') ?? css;

describe('grey in both themes', () => {
  it('draws a grey bar in mid grey, not in the palette’s black/white solid', () => {
    renderWithProviders(<ProgressBar label="Profit" percent={10} kind="profit" />);
    const fill = screen.getByRole('progressbar').firstElementChild as HTMLElement;
    const token = varToken(getComputedStyle(fill).background);
    expect(isMidGrey(modesOf(token)._light)).toBe(true);
    expect(isMidGrey(modesOf(token)._dark)).toBe(true);
  });

  it('shows a grey badge with grey text in both themes', () => {
    renderWithProviders(<ComplianceBadge status={null} />);
    const badge = screen.getByText('No Data');
    const text = varToken(getComputedStyle(badge).color);
    expect(isMidGrey(modesOf(text)._light)).toBe(true);
    expect(isMidGrey(modesOf(text)._dark)).toBe(true);
  });

  it('draws the accounts overview’s Inactive share in mid grey', () => {
    renderWithProviders(<AccountsOverviewCard overview={accountsOverview(accountRows)} />);
    const legend = screen.getByText(/^Inactive \d/).parentElement!;
    const dot = legend.firstElementChild as HTMLElement;
    const token = varToken(getComputedStyle(dot).background);
    expect(isMidGrey(modesOf(token)._light)).toBe(true);
    expect(isMidGrey(modesOf(token)._dark)).toBe(true);
  });
});

describe('badges', () => {
  it('shows a benchmark always green and a violation rule that passed as a red cross', () => {
    expect(ruleResultDisplay('benchmark', true)).toMatchObject({ palette: 'green', text: '✓' });
    expect(ruleResultDisplay('benchmark', false)).toMatchObject({ palette: 'green', text: 'OK' });
    expect(ruleResultDisplay('violation', true)).toMatchObject({ palette: 'red', text: '✗' });
    expect(ruleResultDisplay('violation', false)).toMatchObject({ palette: 'green', text: '✓' });
  });

  it('colours severity and status as the spec says', () => {
    expect(['critical', 'violation', 'warning', 'info', 'other'].map(severityPalette)).toEqual([
      'red',
      'red',
      'yellow',
      'blue',
      'blue',
    ]);
    expect(
      ['conformant', 'compliant', 'warning', 'violation', 'unknown'].map(overallStatusPalette),
    ).toEqual(['green', 'green', 'yellow', 'red', 'blue']);
  });

  it('reads No Data for an account without a judged day and info for an unknown severity', () => {
    renderWithProviders(
      <>
        <ComplianceBadge status="unknown" />
        <SeverityBadge severity="notice" />
      </>,
    );
    expect(screen.getByText('No Data')).toBeVisible();
    expect(screen.getByText('info')).toBeVisible();
  });
});

describe('figures', () => {
  it('formats money, percentages, dates and relative times', () => {
    expect(formatMoney(-1234.5)).toBe('-$1,234.50');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatPercent(55.55, 1)).toBe('55.6%');
    expect(formatPercent(55.555, 2)).toBe('55.56%');
    expect(formatFractionPercent(0.625, 1)).toBe('62.5%');
    expect(formatDate('20260302')).toBe('03/02/2026');
    expect(signColor(-1)).toBe('fg.error');
    expect(signColor(0)).toBeUndefined();
    expect(formatRelativeTime('2026-03-03T10:00:00Z', Date.parse('2026-03-03T12:00:00Z'))).toBe(
      '2 hours ago',
    );
  });

  it('groups rows by phase in order and hides a phase without rows', () => {
    const groups = groupByPhaseAndStatus(
      [
        { id: 'a', phase: 'demo' as const, status: 'Inactive' as const },
        { id: 'b', phase: 'evaluation' as const, status: 'Admin Only' as const },
      ],
      (row) => row.phase,
      (row) => row.status,
    );
    expect(groups.map((group) => group.phase)).toEqual(['evaluation', 'demo']);
    expect(groups[0]?.statuses.map((group) => group.rows.length)).toEqual([0, 0, 1]);
  });
});

describe('JSON modal', () => {
  it('keeps the dialog inside the window whichever way it is dragged', () => {
    const rect = { left: 100, top: 50, width: 500, height: 500 };
    const viewport = { width: 1000, height: 800 };
    expect(clampOffset({ x: -400, y: -400 }, { x: 0, y: 0 }, rect, viewport)).toEqual({
      x: -100,
      y: -50,
    });
    expect(clampOffset({ x: 900, y: 900 }, { x: 0, y: 0 }, rect, viewport)).toEqual({
      x: 400,
      y: 250,
    });
    expect(clampOffset({ x: 30, y: 20 }, { x: 0, y: 0 }, rect, viewport)).toEqual({ x: 30, y: 20 });
  });

  it('folds the viewer and its nodes, and reads Copied! for 2 seconds after a copy', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    // After setup: user-event installs its own clipboard stub.
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    jest.useFakeTimers();
    try {
      renderWithProviders(
        <JsonModal
          open
          title="Trader Data JSON"
          value={{ trader: { id: 'T-1', accounts: ['A', 'B'] } }}
          onClose={() => undefined}
          copyLabel="Copy to Clipboard"
        />,
      );
      const viewer = await screen.findByLabelText('Trader Data JSON content');
      expect(viewer).toHaveTextContent('"id": "T-1"');
      await user.click(screen.getByRole('button', { name: 'Collapse trader' }));
      expect(viewer).not.toHaveTextContent('"id"');
      expect(viewer).toHaveTextContent('2 keys');

      await user.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
      expect(writeText).toHaveBeenCalledWith(expect.stringContaining('"accounts"'));
      expect(await screen.findByRole('button', { name: 'Copied!' })).toBeVisible();
      act(() => {
        jest.advanceTimersByTime(2_000);
      });
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Copy to Clipboard' })).toBeVisible(),
      );

      await user.click(screen.getByRole('button', { name: 'Hide JSON' }));
      expect(screen.queryByLabelText('Trader Data JSON content')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('names each nested node by its path, never "root"', async () => {
    renderWithProviders(
      <JsonModal
        open
        title="Account JSON"
        value={{ rules: [{ ruleId: 'r-1', params: { max: 2 } }, { ruleId: 'r-2' }] }}
        onClose={() => undefined}
      />,
    );
    await screen.findByLabelText('Account JSON content');
    expect(screen.getByRole('button', { name: 'Collapse rules' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Expand rules[0]' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Expand rules[1]' })).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Expand rules[0]' }));
    expect(screen.getByRole('button', { name: 'Expand rules[0].params' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /root/ })).toHaveLength(1);
  });

  it('shows Loading... until the value arrives', async () => {
    renderWithProviders(
      <JsonModal open title="Account JSON" value={undefined} loading onClose={() => undefined} />,
    );
    expect(await screen.findByText('Loading...')).toBeVisible();
  });
});

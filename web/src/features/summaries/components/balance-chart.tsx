import { Box, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { ResponsiveLine, type LineSeries, type SliceTooltipProps } from '@nivo/line';
import { formatCompactMoney, formatDate } from '@/lib/format';
import { balanceYRange, chartTheme, type DaySeries } from '@/components/charts/chart-theme';
import { FromZeroSwitch } from '@/components/charts/from-zero-switch';
import { UsdSliceTooltip } from '@/components/charts/account-balances-chart';
import { useColorMode } from '@/components/ui/color-mode';
import type { BalancePoint } from '../account-figures';

const COLORS: Record<string, string> = {
  'Account Balance': '#3b82f6',
  'Cash Balance': '#14b8a6',
  'Profit Target': '#22c55e',
  'Drawdown Limit': '#ef4444',
};

export function balanceSeries(points: readonly BalancePoint[]): DaySeries[] {
  const series: DaySeries[] = [
    {
      id: 'Account Balance',
      data: points.map((point) => ({ x: point.date, y: point.accountBalance })),
    },
  ];
  const optional: [string, (point: BalancePoint) => number | null][] = [
    ['Cash Balance', (point) => point.cashBalance],
    ['Profit Target', (point) => point.profitTarget],
    ['Drawdown Limit', (point) => point.drawdownLine],
  ];
  for (const [id, pick] of optional) {
    const data = points.flatMap((point) => {
      const y = pick(point);
      return y === null ? [] : [{ x: point.date, y }];
    });
    if (data.length > 0) series.push({ id, data });
  }
  return series;
}

function DayTooltip({ slice }: SliceTooltipProps<DaySeries>) {
  const date = slice.points[0]?.data.x;
  return <UsdSliceTooltip title={date ? formatDate(String(date)) : ''} points={slice.points} />;
}

/**
 * The account's balance chart (spec 001 §2.9), nivo: account and cash balance by date, the profit
 * target line and the drawdown limit (the engine's floor of each day, decision 34); USD tooltips.
 * The y axis fits the lines and the starting balance, with "From zero" on request (decision 41).
 */
export function BalanceChart({
  points,
  startingBalance,
}: {
  points: readonly BalancePoint[];
  startingBalance?: number;
}) {
  const { colorMode } = useColorMode();
  const [fromZero, setFromZero] = useState(false);
  const data = balanceSeries(points);
  const many = points.length > 12;
  const step = Math.ceil(points.length / 12);
  const yRange = balanceYRange(
    [
      ...data.flatMap((series) => series.data.map((point) => point.y)),
      ...(startingBalance === undefined ? [] : [startingBalance]),
    ],
    fromZero,
  );
  return (
    <Stack gap="2">
      <FromZeroSwitch checked={fromZero} onChange={setFromZero} />
      <Box
        height="400px"
        role="img"
        aria-label={`Balance chart: ${data.map((series) => series.id).join(', ')}`}
      >
        <ResponsiveLine<DaySeries>
          data={data}
          theme={chartTheme(colorMode === 'dark')}
          colors={(series: LineSeries) => COLORS[String(series.id)] ?? '#a1a1aa'}
          margin={{ top: 32, right: 16, bottom: 56, left: 72 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', ...yRange }}
          curve="monotoneX"
          axisLeft={{ format: formatCompactMoney }}
          axisBottom={{
            format: (value: string) => `${value.slice(4, 6)}/${value.slice(6, 8)}`,
            tickRotation: many ? -45 : 0,
            tickValues: many
              ? points.filter((_, index) => index % step === 0).map((point) => point.date)
              : undefined,
          }}
          pointSize={many ? 0 : 6}
          lineWidth={2}
          enableSlices="x"
          sliceTooltip={DayTooltip}
          legends={[
            {
              anchor: 'top-left',
              direction: 'row',
              itemWidth: 120,
              itemHeight: 16,
              translateY: -28,
              symbolSize: 10,
            },
          ]}
          animate={false}
          role="presentation"
        />
      </Box>
    </Stack>
  );
}

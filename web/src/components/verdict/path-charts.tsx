import { Box, HStack, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import {
  ResponsiveLine,
  type LineSeries,
  type LineSvgProps,
  type SliceTooltipProps,
} from '@nivo/line';
import type { PathDay } from '@shared/rules/explain';
import { formatCompactMoney, formatDate } from '@/lib/format';
import { balanceYRange, chartTheme, type DaySeries } from '@/components/charts/chart-theme';
import { UsdSliceTooltip } from '@/components/charts/account-balances-chart';
import { useColorMode } from '@/components/ui/color-mode';
import { dailyLossSummary, pathSummary } from './path-summary';

/** Line colours, distinguishable in both themes; markers: breach red, warning amber, lock violet. */
const COLORS: Record<string, string> = {
  'End-of-day balance': '#3b82f6',
  'Intraday low': '#06b6d4',
  'Drawdown floor': '#ef4444',
  'Profit target': '#22c55e',
  'Daily loss': '#f97316',
  'Daily loss limit': '#ef4444',
};
type CartesianMarkerProps = NonNullable<LineSvgProps<DaySeries>['markers']>[number];

const MARKER_COLORS = { breach: '#dc2626', warning: '#d97706', lock: '#8b5cf6', day: '#71717a' };
const MARKER_LEGEND: [keyof typeof MARKER_COLORS, string][] = [
  ['breach', 'Breach day'],
  ['warning', 'Warning day (80%)'],
  ['lock', 'Floor locked'],
  ['day', 'This day'],
];

function seriesOf(path: readonly PathDay[], lines: [string, (day: PathDay) => number | null][]) {
  const series: DaySeries[] = [];
  for (const [id, pick] of lines) {
    const data = path.flatMap((day) => {
      const y = pick(day);
      return y === null ? [] : [{ x: day.date, y }];
    });
    if (data.length > 0) series.push({ id, data });
  }
  return series;
}

/** A day marked on the x axis; the HTML legend under the chart names the colours (in-chart labels
 *  collide on a phone when two marked days are close). */
function marker(value: string, color: string, dashed = false): CartesianMarkerProps {
  return {
    axis: 'x',
    value,
    lineStyle: { stroke: color, strokeWidth: 1.5, ...(dashed && { strokeDasharray: '4 3' }) },
  };
}

/** The day's markers named in the tooltip title, so the hover says why a day is marked. */
function titleOf(path: readonly PathDay[], date: string): string {
  const day = path.find((entry) => entry.date === date);
  const notes = [
    ...(day?.marker === 'breach' ? [`breach: ${day.breaches.join(', ')}`] : []),
    ...(day?.marker === 'warning' ? ['warning'] : []),
    ...(day?.lockedToday ? ['floor locked'] : []),
  ];
  return [formatDate(date), ...notes].join(' · ');
}

function PathLineChart({
  label,
  summary,
  path,
  data,
  markers,
  height,
}: {
  label: string;
  summary: string;
  path: readonly PathDay[];
  data: DaySeries[];
  markers: CartesianMarkerProps[];
  height: number;
}) {
  const { colorMode } = useColorMode();
  const summaryId = useId();
  const many = path.length > 12;
  const step = Math.ceil(path.length / 12);
  const yRange = balanceYRange(
    data.flatMap((series) => series.data.map((point) => point.y)),
    false,
  );
  function Tooltip({ slice }: SliceTooltipProps<DaySeries>) {
    const date = String(slice.points[0]?.data.x ?? '');
    return <UsdSliceTooltip title={titleOf(path, date)} points={slice.points} />;
  }
  return (
    <Box>
      <Box height={`${height}px`} role="img" aria-label={label} aria-describedby={summaryId}>
        <ResponsiveLine<DaySeries>
          data={data}
          theme={chartTheme(colorMode === 'dark')}
          colors={(series: LineSeries) => COLORS[String(series.id)] ?? '#a1a1aa'}
          margin={{ top: 20, right: 16, bottom: 56, left: 72 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', ...yRange }}
          axisLeft={{ format: formatCompactMoney }}
          axisBottom={{
            format: (value: string) => `${value.slice(4, 6)}/${value.slice(6, 8)}`,
            tickRotation: many ? -45 : 0,
            tickValues: many
              ? path.filter((_, index) => index % step === 0).map((day) => day.date)
              : undefined,
          }}
          pointSize={many ? 0 : 6}
          lineWidth={2}
          enableSlices="x"
          sliceTooltip={Tooltip}
          markers={markers}
          animate={false}
          role="presentation"
        />
      </Box>
      {/* The legend is HTML so it wraps on a phone (nivo's row legend runs off the edge). */}
      <HStack as="ul" aria-hidden gap="4" wrap="wrap" fontSize="xs" listStyle="none" mt="1">
        {data.map((series) => (
          <HStack as="li" key={series.id} gap="1.5">
            <Box w="2.5" h="2.5" rounded="sm" bg={COLORS[series.id] ?? '#a1a1aa'} />
            {series.id}
          </HStack>
        ))}
        {MARKER_LEGEND.filter(([kind]) =>
          markers.some((entry) => entry.lineStyle?.stroke === MARKER_COLORS[kind]),
        ).map(([kind, text]) => (
          <HStack as="li" key={kind} gap="1.5">
            <Box w="0.5" h="3" bg={MARKER_COLORS[kind]} />
            {text}
          </HStack>
        ))}
      </HStack>
      <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
    </Box>
  );
}

/**
 * The account's path over its life (nivo): end-of-day balance, intraday low, the drawdown floor in
 * force each day (how it trailed and where it locked), the profit target line; breach, warning and
 * lock days marked. USD tooltips; the chart's name and a text alternative for screen readers.
 */
export function AccountPathChart({ path }: { path: readonly PathDay[] }) {
  const data = seriesOf(path, [
    ['End-of-day balance', (day) => day.balance],
    ['Intraday low', (day) => day.low],
    ['Drawdown floor', (day) => day.floor],
    ['Profit target', (day) => day.target],
  ]);
  const markers = path.flatMap((day) => [
    ...(day.marker === 'breach' ? [marker(day.date, MARKER_COLORS.breach)] : []),
    ...(day.marker === 'warning' ? [marker(day.date, MARKER_COLORS.warning, true)] : []),
    ...(day.lockedToday ? [marker(day.date, MARKER_COLORS.lock, true)] : []),
  ]);
  return (
    <PathLineChart
      label={`Account path chart: ${data.map((series) => series.id).join(', ')}`}
      summary={pathSummary(path)}
      path={path}
      data={data}
      markers={markers}
      height={360}
    />
  );
}

/**
 * Daily loss per judged day against its limit (the day view): the day shown and the days the limit
 * was reached are marked.
 */
export function DailyLossChart({ path, date }: { path: readonly PathDay[]; date?: string }) {
  const days = path.filter((day) => day.dailyLoss !== null);
  const data = seriesOf(days, [
    ['Daily loss', (day) => day.dailyLoss?.loss ?? null],
    ['Daily loss limit', (day) => day.dailyLoss?.limit ?? null],
  ]);
  const markers = days.flatMap((day) => [
    ...(day.dailyLoss!.breached ? [marker(day.date, MARKER_COLORS.breach)] : []),
    ...(day.dailyLoss!.warning ? [marker(day.date, MARKER_COLORS.warning, true)] : []),
    ...(day.date === date ? [marker(day.date, MARKER_COLORS.day, true)] : []),
  ]);
  return (
    <PathLineChart
      label="Daily loss chart: Daily loss, Daily loss limit"
      summary={dailyLossSummary(days, date)}
      path={days}
      data={data}
      markers={markers}
      height={280}
    />
  );
}

import { Box, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ResponsiveLine, type LineSeries, type SliceTooltipProps } from '@nivo/line';
import { useColorMode } from '../ui/color-mode';
import { formatCompactMoney, formatMoney } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { balanceYRange, chartTheme, type DaySeries } from './chart-theme';
import { FromZeroSwitch } from './from-zero-switch';

/** Spec 000 §9: the chart is 400 px high. */
export const ACCOUNT_CHART_HEIGHT = 400;

/** One account's balance line: `x` is the trading date `YYYYMMDD`, `color` its palette colour. */
export type AccountBalanceSeries = DaySeries & { color: string };

/** The points of a nivo line slice, as much of them as the tooltip reads. */
export interface SlicePoint {
  id: string;
  seriesId: string | number;
  seriesColor: string;
  data: { y: unknown };
}

/** A line chart's slice tooltip (UI.md): the day as `title`, then each series' value in USD. */
export function UsdSliceTooltip({
  title,
  points,
}: {
  title: string;
  points: readonly SlicePoint[];
}) {
  return (
    <Box bg="bg.panel" color="fg" borderWidth="1px" rounded="md" px="3" py="2" shadow="md">
      <Text fontWeight="semibold" mb="1">
        {title}
      </Text>
      {points.map((point) => (
        <Text key={point.id} fontSize="sm" color={point.seriesColor}>
          {point.seriesId}: {formatMoney(Number(point.data.y))}
        </Text>
      ))}
    </Box>
  );
}

function SliceTooltip({ slice }: SliceTooltipProps<AccountBalanceSeries>) {
  return <UsdSliceTooltip title={slice.points[0]?.data.xFormatted ?? ''} points={slice.points} />;
}

/**
 * Balances of several accounts over time (spec 000 §2 trader dashboard, §9): one line per account in
 * the palette's colour (the screen's account list is the legend), 400 px high, dollar ticks, USD
 * tooltips. The y axis fits the balances, with "From zero" on request (decision 41; spec 000 §9's
 * zero-based axis flattens the moves). The x axis is a time scale, so accounts that traded on
 * different days still line up by date.
 */
export function AccountBalancesChart({ series }: { series: readonly AccountBalanceSeries[] }) {
  const { colorMode } = useColorMode();
  const days = new Set(series.flatMap((line) => line.data.map((point) => point.x))).size;
  const many = days > 12;
  // A phone has room for about four rotated dates.
  const narrow = useMediaQuery('(max-width: 480px)');
  const [fromZero, setFromZero] = useState(false);
  const yRange = balanceYRange(
    series.flatMap((line) => line.data.map((point) => point.y)),
    fromZero,
  );
  return (
    <Stack gap="2">
      <FromZeroSwitch checked={fromZero} onChange={setFromZero} />
      <Box
        height={`${ACCOUNT_CHART_HEIGHT}px`}
        role="img"
        aria-label={`Balance chart: ${series.map((line) => line.id).join(', ')}`}
      >
        <ResponsiveLine<AccountBalanceSeries>
          data={series as AccountBalanceSeries[]}
          theme={chartTheme(colorMode === 'dark')}
          colors={(line: LineSeries) =>
            series.find((candidate) => candidate.id === line.id)?.color ?? '#a1a1aa'
          }
          margin={{ top: 16, right: 24, bottom: 56, left: 72 }}
          xScale={{ type: 'time', format: '%Y%m%d', precision: 'day', useUTC: true }}
          xFormat="time:%m/%d/%Y"
          yScale={{ type: 'linear', ...yRange }}
          curve="monotoneX"
          axisLeft={{ format: formatCompactMoney }}
          axisBottom={{
            format: '%m/%d',
            tickValues: many ? (narrow ? 4 : 8) : 'every 1 day',
            tickRotation: many ? -45 : 0,
          }}
          pointSize={days > 30 ? 0 : 5}
          lineWidth={2}
          enableSlices="x"
          sliceTooltip={SliceTooltip}
          animate={false}
          // The box above is the named image; nivo's own svg would be a second, unnamed one.
          role="presentation"
        />
      </Box>
    </Stack>
  );
}

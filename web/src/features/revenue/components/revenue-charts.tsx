import { Box, Card, SimpleGrid, Stack } from '@chakra-ui/react';
import { ResponsiveLine, type LineSeries, type SliceTooltipProps } from '@nivo/line';
import { chartTheme, type DaySeries } from '@/components/charts/chart-theme';
import { UsdSliceTooltip } from '@/components/charts/account-balances-chart';
import { useColorMode } from '@/components/ui/color-mode';
import { accumulatedDays, dollarsOf, type RevenueDay } from '../revenue-figures';
import { formatCompactMoney, formatDate } from '@/lib/format';

const COLORS = { Gross: '#3b82f6', Net: '#22c55e', Fees: '#f97316' };

function seriesOf(days: readonly RevenueDay[]): DaySeries[] {
  return [
    { id: 'Gross', data: days.map((day) => ({ x: day.date, y: dollarsOf(day.grossIncome) })) },
    { id: 'Net', data: days.map((day) => ({ x: day.date, y: dollarsOf(day.netIncome) })) },
    { id: 'Fees', data: days.map((day) => ({ x: day.date, y: dollarsOf(day.totalFees) })) },
  ];
}

/** Tooltips in USD (UI.md), one row per series of the hovered day. */
function DayTooltip({ slice }: SliceTooltipProps<DaySeries>) {
  const date = slice.points[0]?.data.x;
  return <UsdSliceTooltip title={date ? formatDate(String(date)) : ''} points={slice.points} />;
}

function Chart({ data, area, label }: { data: DaySeries[]; area: boolean; label: string }) {
  const { colorMode } = useColorMode();
  const many = (data[0]?.data.length ?? 0) > 10;
  return (
    <Box height="280px" role="img" aria-label={label}>
      <ResponsiveLine<DaySeries>
        data={data}
        theme={chartTheme(colorMode === 'dark')}
        colors={(series: LineSeries) => COLORS[series.id as keyof typeof COLORS]}
        margin={{ top: 16, right: 16, bottom: 48, left: 64 }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: area ? 0 : 'auto', max: 'auto' }}
        axisLeft={{ format: formatCompactMoney }}
        axisBottom={{
          format: (value: string) => `${value.slice(4, 6)}/${value.slice(6, 8)}`,
          tickRotation: many ? -45 : 0,
          tickValues: many
            ? data[0]?.data
                .filter((_, index) => index % Math.ceil(data[0]!.data.length / 10) === 0)
                .map((point) => point.x)
            : undefined,
        }}
        enableArea={area}
        areaOpacity={0.15}
        pointSize={many ? 0 : 6}
        enableSlices="x"
        sliceTooltip={DayTooltip}
        legends={[
          {
            anchor: 'top-right',
            direction: 'row',
            itemWidth: 60,
            itemHeight: 16,
            translateY: -16,
            symbolSize: 10,
          },
        ]}
        animate={false}
        role="presentation"
      />
    </Box>
  );
}

/** The daily line chart and the accumulated area chart (spec 001 §2.13), nivo. */
export function RevenueCharts({ days }: { days: readonly RevenueDay[] }) {
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
      <Card.Root size="sm">
        <Card.Header>
          <Card.Title>Daily Revenue</Card.Title>
        </Card.Header>
        <Card.Body>
          <Stack>
            <Chart data={seriesOf(days)} area={false} label="Daily gross, net and fees in USD" />
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root size="sm">
        <Card.Header>
          <Card.Title>Accumulated Revenue</Card.Title>
        </Card.Header>
        <Card.Body>
          <Chart
            data={seriesOf(accumulatedDays(days))}
            area
            label="Accumulated gross, net and fees in USD"
          />
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}

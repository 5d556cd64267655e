import {
  Button,
  Card,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Stat,
} from '@chakra-ui/react';
import { LuDollarSign, LuDownload, LuRefreshCw } from 'react-icons/lu';
import type { DailyRevenueRecord } from '@shared/revenue/daily-revenue';
import { downloadCsv } from '@/components/data-table/csv';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { formatCount, formatMoney } from '@/lib/format';
import { useUrlView } from '@/lib/url-state';
import { useDailyRevenue } from '@/api/revenue';
import { dollarsOf, revenueCsv, revenueDays, revenueTotals } from '../revenue-figures';
import {
  REVENUE_PROVIDERS,
  REVENUE_VIEW_PARAMS,
  readRevenueView,
  writeRevenueView,
  type RevenueProviderFilter,
  type RevenueView,
} from '../revenue-view';
import { RevenueCharts } from './revenue-charts';
import { RevenueTable } from './revenue-table';

const PROVIDER_LABELS: Record<RevenueProviderFilter, string> = {
  all: 'All providers',
  stripe: 'Stripe',
  paypal: 'PayPal',
};

function exportCsv(records: readonly DailyRevenueRecord[], view: RevenueView) {
  downloadCsv(
    `daily-revenue-${view.startDate}-to-${view.endDate}-${view.provider}.csv`,
    revenueCsv(records),
  );
}

function SummaryCards({ records }: { records: readonly DailyRevenueRecord[] }) {
  const totals = revenueTotals(records);
  const cards = [
    ['Gross Income', formatMoney(dollarsOf(totals.grossIncome))],
    ['Net Income', formatMoney(dollarsOf(totals.netIncome))],
    ['Total Fees', formatMoney(dollarsOf(totals.totalFees))],
    ['Transactions', formatCount(totals.transactions)],
    ['Active Traders', formatCount(totals.activeTraders)],
  ] as const;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
      {cards.map(([label, value]) => (
        <Card.Root key={label} size="sm">
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText
                color={
                  label === 'Net Income'
                    ? totals.netIncome >= 0
                      ? 'fg.success'
                      : 'fg.error'
                    : undefined
                }
              >
                {value}
              </Stat.ValueText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** One end of the date range; a cleared picker changes nothing (the range always has both ends). */
function DateFilter({
  label,
  value,
  min,
  max,
  onPick,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onPick: (date: string) => void;
}) {
  return (
    <Field.Root width="auto">
      <Field.Label>{label}</Field.Label>
      <Input
        type="date"
        size="sm"
        value={value}
        min={min}
        max={max}
        onChange={(event) => event.target.value && onPick(event.target.value)}
      />
    </Field.Root>
  );
}

/** Daily Revenue (spec 001 §2.13): filters in the URL, cards, nivo charts, details, CSV export. */
export function DailyRevenuePage() {
  // Each change lands on top of the last one, even before the page renders it.
  const [view, show] = useUrlView(readRevenueView, writeRevenueView, REVENUE_VIEW_PARAMS);
  const revenue = useDailyRevenue(view);
  const records = revenue.data ?? [];

  return (
    <Stack gap="5">
      <PageHeader title="Daily Revenue" subtitle="Collections by payment provider, in USD" />
      <Card.Root size="sm">
        <Card.Body>
          <HStack gap="3" align="flex-end" wrap="wrap">
            <DateFilter
              label="Start Date"
              value={view.startDate}
              max={view.endDate}
              onPick={(startDate) => show({ startDate })}
            />
            <DateFilter
              label="End Date"
              value={view.endDate}
              min={view.startDate}
              onPick={(endDate) => show({ endDate })}
            />
            <Field.Root width="auto">
              <Field.Label>Provider</Field.Label>
              <NativeSelect.Root size="sm" width="44">
                <NativeSelect.Field
                  value={view.provider}
                  onChange={(event) =>
                    show({ provider: event.target.value as RevenueProviderFilter })
                  }
                >
                  {REVENUE_PROVIDERS.map((provider) => (
                    <option key={provider} value={provider}>
                      {PROVIDER_LABELS[provider]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button
              size="sm"
              onClick={() => void revenue.refetch()}
              loading={revenue.isFetching}
              loadingText="Refreshing..."
            >
              <LuRefreshCw /> Refresh Data
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={records.length === 0}
              onClick={() => exportCsv(records, view)}
            >
              <LuDownload /> Export CSV
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>

      {revenue.isPending ? (
        <PageLoading label="Loading revenue data..." />
      ) : revenue.isError ? (
        <PageError
          title="Error loading revenue data"
          error={revenue.error}
          onRetry={() => void revenue.refetch()}
        />
      ) : records.length === 0 ? (
        <PageEmpty
          icon={<LuDollarSign />}
          title="No Revenue Data"
          description="No revenue was collected in this date range for this provider."
        />
      ) : (
        <>
          <SummaryCards records={records} />
          <RevenueCharts days={revenueDays(records)} />
          <RevenueTable records={records} />
        </>
      )}
    </Stack>
  );
}

import { Box, Textarea } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import type { Trader } from '@shared/traders/trader';
import { FieldList, type FieldRow } from '@/components/figures/field-list';
import { SectionCard } from '@/components/section/section-card';
import { formatDate, formatDateTime } from '@/lib/format';

/** A titled card of the dashboard; it shrinks inside its grid cell rather than widen it. */
export function DashboardCard(props: Omit<ComponentProps<typeof SectionCard>, 'minW'>) {
  return <SectionCard {...props} minW="0" />;
}

/** The dashboard's label and value lists; a long value (an e-mail) breaks inside its column. */
export function Fields({ label, items }: { label?: string; items: FieldRow[] }) {
  return <FieldList label={label} items={items} labelWidth="32" breakWords />;
}

export function NotesAndComments() {
  return (
    <DashboardCard title="Notes & Comments">
      <Textarea
        readOnly
        aria-label="Notes & Comments"
        placeholder="Add notes about this trader..."
        rows={4}
      />
    </DashboardCard>
  );
}

/**
 * Recent Activity (spec 000 §2): Last Login and Account Created ('Unknown' when the records do not
 * say), and the latest performance date across the accounts ('No data').
 */
export function RecentActivity({
  trader,
  latestPerformanceDate,
}: {
  trader: Trader;
  latestPerformanceDate: string | undefined;
}) {
  return (
    <DashboardCard title="Recent Activity">
      <Box maxH="200px" overflowY="auto">
        <Fields
          items={[
            [
              'Last Login',
              trader.loginInfo?.last ? formatDateTime(trader.loginInfo.last) : 'Unknown',
            ],
            ['Account Created', trader.createdAt ? formatDateTime(trader.createdAt) : 'Unknown'],
            [
              'Latest Performance Update',
              latestPerformanceDate ? formatDate(latestPerformanceDate) : 'No data',
            ],
          ]}
        />
      </Box>
    </DashboardCard>
  );
}

/** The newest of the dates, compared as `YYYYMMDD` strings (spec 000 §2: sorted descending). */
export function latestDate(dates: readonly (string | null | undefined)[]): string | undefined {
  const known = dates.filter((date): date is string => Boolean(date));
  return known.sort((a, b) => b.localeCompare(a))[0];
}

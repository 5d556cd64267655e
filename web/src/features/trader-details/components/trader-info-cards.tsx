import { Button, Link, SimpleGrid, Stack, Stat, Text, chakra } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import type { TraderAccount } from '@shared/traders/trader-account';
import type { Trader } from '@shared/traders/trader';
import { PHASE_ORDER } from '@/components/account-groups/account-groups';
import { TraderStatusBadge, phaseLabel } from '@/components/badges/badges';
import { MISSING, formatCount, formatFractionPercent, orMissing } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { Mono } from '@/components/figures/mono-text';
import { DataTable } from '@/components/data-table/data-table';
import { JsonModal } from '@/components/json-modal/json-modal';
import { SectionCard } from '@/components/section/section-card';
import { mailtoHref, telHref } from '@/config/paths';

type InfoRow = [string, ReactNode];

/** The info table's rows name their field: its column headers are for screen readers only. */
const infoColumns: ColumnDef<InfoRow>[] = [
  {
    id: 'field',
    header: () => <chakra.span srOnly>Field</chakra.span>,
    meta: { minW: '32' },
    cell: ({ row }) => (
      <Text as="span" fontWeight="medium">
        {row.original[0]}
      </Text>
    ),
  },
  {
    id: 'value',
    header: () => <chakra.span srOnly>Value</chakra.span>,
    meta: { wrap: true },
    cell: ({ row }) => (
      <Text as="span" wordBreak="break-all">
        {row.original[1]}
      </Text>
    ),
  },
];

/** Trader Info (spec 000 §2): the trader's record, with View JSON. */
export function TraderInfo({ trader }: { trader: Trader }) {
  const [jsonOpen, setJsonOpen] = useState(false);
  const rows: InfoRow[] = [
    ['Username', orMissing(trader.username)],
    ['Trader ID', <Mono>{trader.traderId}</Mono>],
    ['First Name', orMissing(trader.firstName)],
    ['Last Name', orMissing(trader.lastName)],
    ['Email', trader.email],
    ['Status', <TraderStatusBadge status={trader.status} />],
  ];
  return (
    <>
      <SectionCard
        title="Trader Info"
        actions={
          <Button size="sm" variant="outline" onClick={() => setJsonOpen(true)}>
            View JSON
          </Button>
        }
      >
        <DataTable
          label="Trader info"
          compact
          data={rows}
          columns={infoColumns}
          getRowId={([label]) => label}
        />
      </SectionCard>
      <JsonModal
        open={jsonOpen}
        title="Trader Data JSON"
        value={trader}
        onClose={() => setJsonOpen(false)}
      />
    </>
  );
}

/** The trader's totals over their accounts. */
function totalsOf(accounts: readonly TraderAccount[]) {
  let balance = 0;
  let profit = 0;
  let trades = 0;
  let wins = 0;
  for (const account of accounts) {
    const summary = account.accountSummary;
    balance += summary?.currentBalance ?? account.summary?.balance ?? 0;
    profit += summary?.totalProfit ?? 0;
    trades += summary?.totalTrades ?? 0;
    wins += summary?.winningTrades ?? 0;
  }
  return { balance, profit, trades, wins };
}

/** Spec 000 §2 'trader overview': account-type cards, performance summary and contact info. */
export function TraderOverview({
  trader,
  accounts,
}: {
  trader: Trader;
  accounts: TraderAccount[];
}) {
  const { balance, profit, trades, wins } = totalsOf(accounts);
  const phone = trader.phoneNumber ?? Object.values(trader.phone)[0];
  const performance: [string, ReactNode][] = [
    ['Total Balance', <Money value={balance} />],
    ['Total Profit', <Money value={profit} signed />],
    ['Total Trades', formatCount(trades)],
    ['Win Rate', trades > 0 ? formatFractionPercent(wins / trades, 1) : MISSING],
  ];
  return (
    <SectionCard title="Trader Overview">
      <Stack gap="4">
        {/* Two columns until the half-page card is wide enough for four: four columns at
            1280 px pushed "PERFORMANCE" out of its box. */}
        <SimpleGrid columns={{ base: 2, '2xl': 4 }} gap="3" aria-label="Accounts by type">
          {PHASE_ORDER.map((phase) => (
            <Stat.Root key={phase} borderWidth="1px" rounded="md" p="3">
              <Stat.Label>{phase === 'sim-funded' ? 'PERFORMANCE' : phaseLabel(phase)}</Stat.Label>
              <Stat.ValueText>
                {formatCount(accounts.filter((account) => account.phase === phase).length)}
              </Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 2, '2xl': 4 }} gap="3" aria-label="Performance summary">
          {performance.map(([label, value]) => (
            <Stat.Root key={label} borderWidth="1px" rounded="md" p="3">
              <Stat.Label>{label}</Stat.Label>
              <Stat.ValueText fontSize="lg">{value}</Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
        <Stack gap="1" fontSize="sm" aria-label="Contact info">
          <Text>
            Email:{' '}
            <Link href={mailtoHref(trader.email)} colorPalette="blue">
              {trader.email}
            </Link>
          </Text>
          <Text>
            Phone:{' '}
            {phone ? (
              <Link href={telHref(phone)} colorPalette="blue">
                {phone}
              </Link>
            ) : (
              MISSING
            )}
          </Text>
        </Stack>
      </Stack>
    </SectionCard>
  );
}

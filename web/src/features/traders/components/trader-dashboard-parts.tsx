import {
  Box,
  Card,
  DataList,
  Heading,
  Link,
  Stack,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { Trader } from '@shared/traders/trader';
import type { TraderAccount } from '@shared/traders/trader-account';
import {
  AccountStatusBadge,
  ComplianceBadge,
  PhaseBadge,
  RithmicStatusBadge,
  TraderStatusBadge,
} from '@/components/badges/badges';
import { DataTable } from '@/components/data-table/data-table';
import { MASKED, SecretText } from '@/components/secret-text/secret-text';
import { signColor } from '@/components/figures/figures';
import {
  MISSING,
  formatCount,
  formatFractionPercent,
  formatMoney,
  formatDateTime,
  formatDate,
} from '@/lib/format';
import { mailtoHref, telHref } from '@/config/paths';
import { AccountLink } from '@/components/account-links/account-links';

/** A titled card of the dashboard; `aria-label` makes it a named region. */
export function DashboardCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root size="sm" as="section" aria-label={title} minW="0">
      <Card.Header
        flexDirection="row"
        justifyContent="space-between"
        alignItems="center"
        gap="2"
        flexWrap="wrap"
      >
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {actions}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function Fields({ label, items }: { label?: string; items: [string, ReactNode][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2" aria-label={label}>
      {items.map(([name, value]) => (
        <DataList.Item key={name}>
          <DataList.ItemLabel minW="32">{name}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function accountBalanceOf(account: TraderAccount): number | undefined {
  return account.accountSummary?.currentBalance ?? account.summary?.balance;
}

const summaryColumns: ColumnDef<TraderAccount>[] = [
  {
    id: 'accountId',
    header: 'Account ID',
    accessorFn: (account) => account.accountId,
    cell: ({ row }) => <AccountLink accountId={row.original.accountId} />,
  },
  {
    id: 'program',
    header: 'Program',
    accessorFn: (account) => account.program?.name ?? '',
    cell: ({ getValue }) => String(getValue()) || MISSING,
  },
  {
    id: 'phase',
    header: 'Phase',
    accessorFn: (account) => account.phase,
    cell: ({ row }) => <PhaseBadge phase={row.original.phase} />,
  },
  {
    id: 'rithmicStatus',
    header: 'Broker Status',
    accessorFn: (account) => account.rithmicStatus,
    cell: ({ row }) => <RithmicStatusBadge status={row.original.rithmicStatus} />,
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (account) => account.status,
    cell: ({ row }) => <AccountStatusBadge status={row.original.status} />,
  },
  {
    id: 'balance',
    header: 'Balance',
    accessorFn: (account) => accountBalanceOf(account) ?? null,
    cell: ({ getValue }) => formatMoney(getValue() as number | null),
    meta: { numeric: true },
  },
  {
    id: 'profit',
    header: 'Total Profit',
    accessorFn: (account) => account.accountSummary?.totalProfit ?? null,
    cell: ({ getValue }) => {
      const value = getValue() as number | null;
      return <Text color={signColor(value)}>{formatMoney(value)}</Text>;
    },
    meta: { numeric: true },
  },
  {
    id: 'progress',
    header: 'Profit Target',
    accessorFn: (account) => account.accountSummary?.profitTargetProgress ?? null,
    cell: ({ getValue }) => formatFractionPercent(getValue() as number | null, 1),
    meta: { numeric: true },
  },
  {
    id: 'days',
    header: 'Trading Days',
    accessorFn: (account) => account.accountSummary?.tradingDaysCompleted ?? null,
    cell: ({ getValue }) => formatCount(getValue() as number | null),
    meta: { numeric: true },
  },
  {
    id: 'compliance',
    header: 'Compliance',
    accessorFn: (account) => account.accountSummary?.conformanceStatus ?? '',
    cell: ({ row }) => (
      <ComplianceBadge status={row.original.accountSummary?.conformanceStatus ?? null} />
    ),
  },
  {
    id: 'lastDay',
    header: 'Last Calculated',
    accessorFn: (account) => account.accountSummary?.lastCalculationDate ?? '',
    cell: ({ getValue }) => formatDate(getValue() as string),
  },
];

/** The account-summary table: every account of the trader with its summary figures. */
export function AccountSummaryTable({ accounts }: { accounts: TraderAccount[] }) {
  if (accounts.length === 0) {
    return <Text color="fg.muted">This trader has no accounts yet.</Text>;
  }
  return (
    <DataTable
      label="Account summary"
      data={accounts}
      columns={summaryColumns}
      getRowId={(account) => account.accountId}
      urlKey="accounts"
    />
  );
}

const SelectButton = chakra('button');

/**
 * The accounts list that drives the chart (spec 000 §2): a click on an Active account charts it alone;
 * the chart plots only Active accounts, so the others are listed but cannot be chosen.
 */
export function ChartAccountList({
  accounts,
  colorOf,
  selected,
  onSelect,
}: {
  accounts: TraderAccount[];
  colorOf: (accountId: string) => string | undefined;
  selected: string | undefined;
  onSelect: (accountId: string) => void;
}) {
  if (accounts.length === 0) return <Text color="fg.muted">No accounts.</Text>;
  return (
    <Stack as="ul" gap="2" aria-label="Accounts" listStyleType="none">
      {accounts.map((account) => {
        const color = colorOf(account.accountId);
        const active = account.rithmicStatus === 'Active';
        const isSelected = selected === account.accountId;
        return (
          <li key={account.accountId}>
            <SelectButton
              type="button"
              width="full"
              textAlign="start"
              display="flex"
              alignItems="center"
              gap="3"
              px="3"
              py="2"
              rounded="md"
              borderWidth="1px"
              borderColor={isSelected ? 'blue.solid' : 'border'}
              bg={isSelected ? 'blue.subtle' : 'transparent'}
              cursor={active ? 'pointer' : 'not-allowed'}
              opacity={active ? 1 : 0.7}
              _hover={active ? { bg: isSelected ? 'blue.subtle' : 'bg.muted' } : undefined}
              disabled={!active}
              aria-pressed={isSelected}
              title={
                active
                  ? `Show ${account.accountId} on the chart`
                  : 'Only Active accounts are charted'
              }
              onClick={() => onSelect(account.accountId)}
            >
              <Box
                boxSize="3"
                rounded="full"
                flexShrink={0}
                bg={color ?? 'transparent'}
                borderWidth={color ? 0 : '1px'}
                aria-hidden
              />
              <Stack gap="0" flex="1" minW="0">
                <Text fontFamily="mono" fontSize="sm" truncate>
                  {account.accountId}
                </Text>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {account.program?.name ?? account.name ?? MISSING}
                </Text>
              </Stack>
              <Stack gap="1" align="flex-end" flexShrink={0}>
                <RithmicStatusBadge status={account.rithmicStatus} />
                <Text fontSize="xs">{formatMoney(accountBalanceOf(account))}</Text>
              </Stack>
            </SelectButton>
          </li>
        );
      })}
    </Stack>
  );
}

/** Decision 31: a password shows as a fixed 8 bullets, never as many as its characters. */
export function maskedPassword(): string {
  return MASKED;
}

const PASSWORD_LABEL = 'Rithmic password';

/**
 * The Technical Credentials password (decision 31): 8 bullets, with reveal and copy when the answer
 * carries the password (staff); the API withholds it from a trader, who sees the bullets only.
 */
function CredentialPassword({ password }: { password: string | undefined }) {
  if (password)
    return <SecretText value={password} label={PASSWORD_LABEL} testId="masked-password" />;
  return (
    <chakra.span
      fontFamily="mono"
      letterSpacing="wider"
      aria-label="Password hidden"
      data-testid="masked-password"
    >
      {maskedPassword()}
    </chakra.span>
  );
}

/** Contact Information (spec 000 §2), with the membership record's blocks when there is one. */
export function ContactInformation({ trader }: { trader: Trader }) {
  const amember = trader.amember;
  return (
    <DashboardCard title="Contact Information">
      <Stack gap="4">
        <Fields
          items={[
            ['Trader ID', <chakra.span fontFamily="mono">{trader.traderId}</chakra.span>],
            ['Full Name', `${trader.firstName} ${trader.lastName}`.trim() || MISSING],
            ['Username', trader.username || MISSING],
            ['Status', <TraderStatusBadge status={trader.status} />],
            [
              'Email',
              <Link href={mailtoHref(trader.email)} colorPalette="blue">
                {trader.email}
              </Link>,
            ],
            [
              'Phone',
              trader.phoneNumber ? (
                <Link href={telHref(trader.phoneNumber)} colorPalette="blue">
                  {trader.phoneNumber}
                </Link>
              ) : (
                MISSING
              ),
            ],
          ]}
        />
        {amember && (
          <>
            <Box>
              <Heading as="h3" size="sm" mb="2">
                Address
              </Heading>
              <Fields
                label="Address"
                items={[
                  ['Street', amember.street || MISSING],
                  ...(amember.street2
                    ? [['Street 2', amember.street2] as [string, ReactNode]]
                    : []),
                  ['City', amember.city || MISSING],
                  ['ZIP', amember.zip || MISSING],
                  ['Country', amember.country || MISSING],
                  [
                    'Secondary Phone',
                    amember.phone ? (
                      <Link href={telHref(amember.phone)} colorPalette="blue">
                        {amember.phone}
                      </Link>
                    ) : (
                      MISSING
                    ),
                  ],
                  ['Rithmic User ID', amember.rithmic_user_id || MISSING],
                ]}
              />
            </Box>
            <Box>
              <Heading as="h3" size="sm" mb="2">
                Technical Credentials
              </Heading>
              <Fields
                label="Technical credentials"
                items={[
                  ['Rithmic User ID', amember.rithmic_user_id || MISSING],
                  ['Password', <CredentialPassword password={amember.rithmic_passwd} />],
                ]}
              />
            </Box>
          </>
        )}
      </Stack>
    </DashboardCard>
  );
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

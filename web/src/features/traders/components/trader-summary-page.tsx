import { Card, DataList, Link, Stack, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Trader } from '@shared/traders/trader';
import { TraderStatusBadge } from '@/components/badges/badges';
import { MISSING, formatDateTime } from '@/lib/format';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { useTrader } from '@/api/traders';
import { traderErrorText } from './trader-dashboard-page';
import { paths } from '@/config/paths';

function List({ label, items }: { label: string; items: ReactNode[] }) {
  if (items.length === 0) return <>{MISSING}</>;
  return (
    <Stack as="ul" gap="1" aria-label={label} listStyleType="none">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </Stack>
  );
}

const mono = (text: string) => <chakra.span fontFamily="mono">{text}</chakra.span>;

/** The summary's fields in the spec's order (spec 000 §2 'Trader summary page'). */
export function traderSummaryFields(trader: Trader): [string, ReactNode][] {
  const address = trader.address;
  const phones = Object.entries(trader.phone).filter(([, number]) => Boolean(number));
  const login = trader.loginInfo;
  return [
    ['Trader ID', mono(trader.traderId)],
    ['First Name', trader.firstName || MISSING],
    ['Last Name', trader.lastName || MISSING],
    ['Username', trader.username || MISSING],
    ['Email', trader.email],
    ['Status', <TraderStatusBadge status={trader.status} />],
    ['Trading Status', trader.tradingStatus || MISSING],
    ['Last App Used', trader.lastAppUsed || MISSING],
    ['Phone Number', trader.phoneNumber || MISSING],
    ['Stripe ID', trader.stripeId ? mono(trader.stripeId) : MISSING],
    [
      'Accounts',
      <List
        label="Accounts"
        items={trader.accounts.map((accountId) => (
          // 24 px tall: stacked links need WCAG 2.2's minimum target size.
          <Link asChild fontFamily="mono" colorPalette="blue" minH="6" alignItems="start">
            <RouterLink to={paths.accountDetails.href({ accountId })}>{accountId}</RouterLink>
          </Link>
        ))}
      />,
    ],
    [
      'Brokers',
      <List
        label="Brokers"
        items={trader.brokers.map((broker) => (
          <>
            {broker.name}: {mono(broker.userId)}
          </>
        ))}
      />,
    ],
    ['Fingerprints', <List label="Fingerprints" items={trader.fingerprints.map(mono)} />],
    ['IP Addresses', <List label="IP Addresses" items={trader.ipAddresses.map(mono)} />],
    [
      'Address',
      address && Object.values(address).some(Boolean) ? (
        <List
          label="Address"
          items={[
            address.street1,
            [address.city, address.state, address.postalCode].filter(Boolean).join(', '),
            address.country,
          ].filter((line): line is string => Boolean(line))}
        />
      ) : (
        MISSING
      ),
    ],
    [
      'Phone',
      <List
        label="Phone"
        items={phones.map(([kind, number]) => (
          <>
            {kind.charAt(0).toUpperCase() + kind.slice(1)}: {number}
          </>
        ))}
      />,
    ],
    [
      'Login Info',
      login ? (
        <List
          label="Login Info"
          items={[
            `First: ${formatDateTime(login.first)}`,
            `Last: ${formatDateTime(login.last)}`,
            `Expiry: ${formatDateTime(login.expiry)}`,
            `Last IP: ${login.lastIp || MISSING}`,
          ]}
        />
      ) : (
        MISSING
      ),
    ],
    ['File Modified Date', formatDateTime(trader.fileModifiedDate)],
  ];
}

/** The trader summary page (spec 000 §2): the trader's record, read only. */
export function TraderSummaryPage() {
  const { traderId } = useParams();
  const trader = useTrader(traderId);

  if (trader.isPending) return <PageLoading label="Loading" />;
  if (trader.isError) {
    return (
      <PageError
        title={traderErrorText(trader.error)}
        error={trader.error}
        onRetry={() => void trader.refetch()}
      />
    );
  }
  const data = trader.data;
  const name = `${data.firstName} ${data.lastName}`.trim() || data.traderId;
  return (
    <>
      <PageHeader title={name} subtitle="Trader summary" />
      <Card.Root size="sm" as="section" aria-label="Trader summary">
        <Card.Body>
          <DataList.Root orientation="horizontal" size="sm" gap="3">
            {traderSummaryFields(data).map(([label, value]) => (
              <DataList.Item key={label} alignItems="flex-start">
                <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Text fontSize="sm" color="fg.muted" mt="4">
            <Link asChild colorPalette="blue">
              <RouterLink to={paths.traderDashboard.href({ id: data.traderId })}>
                Open the trader's dashboard
              </RouterLink>
            </Link>
          </Text>
        </Card.Body>
      </Card.Root>
    </>
  );
}

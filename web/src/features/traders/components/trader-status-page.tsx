import { Badge, Button, Card, DataList, HStack, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { MEMBERSHIP_POLL_INTERVAL_MS } from '@shared/membership/membership-session';
import { TRADER_STORAGE_KEYS } from '@shared/membership/trader-login';
import { PageHeader } from '@/components/ui/page-header';
import { getSession, type Session } from '@/lib/session';
import { formatTime } from '@/lib/format';

export interface MembershipValues {
  brokerId: string | null;
  email: string | null;
  login: string | null;
  /** The membership site sent the member back signed in (`amember_authenticated`). */
  authenticated: boolean;
}

export interface StatusCheck {
  session: Session | null;
  membership: MembershipValues;
  checkedAt: Date;
}

/**
 * Reads both indicators now: the admin-server session from the signed-in user, and the membership
 * system's trader values the browser keeps (spec 001 §3 'Trader session values'). They are display
 * hints, never authority (DESIGN §12): the API decides access from the verified token.
 */
export function checkStatus(now: Date = new Date()): StatusCheck {
  return {
    session: getSession(),
    membership: {
      brokerId: localStorage.getItem(TRADER_STORAGE_KEYS.rithmicUserId),
      email: localStorage.getItem(TRADER_STORAGE_KEYS.rithmicEmail),
      login: localStorage.getItem(TRADER_STORAGE_KEYS.rithmicLogin),
      authenticated: localStorage.getItem(TRADER_STORAGE_KEYS.amemberAuthenticated) === 'true',
    },
    checkedAt: now,
  };
}

function LoginBadge({ loggedIn }: { loggedIn: boolean }) {
  return (
    <Badge colorPalette={loggedIn ? 'green' : 'red'} variant="subtle" size="md">
      {loggedIn ? 'Logged In' : 'Not Logged In'}
    </Badge>
  );
}

function StatusCard({
  title,
  loggedIn,
  items,
}: {
  title: string;
  loggedIn: boolean;
  items: [string, ReactNode][];
}) {
  return (
    <Card.Root size="sm" as="section" aria-label={title}>
      <Card.Header flexDirection="row" justifyContent="space-between" gap="2" flexWrap="wrap">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <LoginBadge loggedIn={loggedIn} />
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          {items.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minW="28">{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The trader status page (spec 000 §2, title 'Traders', no back button): whether the admin server
 * and the membership system see a signed-in user, and who, with the time of the last check. It
 * checks again on 'Check Again', when another tab signs in or out, and every 5 s (spec 000 §9).
 */
export function TraderStatusPage() {
  const [status, setStatus] = useState(() => checkStatus());
  const recheck = useCallback(() => setStatus(checkStatus()), []);

  useEffect(() => {
    const timer = setInterval(recheck, MEMBERSHIP_POLL_INTERVAL_MS);
    window.addEventListener('storage', recheck);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', recheck);
    };
  }, [recheck]);

  const user = status.session?.user;
  const { brokerId, email, login, authenticated } = status.membership;
  const none = <Text color="fg.muted">Not available</Text>;

  return (
    <>
      <PageHeader title="Traders" />
      <HStack justify="space-between" gap="3" wrap="wrap" mb="4">
        <Text color="fg.muted" role="status">
          Last checked: {formatTime(status.checkedAt, 'seconds')}
        </Text>
        <Button size="sm" variant="outline" onClick={recheck}>
          <LuRefreshCw aria-hidden /> Check Again
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        <StatusCard
          title="Admin Server"
          loggedIn={status.session !== null}
          items={[
            ['Name', user ? user.name || user.username || none : none],
            ['Email', user?.email || none],
            [
              'Role',
              user ? (
                <Badge colorPalette={user.role === 'admin' ? 'purple' : 'blue'}>{user.role}</Badge>
              ) : (
                none
              ),
            ],
          ]}
        />
        <StatusCard
          title="Membership System"
          // A broker user id from the trader sign-in, or the membership site's own confirmation (a
          // member without a broker user id is still signed in there).
          loggedIn={Boolean(brokerId) || authenticated}
          items={[
            ['Broker ID', brokerId || none],
            ['Email', email || none],
            ['Username', login || none],
          ]}
        />
      </SimpleGrid>
    </>
  );
}

import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import { useSession } from '@/lib/session';
import { readBrokerHints } from '../trader-storage';
import { useMembership } from './membership-context';
import { formatTime, orMissing } from '@/lib/format';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Text fontSize="xs" lineClamp={2} wordBreak="break-all">
      <Text as="span" color="fg.muted">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/**
 * The sidebar's debug block (spec 000 §2): admin-server login state, token present or missing, user,
 * email, sync status, membership login state, broker id and email, last check time, and Refresh,
 * which runs the membership check again.
 */
export function TraderDebugBlock() {
  const session = useSession();
  const membership = useMembership();
  const hints = readBrokerHints();
  const user = session?.user;
  return (
    <Box
      as="section"
      aria-label="Debug"
      borderWidth="1px"
      rounded="md"
      p="2"
      bg="bg.subtle"
      fontFamily="mono"
    >
      <Stack gap="0.5">
        <Text fontSize="xs" fontWeight="semibold">
          Debug
        </Text>
        <Line label="Admin server" value={session ? 'Logged In' : 'Not Logged In'} />
        <Line label="Token" value={session?.token ? 'present' : 'missing'} />
        <Line label="User" value={user?.name || orMissing(user?.username)} />
        <Line label="Email" value={orMissing(user?.email)} />
        <Line label="Sync status" value={user?.traderId ? 'synced' : 'not synced'} />
        <Line
          label="Membership"
          value={
            membership.status === 'checking'
              ? 'Checking...'
              : membership.status === 'logged-in'
                ? 'Logged In'
                : 'Not Logged In'
          }
        />
        <Line label="Broker id" value={orMissing(hints.rithmicUserId)} />
        <Line label="Broker email" value={orMissing(hints.email)} />
        <Line
          label="Last check"
          value={membership.lastCheck ? formatTime(membership.lastCheck, 'seconds') : 'never'}
        />
        <Button size="2xs" variant="outline" mt="1" onClick={membership.recheck}>
          <LuRefreshCw /> Refresh
        </Button>
      </Stack>
    </Box>
  );
}

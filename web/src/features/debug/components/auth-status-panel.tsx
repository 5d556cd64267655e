import { Badge, DataList, Text } from '@chakra-ui/react';
import { errorText } from '@/lib/api-client';
import type { Session } from '@/lib/session';
import { useAuthStatus } from '@/api/auth';
import { orMissing } from '@/lib/format';
import { Item, Panel } from './debug-parts';

/** The signed-in user as the session and `GET /api/auth/status` know them, with the role's name. */
export function AuthStatusPanel({ session }: { session: Session | null }) {
  const status = useAuthStatus(session?.user.user_id);
  const user = status.data?.user;
  const roleName = user?.role?.name ?? orMissing(session?.user.role);
  return (
    <Panel title="Authentication Status">
      <DataList.Root orientation="horizontal" size="sm">
        <Item label="Status">
          <Badge colorPalette={session ? 'green' : 'red'} variant="subtle">
            {session ? 'Logged In' : 'Not Logged In'}
          </Badge>
        </Item>
        <Item label="Token">{session?.token ? 'present' : 'missing'}</Item>
        <Item label="User">{session?.user.name || orMissing(session?.user.username)}</Item>
        <Item label="Email">
          {user?.local?.email ?? user?.email ?? orMissing(session?.user.email)}
        </Item>
        <Item label="Role">
          <Badge variant="outline">{roleName}</Badge>
        </Item>
        <Item label="User ID">
          <Text fontFamily="mono" wordBreak="break-all">
            {user?._id ?? orMissing(session?.user.user_id)}
          </Text>
        </Item>
        {user?.traderId && <Item label="Trader ID">{user.traderId}</Item>}
        {user?.memberId && <Item label="Member ID">{user.memberId}</Item>}
        <Item label="Membership session">
          {status.isError
            ? `Unavailable (${errorText(status.error)})`
            : status.data?.amemberSession?.isLoggedIn
              ? 'Logged In'
              : 'Not Logged In'}
        </Item>
      </DataList.Root>
    </Panel>
  );
}

import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  DataList,
  Field,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  MANUAL_SYNC_EMAIL_MESSAGE,
  type AuthSyncStatus,
} from '@shared/membership/membership-session';
import { PageHeader } from '@/components/ui/page-header';
import { logout, errorText } from '@/lib/api-client';
import { saveSession, useSession } from '@/lib/session';
import { signIn } from '@/api/auth';
import { fetchSyncStatus, manualSync } from '@/api/amember';
import { useAuthStatus } from '@/api/auth';
import { POST_LOGIN_CHECK_MS, useDebugLog, type LogLevel } from '../debug-log';
import { formatTime, orMissing } from '@/lib/format';

function YesNo({ value }: { value: boolean }) {
  return (
    <Badge colorPalette={value ? 'green' : 'red'} variant="subtle">
      {value ? 'Yes' : 'No'}
    </Badge>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Panel({
  title,
  gap,
  children,
}: {
  title: string;
  gap?: string;
  children: React.ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
  );
}

/** A credential input the browser must not fill in: the console tries other accounts than its own. */
function CredentialField({
  label,
  type,
  value,
  onChange,
}: {
  label: string;
  type: 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type={type}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}

const LEVEL_PALETTE: Record<LogLevel, string> = {
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

/**
 * The Authentication Debug Console (spec 001 §2.20): the signed-in user's status with the role's name,
 * a member's sync status, Standard Login (with the sync check 1500 ms after it), Logout, Check Sync
 * Status, Manual Synchronization, and a log of at most 50 entries. It shows the role; it gates nothing.
 */
export function DebugPage() {
  const session = useSession();
  const status = useAuthStatus(session?.user.user_id);
  const log = useDebugLog();
  const [syncStatus, setSyncStatus] = useState<AuthSyncStatus | null>(null);
  const [statusEmail, setStatusEmail] = useState(session?.user.email ?? '');
  const [loginEmail, setLoginEmail] = useState('');
  const [loginPassword, setLoginPassword] = useState('');
  const [syncEmail, setSyncEmail] = useState('');
  const [syncPassword, setSyncPassword] = useState('');
  const [force, setForce] = useState(true);
  const [busy, setBusy] = useState<'login' | 'status' | 'sync' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const checkSyncStatus = async (email: string) => {
    const trimmed = email.trim();
    if (trimmed === '') {
      log.add('warning', 'Please enter an email address to check its sync status');
      return;
    }
    setBusy('status');
    try {
      const answer = await fetchSyncStatus(trimmed);
      setSyncStatus(answer);
      log.add(
        answer.isSynced ? 'success' : 'info',
        `Sync status for ${trimmed}: ${answer.isSynced ? 'synced' : 'not synced'}${
          answer.message ? ` (${answer.message})` : ''
        }`,
      );
    } catch (error) {
      log.add('error', `Sync status check failed: ${errorText(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const onLogin = async (event: FormEvent) => {
    event.preventDefault();
    const email = loginEmail.trim();
    setBusy('login');
    log.add('info', `Logging in as ${email || '(no email)'}...`);
    try {
      const signedIn = await signIn({ email, password: loginPassword });
      saveSession(signedIn);
      setLoginPassword('');
      log.add('success', `Login successful: ${signedIn.user.email} (${signedIn.user.role})`);
      setStatusEmail(signedIn.user.email);
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => void checkSyncStatus(signedIn.user.email),
        POST_LOGIN_CHECK_MS,
      );
    } catch (error) {
      log.add('error', `Login failed: ${errorText(error)}`);
    } finally {
      setBusy((value) => (value === 'login' ? null : value));
    }
  };

  const onLogout = async () => {
    await logout();
    setSyncStatus(null);
    log.add('info', 'Logged out');
  };

  const onManualSync = async (event: FormEvent) => {
    event.preventDefault();
    const email = syncEmail.trim();
    if (email === '') {
      log.add('warning', MANUAL_SYNC_EMAIL_MESSAGE);
      return;
    }
    setBusy('sync');
    log.add('info', `Manual sync for ${email}...`);
    try {
      const answer = await manualSync({ email, password: syncPassword || undefined, force });
      setSyncStatus(answer);
      setSyncPassword('');
      if (answer.success) log.add('success', `Manual sync completed: ${answer.message ?? email}`);
      else
        log.add(
          'error',
          `Manual sync failed: ${answer.error ?? answer.message ?? 'Unknown error'}`,
        );
    } catch (error) {
      log.add('error', `Manual sync failed: ${errorText(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const user = status.data?.user;
  const roleName = user?.role?.name ?? orMissing(session?.user.role);

  return (
    <Box>
      <PageHeader
        title="Authentication Debug Console"
        subtitle="Sign-in state, membership sync and a log of what happened here."
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
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

        <Panel title="Sync Status" gap="3">
          <Flex gap="2" align="flex-end" wrap="wrap">
            <Field.Root flex="1" minW="200px">
              <Field.Label>Member email</Field.Label>
              <Input
                type="email"
                value={statusEmail}
                onChange={(event) => setStatusEmail(event.target.value)}
              />
            </Field.Root>
            <Button
              variant="outline"
              loading={busy === 'status'}
              onClick={() => void checkSyncStatus(statusEmail)}
            >
              Check Sync Status
            </Button>
          </Flex>
          {syncStatus ? (
            <DataList.Root orientation="horizontal" size="sm">
              <Item label="Synced">
                <YesNo value={syncStatus.isSynced} />
              </Item>
              <Item label="Has Rithmic user">
                <YesNo value={syncStatus.hasRithmicUser} />
              </Item>
              <Item label="Has aMember password">
                <YesNo value={syncStatus.hasAmemberPassword} />
              </Item>
              <Item label="Message">{orMissing(syncStatus.message)}</Item>
            </DataList.Root>
          ) : (
            <Text color="fg.muted">No sync status checked yet.</Text>
          )}
        </Panel>

        <Panel title="Standard Login">
          <form onSubmit={(event) => void onLogin(event)} noValidate>
            <Stack gap="3">
              <CredentialField
                label="Login email"
                type="email"
                value={loginEmail}
                onChange={setLoginEmail}
              />
              <CredentialField
                label="Login password"
                type="password"
                value={loginPassword}
                onChange={setLoginPassword}
              />
              <Flex gap="2" wrap="wrap">
                <Button type="submit" colorPalette="blue" loading={busy === 'login'}>
                  Standard Login
                </Button>
                <Button variant="outline" onClick={() => void onLogout()} disabled={!session}>
                  Logout
                </Button>
              </Flex>
            </Stack>
          </form>
        </Panel>

        <Panel title="Manual Synchronization">
          <form onSubmit={(event) => void onManualSync(event)} noValidate>
            <Stack gap="3">
              <CredentialField
                label="Sync email"
                type="email"
                value={syncEmail}
                onChange={setSyncEmail}
              />
              <CredentialField
                label="Sync password (optional)"
                type="password"
                value={syncPassword}
                onChange={setSyncPassword}
              />
              <Checkbox.Root
                checked={force}
                onCheckedChange={(details) => setForce(details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Re-provision a member already in sync</Checkbox.Label>
              </Checkbox.Root>
              <Button type="submit" colorPalette="orange" loading={busy === 'sync'}>
                Force Sync
              </Button>
            </Stack>
          </form>
        </Panel>
      </SimpleGrid>

      <Card.Root mt="4">
        <Card.Header>
          <Flex justify="space-between" align="center">
            <Heading size="md">Log</Heading>
            <Button size="xs" variant="ghost" onClick={log.clear}>
              Clear
            </Button>
          </Flex>
        </Card.Header>
        <Card.Body>
          {log.entries.length === 0 ? (
            <Text color="fg.muted">Nothing logged yet.</Text>
          ) : (
            <Stack as="ol" aria-label="Debug log" gap="1" fontFamily="mono" fontSize="xs">
              {log.entries.map((entry) => (
                <Flex as="li" key={entry.id} gap="2" align="baseline" listStyleType="none">
                  <Text color="fg.muted" flexShrink={0}>
                    {formatTime(entry.time, 'seconds')}
                  </Text>
                  <Badge size="xs" colorPalette={LEVEL_PALETTE[entry.level]}>
                    {entry.level}
                  </Badge>
                  <Text wordBreak="break-word">{entry.message}</Text>
                </Flex>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}

import { Box, Button, Checkbox, Flex, SimpleGrid } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import {
  MANUAL_SYNC_EMAIL_MESSAGE,
  type AuthSyncStatus,
} from '@shared/membership/membership-session';
import { PageHeader } from '@/components/ui/page-header';
import { logout, errorText } from '@/lib/api-client';
import { saveSession, useSession } from '@/lib/session';
import { signIn } from '@/api/auth';
import { fetchSyncStatus, manualSync } from '@/api/amember';
import { POST_LOGIN_CHECK_MS, useDebugLog } from '../debug-log';
import { AuthStatusPanel } from './auth-status-panel';
import { CredentialsForm, type Credentials } from './credentials-form';
import { DebugLogCard } from './debug-log-card';
import { SyncStatusPanel } from './sync-status-panel';

const NO_CREDENTIALS: Credentials = { email: '', password: '' };

/**
 * The Authentication Debug Console (spec 001 §2.20): the signed-in user's status with the role's name,
 * a member's sync status, Standard Login (with the sync check 1500 ms after it), Logout, Check Sync
 * Status, Manual Synchronization, and a log of at most 50 entries. It shows the role; it gates nothing.
 */
export function DebugPage() {
  const session = useSession();
  const log = useDebugLog();
  const [syncStatus, setSyncStatus] = useState<AuthSyncStatus | null>(null);
  const [statusEmail, setStatusEmail] = useState(session?.user.email ?? '');
  const [login, setLogin] = useState(NO_CREDENTIALS);
  const [sync, setSync] = useState(NO_CREDENTIALS);
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

  const onLogin = async () => {
    const email = login.email.trim();
    setBusy('login');
    log.add('info', `Logging in as ${email || '(no email)'}...`);
    try {
      const signedIn = await signIn({ email, password: login.password });
      saveSession(signedIn);
      setLogin((value) => ({ ...value, password: '' }));
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

  const onManualSync = async () => {
    const email = sync.email.trim();
    if (email === '') {
      log.add('warning', MANUAL_SYNC_EMAIL_MESSAGE);
      return;
    }
    setBusy('sync');
    log.add('info', `Manual sync for ${email}...`);
    try {
      const answer = await manualSync({ email, password: sync.password || undefined, force });
      setSyncStatus(answer);
      setSync((value) => ({ ...value, password: '' }));
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

  return (
    <Box>
      <PageHeader
        title="Authentication Debug Console"
        subtitle="Sign-in state, membership sync and a log of what happened here."
      />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <AuthStatusPanel session={session} />
        <SyncStatusPanel
          syncStatus={syncStatus}
          email={statusEmail}
          onEmailChange={setStatusEmail}
          checking={busy === 'status'}
          onCheck={() => void checkSyncStatus(statusEmail)}
        />
        <CredentialsForm
          title="Standard Login"
          labels={{ email: 'Login email', password: 'Login password' }}
          value={login}
          onChange={setLogin}
          onSubmit={() => void onLogin()}
        >
          <Flex gap="2" wrap="wrap">
            <Button type="submit" colorPalette="blue" loading={busy === 'login'}>
              Standard Login
            </Button>
            <Button variant="outline" onClick={() => void onLogout()} disabled={!session}>
              Logout
            </Button>
          </Flex>
        </CredentialsForm>
        <CredentialsForm
          title="Manual Synchronization"
          labels={{ email: 'Sync email', password: 'Sync password (optional)' }}
          value={sync}
          onChange={setSync}
          onSubmit={() => void onManualSync()}
        >
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
        </CredentialsForm>
      </SimpleGrid>
      <DebugLogCard entries={log.entries} onClear={log.clear} />
    </Box>
  );
}

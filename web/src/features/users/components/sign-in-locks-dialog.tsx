import { Alert, Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { LoginLock } from '@shared/auth/login-locks';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { errorText } from '@/lib/api-client';
import { useClearSignInLock, useSignInLocks } from '@/api/auth';
import { formatDateTime } from '@/lib/format';

export const NO_LOCKS_MESSAGE = 'No sign-in is locked right now.';
export const CLEAR_LOCK_FAILED = 'Failed to clear the lock';

function scope(lock: LoginLock): string {
  if (lock.accountLocked) return 'From every address (too many failures overall)';
  return lock.lockedSources === 1 ? 'From one address' : `From ${lock.lockedSources} addresses`;
}

/**
 * Sign-in locks, so staff can let a locked-out user back in: the logins locked now after failed sign-ins, each with
 * an Unlock that clears all of its locks; the latest unlocks say who cleared which login, when.
 */
export function SignInLocksDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const locks = useSignInLocks(open);
  const clear = useClearSignInLock();

  let body;
  if (locks.isPending) body = <PageLoading label="Loading sign-in locks..." />;
  else if (locks.isError) {
    body = (
      <PageError
        title="Failed to load sign-in locks"
        error={locks.error}
        onRetry={() => void locks.refetch()}
      />
    );
  } else {
    const { locks: current, recentClears } = locks.data;
    body = (
      <Stack gap="5">
        {clear.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{errorText(clear.error, CLEAR_LOCK_FAILED)}</Alert.Title>
          </Alert.Root>
        )}
        {current.length === 0 ? (
          <Text color="fg.muted">{NO_LOCKS_MESSAGE}</Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Locked sign-ins">
            {current.map((lock) => (
              <Flex
                as="li"
                key={lock.lockId}
                gap="3"
                py="2"
                align="center"
                justify="space-between"
                borderBottomWidth="1px"
              >
                <Box minW="0">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text as="span" fontWeight="medium" overflowWrap="anywhere" minW="0">
                      {lock.login}
                    </Text>
                    <Badge colorPalette={lock.kind === 'staff' ? 'purple' : 'blue'}>
                      {lock.kind === 'staff' ? 'Staff' : 'Trader'}
                    </Badge>
                  </Flex>
                  <Text fontSize="xs" color="fg.muted">
                    {scope(lock)}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    Until {formatDateTime(lock.lockedUntil)}
                  </Text>
                </Box>
                <Button
                  size="xs"
                  colorPalette="red"
                  variant="outline"
                  flexShrink={0}
                  aria-label={`Unlock ${lock.login}`}
                  loading={clear.isPending && clear.variables === lock.lockId}
                  disabled={clear.isPending}
                  onClick={() => clear.mutate(lock.lockId)}
                >
                  Unlock
                </Button>
              </Flex>
            ))}
          </Stack>
        )}
        {recentClears.length > 0 && (
          <Box>
            <Heading as="h3" size="sm" mb="2">
              Latest unlocks
            </Heading>
            <Stack as="ul" gap="1" listStyleType="none" aria-label="Latest unlocks">
              {recentClears.map((entry) => (
                <Text as="li" key={`${entry.clearedAt}-${entry.lockId}`} fontSize="sm">
                  {entry.login || 'A login'} unlocked by {entry.clearedBy} on{' '}
                  {formatDateTime(Date.parse(entry.clearedAt))}
                </Text>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size={{ base: 'full', md: 'lg' }}
      contentProps={{ mx: { base: 0, md: 3 } }}
      title="Sign-in locks"
      closeLabel="Close dialog"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted" mb="4">
        Failed sign-ins lock a login from the address they came from, and from everywhere after many
        failures. Unlock clears every lock of the login.
      </Text>
      {body}
    </DialogFrame>
  );
}

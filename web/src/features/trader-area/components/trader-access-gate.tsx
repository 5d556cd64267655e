import { Spinner, Text, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { isValidReturnTo } from '../trader-storage';
import { useMembership } from './membership-context';
import { paths } from '@/config/paths';

export const CHECKING_DESCRIPTION = 'Please wait while we verify your login status...';

/**
 * The login check in front of the hub, MiM, the tools and the member dashboard (spec 001 §2.24, §6,
 * decision 8): while it runs, '{checkingTitle}'; a visitor who is not logged in goes to
 * /trader-login with `returnTo` (this page) and `target` (the member site's matching page), unless
 * the address already carries a valid `returnTo`.
 */
export function TraderAccessGate({
  returnTo,
  target,
  checkingTitle,
  children,
}: {
  returnTo: string;
  target?: string;
  checkingTitle: string;
  children: ReactNode;
}) {
  const { status } = useMembership();
  const [search] = useSearchParams();

  if (status === 'checking') {
    return (
      <VStack py="16" gap="3" role="status" textAlign="center">
        <Spinner size="lg" />
        <Text fontWeight="semibold" fontSize="lg">
          {checkingTitle}
        </Text>
        <Text color="fg.muted">{CHECKING_DESCRIPTION}</Text>
      </VStack>
    );
  }
  if (status === 'logged-out') {
    const present = search.get('returnTo');
    const query = new URLSearchParams({ returnTo: isValidReturnTo(present) ? present : returnTo });
    const presentTarget = search.get('target');
    const goal = isValidReturnTo(present) ? presentTarget : target;
    if (goal) query.set('target', goal);
    return <Navigate to={paths.traderLogin.href(Object.fromEntries(query))} replace />;
  }
  return <>{children}</>;
}

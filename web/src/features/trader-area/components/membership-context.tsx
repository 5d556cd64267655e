import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import {
  MEMBERSHIP_POLL_INTERVAL_MS,
  type MembershipCheckResult,
} from '@shared/membership/membership-session';
import { useSession } from '@/lib/session';
import { clientLogin } from '@/api/amember';
import { useTraderAreaConfig, type TraderAreaConfig } from '@/api/amember';
import { checkMembershipLogin, waitForMembershipLogin } from '../membership-check';

export type MembershipStatus = 'checking' | 'logged-in' | 'logged-out';

export interface MembershipState {
  status: MembershipStatus;
  result: MembershipCheckResult | undefined;
  /** When the last check finished (epoch ms), 0 before the first. */
  lastCheck: number;
  recheck: () => void;
  config: TraderAreaConfig | undefined;
}

const MembershipContext = createContext<MembershipState | null>(null);

export const membershipCheckKey = ['membership-check'] as const;

/**
 * Runs the membership-login check for the trader area (spec 000 §4, §9): the first check waits up to
 * 10 attempts, then it repeats every 5000 ms; `recheck` runs it at once (a frame's login message, the
 * debug block's refresh). Without a session there is nothing to check: the trader is logged out.
 */
export function MembershipProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const config = useTraderAreaConfig();
  const queryClient = useQueryClient();
  const queryKey = useMemo(
    () => [...membershipCheckKey, session?.user.user_id ?? ''],
    [session?.user.user_id],
  );
  const membershipOrigin = config.data?.origin ?? null;
  // Null (no cookie tier) unless the deployment names the membership site's session cookie.
  const sessionCookie = config.data?.sessionCookie ?? null;

  const query = useQuery({
    queryKey,
    enabled: session !== null && !config.isPending,
    queryFn: () => {
      const deps = { server: clientLogin, membershipOrigin, sessionCookie };
      const first = queryClient.getQueryData(queryKey) === undefined;
      return first ? waitForMembershipLogin(deps) : checkMembershipLogin(deps);
    },
    refetchInterval: MEMBERSHIP_POLL_INTERVAL_MS,
    retry: false,
  });

  const recheck = useCallback(() => void query.refetch(), [query]);

  let status: MembershipStatus = 'checking';
  if (session === null) status = 'logged-out';
  else if (query.data !== undefined) status = query.data.isLoggedIn ? 'logged-in' : 'logged-out';
  else if (query.isError) status = 'logged-out';

  const value: MembershipState = {
    status,
    result: query.data,
    lastCheck: query.dataUpdatedAt,
    recheck,
    config: config.data,
  };
  return <MembershipContext.Provider value={value}>{children}</MembershipContext.Provider>;
}

export function useMembership(): MembershipState {
  const value = useContext(MembershipContext);
  if (value === null) throw new Error('useMembership needs the trader area layout');
  return value;
}

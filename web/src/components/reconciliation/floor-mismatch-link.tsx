import { Badge, Link } from '@chakra-ui/react';
import { LuScale } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useAccountFloorMismatches } from '@/api/reconciliation';
import { paths } from '@/config/paths';

/**
 * On an account's page: a link to its floor mismatches on the Reconciliation screen, when the nightly
 * sync recorded any (the broker's liquidation floor differed from the engine's); nothing otherwise.
 */
export function FloorMismatchLink({ accountId }: { accountId: string }) {
  const mismatches = useAccountFloorMismatches(accountId);
  const rows = mismatches.data?.data ?? [];
  if (rows.length === 0) return null;
  const days = mismatches.data?.nextCursor
    ? `${rows.length}+ days`
    : `${rows.length} day${rows.length === 1 ? '' : 's'}`;
  return (
    <Badge asChild colorPalette="orange" variant="subtle" size="lg" mb="4">
      <Link asChild>
        <RouterLink to={paths.reconciliation.href({ account: accountId })}>
          <LuScale aria-hidden />
          Broker floor differs on {days}: reconcile
        </RouterLink>
      </Link>
    </Badge>
  );
}

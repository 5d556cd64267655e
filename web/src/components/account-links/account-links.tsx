import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { dateInputValue, formatDate } from '@/lib/format';
import { paths } from '@/config/paths';

/** An account id linking to its summary page (spec 000 §2). */
export function AccountLink({ accountId }: { accountId: string }) {
  return (
    <Link asChild fontFamily="mono" colorPalette="blue" wordBreak="break-all">
      <RouterLink to={paths.accountDetails.href({ accountId })}>{accountId}</RouterLink>
    </Link>
  );
}

/** A trader id linking to the trader's details page. */
export function TraderLink({ traderId }: { traderId: string }) {
  return (
    <Link asChild fontFamily="mono" colorPalette="blue">
      <RouterLink to={paths.traderDetails.href({ id: traderId })}>{traderId}</RouterLink>
    </Link>
  );
}

/** The Performance Report page of an account-day (decision 30; the URL's date has dashes). */
export function performanceReportPath(traderId: string, accountId: string, date: string): string {
  return paths.performanceReport.href({ id: traderId, accountId, date: dateInputValue(date) });
}

/** The last calculation date, linking to that day's Performance Report; '-' without one. */
export function CalculationDateLink({
  traderId,
  accountId,
  date,
}: {
  traderId: string;
  accountId: string;
  date: string | null | undefined;
}) {
  if (!date || !/^\d{8}$/.test(date)) {
    return (
      <Text as="span" color="fg.muted">
        -
      </Text>
    );
  }
  return (
    // 24 px tall: in a compact table row the dates stack close (WCAG 2.2 target size).
    <Link asChild colorPalette="blue" minH="6">
      <RouterLink
        to={performanceReportPath(traderId, accountId, date)}
        aria-label={`Performance report of ${accountId} for ${formatDate(date)}`}
      >
        {formatDate(date)}
      </RouterLink>
    </Link>
  );
}

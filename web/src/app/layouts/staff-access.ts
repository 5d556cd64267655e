import { matchPath } from 'react-router-dom';
import { paths } from '@/config/paths';
import { unknownSectionRedirect } from '@/features/trader-area/hub-sections';
import type { Session } from '@/lib/session';

/** Where a trader's own area starts (the trader hub). */
export const TRADER_HOME = paths.traderHub.href();

/**
 * Pages of the staff's tree that also show a trader their own records (their API routes are
 * `trader-self`): reached from the trader's dashboard, they open in the trader area's layout.
 */
export const TRADER_READABLE_PAGES = [
  paths.traderSummary.path,
  paths.traderDetails.path,
  paths.traderAccountsOverview.path,
  paths.traderAccounts.path,
  paths.traderDailySummary.path,
  paths.accountDetails.path,
  paths.accountSummaryDetail.path,
  paths.dailyPerformance.path,
  // Linked from the pages above, so a trader following links from their dashboard stays in the
  // trader layout; both read the trader-self `/api/performance/account/{accountId}/{date}`.
  paths.conformanceDetail.path,
  paths.performanceReport.path,
];

/**
 * What the staff layout does with `pathname` for this session: show the staff shell, show the page
 * in the trader area's layout (a trader's own records), or send the trader elsewhere. Route loaders
 * ask the same question, so a trader's stray staff address starts no request either.
 */
export type StaffAccess =
  | { kind: 'staff' }
  | { kind: 'trader-page' }
  | { kind: 'redirect'; to: string; state?: { unknownSection: string } };

export function staffAccess(session: Session | null, pathname: string): StaffAccess {
  if (session?.user.role !== 'trader') return { kind: 'staff' };
  // `/traders/{name}` that is not the trader's own id: an unknown hub section, so the trader lands
  // on the hub with a note naming what was asked for rather than silently on its home.
  const unknownSection = unknownSectionRedirect(pathname, session.user.traderId);
  if (unknownSection) return { kind: 'redirect', ...unknownSection };
  if (TRADER_READABLE_PAGES.some((pattern) => matchPath(pattern, pathname))) {
    return { kind: 'trader-page' };
  }
  return { kind: 'redirect', to: TRADER_HOME };
}

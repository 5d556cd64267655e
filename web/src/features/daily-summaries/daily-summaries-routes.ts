import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';

/** The firm's and a trader's daily summary tables (issue 11; spec 001 §2, §3 daily summary row). */
export const dailySummariesRoutes: RouteObject[] = [
  page(paths.firmDailySummary, () =>
    import('./components/firm-summary-page').then((m) => ({ Component: m.FirmSummaryPage })),
  ),
  page(paths.traderDailySummary, () =>
    import('./components/trader-summary-page').then((m) => ({ Component: m.TraderSummaryPage })),
  ),
];

import type { RouteObject } from 'react-router-dom';

/** The firm's and a trader's daily summary tables (issue 11; spec 001 §2, §3 daily summary row). */
export const dailySummariesRoutes: RouteObject[] = [
  {
    path: 'summaries/firm',
    lazy: () =>
      import('./components/firm-summary-page').then((m) => ({ Component: m.FirmSummaryPage })),
  },
  {
    path: 'summaries/trader/:traderId',
    lazy: () =>
      import('./components/trader-summary-page').then((m) => ({
        Component: m.TraderSummaryPage,
      })),
  },
];

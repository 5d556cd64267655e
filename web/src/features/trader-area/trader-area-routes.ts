import type { RouteObject } from 'react-router-dom';
import { HUB_SECTIONS } from './hub-sections';
import { TOOLS } from './tools';

const hubPage = () =>
  import('./components/trader-hub-page').then((m) => ({ Component: m.TraderHubPage }));

const toolComponents = {
  tradechat: 'TradeChatPage',
  spygate: 'SpyGatePage',
  wrap: 'WrapPage',
  livesquawk: 'LiveSquawkPage',
} as const;

/**
 * The trader area (issue 13, spec 001 §2.22–2.26). Its pages are outside the admin layout, in the
 * trader area's own layout (decision 5); the hub sections and tool pages are static routes, so they
 * win over the staff's `/traders/:traderId` (decision 3). Register before the admin layout.
 */
export const traderAreaRoutes: RouteObject[] = [
  {
    path: 'trader-login',
    lazy: () =>
      import('./components/trader-login-page').then((m) => ({ Component: m.TraderLoginPage })),
  },
  {
    lazy: () =>
      import('@/app/layouts/trader-area-layout').then((m) => ({ Component: m.TraderAreaLayout })),
    children: [
      { path: 'trader-accounts', lazy: hubPage },
      ...HUB_SECTIONS.map((section) => ({ path: `traders/${section.id}`, lazy: hubPage })),
      ...TOOLS.map((tool) => ({
        path: `traders/${tool.id}`,
        lazy: () =>
          import('./components/tool-page').then((m) => ({
            Component: m[toolComponents[tool.id]],
          })),
      })),
      {
        path: 'traders/mim',
        lazy: () => import('./components/mim-page').then((m) => ({ Component: m.MimPage })),
      },
      {
        path: 'amember-dashboard',
        lazy: () =>
          import('./components/amember-dashboard-page').then((m) => ({
            Component: m.AmemberDashboardPage,
          })),
      },
      {
        path: 'trader-interface',
        lazy: () =>
          import('./components/trader-interface-page').then((m) => ({
            Component: m.TraderInterfacePage,
          })),
      },
      {
        path: 'trader-dashboard',
        lazy: () =>
          import('./components/trader-dashboard-redirect').then((m) => ({
            Component: m.TraderDashboardRedirect,
          })),
      },
    ],
  },
  // Pages staff and traders share: the trader's own dashboard and status page (issue 11's screens,
  // reused), and the not-found page, each in the layout of whoever is signed in. These entries come
  // before the admin layout's, so they are the ones that match.
  {
    lazy: () => import('@/app/layouts/area-layout').then((m) => ({ Component: m.AreaLayout })),
    children: [
      {
        path: 'traders/trader-dashboard/:id',
        lazy: () =>
          import('../traders/components/trader-dashboard-page').then((m) => ({
            Component: m.TraderDashboardPage,
          })),
      },
      {
        path: 'trader-manager',
        lazy: () =>
          import('../traders/components/trader-status-page').then((m) => ({
            Component: m.TraderStatusPage,
          })),
      },
      {
        path: '*',
        lazy: () =>
          import('@/app/layouts/area-layout').then((m) => ({ Component: m.AreaNotFoundPage })),
      },
    ],
  },
];

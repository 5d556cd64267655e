import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { page } from '@/lib/routing';
import { DEFAULT_HUB_SECTION, HUB_SECTIONS, hubSection } from './hub-sections';
import { TOOLS, toolDocumentTitle } from './tools';

const hubPage = () =>
  import('./components/trader-hub-page').then((m) => ({ Component: m.TraderHubPage }));

const toolComponents = {
  tradechat: 'TradeChatPage',
  spygate: 'SpyGatePage',
  wrap: 'WrapPage',
  livesquawk: 'LiveSquawkPage',
} as const;

/** A hub section or tool: `/traders/{name}`, titled '{Name} - Deskline Trader Interface'. */
function areaPage(name: string, title: string, lazy: NonNullable<RouteObject['lazy']>) {
  return page(paths.traderAreaPage, lazy, {
    path: paths.traderAreaPage.href({ page: name }),
    title: toolDocumentTitle(title),
  });
}

/** The trader login (spec 001 §2.22), outside every layout. */
export const traderLoginRoutes: RouteObject[] = [
  page(paths.traderLogin, () =>
    import('./components/trader-login-page').then((m) => ({ Component: m.TraderLoginPage })),
  ),
];

/**
 * The trader area (spec 001 §2.22–2.26), in the trader area's own layout (decision 5).
 * The hub's sections and the tools are `/traders/{name}`; their tabs read '{name} - Deskline
 * Trader Interface' (spec 001 §2.25).
 */
export const traderAreaRoutes: RouteObject[] = [
  page(paths.traderHub, hubPage, {
    title: toolDocumentTitle(hubSection(DEFAULT_HUB_SECTION).title),
  }),
  ...HUB_SECTIONS.map((section) => areaPage(section.id, section.title, hubPage)),
  ...TOOLS.map((tool) =>
    areaPage(tool.id, tool.name, () =>
      import('./components/tool-page').then((m) => ({ Component: m[toolComponents[tool.id]] })),
    ),
  ),
  areaPage('mim', 'MiM', () =>
    import('./components/mim-page').then((m) => ({ Component: m.MimPage })),
  ),
  page(paths.amemberDashboard, () =>
    import('./components/amember-dashboard-page').then((m) => ({
      Component: m.AmemberDashboardPage,
    })),
  ),
  page(paths.traderInterface, () =>
    import('./components/trader-interface-page').then((m) => ({
      Component: m.TraderInterfacePage,
    })),
  ),
  page(paths.myDashboard, () =>
    import('./components/trader-dashboard-redirect').then((m) => ({
      Component: m.TraderDashboardRedirect,
    })),
  ),
];

import type { RouteObject } from 'react-router-dom';

/** The rules area (spec 001 §2.17, §2.18). */
export const rulesRoutes: RouteObject[] = [
  {
    path: 'rules/management',
    lazy: () =>
      import('./components/rules-management-page').then((m) => ({
        Component: m.RulesManagementPage,
      })),
  },
  {
    path: 'rules/demo',
    lazy: () =>
      import('./components/rules-demo-page').then((m) => ({ Component: m.RulesDemoPage })),
  },
];

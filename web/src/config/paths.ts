import { generatePath, type PathParam } from 'react-router-dom';

/** A query string's values; `undefined` and `null` leave the parameter out. */
export type SearchValues = Record<string, string | number | boolean | null | undefined>;

type ParamValues<Pattern extends string> = { [Key in PathParam<Pattern>]: string | number };

/** A screen without path parameters takes only its query; one with them takes their values first. */
type HrefArgs<Pattern extends string> = [PathParam<Pattern>] extends [never]
  ? [search?: SearchValues]
  : [params: ParamValues<Pattern>, search?: SearchValues];

export interface Screen<Pattern extends string = string> {
  /** The route pattern the router registers (react-router syntax). */
  readonly path: Pattern;
  /** The screen's name: the tab reads '{title} · Deskline'. */
  readonly title: string;
  /** The screen's address; every parameter is encoded, so an id with '/', '#' or '?' stays one segment. */
  readonly href: (...args: HrefArgs<Pattern>) => string;
}

function queryString(search: SearchValues | undefined): string {
  if (!search) return '';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function screen<const Pattern extends string>(path: Pattern, title: string): Screen<Pattern> {
  const href = (...args: HrefArgs<Pattern>): string => {
    const [params, search] = (path.includes(':') ? args : [{}, args[0]]) as [
      Record<string, string | number>,
      SearchValues | undefined,
    ];
    const values = Object.fromEntries(
      Object.entries(params).map(([key, value]) => [key, String(value)]),
    );
    return generatePath(path as string, values) + queryString(search);
  };
  return { path, title, href };
}

/**
 * Every screen of the app: the pattern its feature registers, its title and its address builder.
 * Links and navigation build addresses here and nowhere else, so a screen moves in one place.
 */
export const paths = {
  // Signing in
  signIn: screen('/signin', 'Sign In'),
  traderLogin: screen('/trader-login', 'Trader Login'),

  // The staff's home and placeholders
  home: screen('/', 'Home'),
  hello: screen('/hello', 'Hello World'),
  balanceDemo: screen('/dashboard/balance', 'Financial Dashboard'),

  // Traders
  traders: screen('/traders', 'Traders'),
  traderSummary: screen('/traders/:traderId', 'Trader Summary'),
  traderDetails: screen('/traders/:id/details', 'Trader Details'),
  traderAccountsOverview: screen('/traders/:id/overview', 'Accounts Overview for Trader'),
  traderAccounts: screen('/traders/:id/accounts', 'Accounts for Trader'),
  traderDashboard: screen('/traders/trader-dashboard/:id', 'Trader Dashboard'),
  traderManager: screen('/trader-manager', 'Trader Manager'),
  performanceReport: screen('/traders/:id/performance/:accountId/:date', 'Performance Report'),

  // Accounts and performance
  accounts: screen('/accounts', 'All Accounts'),
  latestPerformance: screen('/performance/today', 'Latest Performance'),
  accountDashboard: screen('/performance/dashboard', 'Account Dashboard'),
  dailyPerformance: screen('/performance/daily/:accountId/:date', 'Daily Performance'),
  conformanceDetail: screen('/sync/conformance/detail', 'Conformance Detail'),
  accountDetails: screen('/summaries/account/:accountId', 'Account Details'),
  accountSummaryDetail: screen('/summaries/account/:accountId/detail', 'Account Summary Details'),
  firmDailySummary: screen('/summaries/firm', 'Firm Daily Summary'),
  traderDailySummary: screen('/summaries/trader/:traderId', 'Trader Daily Summary'),

  // Trading programs and rules
  programs: screen('/programs', 'Trading Programs'),
  programCreate: screen('/programs/create', 'Create Program'),
  programEdit: screen('/programs/:prefix', 'Edit Program'),
  rulesManagement: screen('/rules/management', 'Rules Management'),
  ruleCreate: screen('/rules/demo', 'Create Rule'),

  // Admin tools
  dailySync: screen('/sync/daily', 'Daily Sync'),
  syncRun: screen('/sync/runs/:runId', 'Sync Run'),
  heldBreaches: screen('/sync/held-breaches', 'Held Breaches'),
  reconciliation: screen('/sync/reconciliation', 'Reconciliation'),
  audit: screen('/audit', 'Audit Trail'),
  users: screen('/users', 'Users'),
  authDebug: screen('/debug', 'Authentication Debug Console'),
  whatsNewAdmin: screen('/whats-new-admin', "What's New Admin"),

  // Firm
  firms: screen('/firms', 'Firm Management'),
  firmCreate: screen('/firms/create', 'Create Firm'),
  firmDetail: screen('/firms/:id', 'Firm Details'),
  firmEdit: screen('/firms/:id/edit', 'Edit Firm'),
  dailyRevenue: screen('/firm/daily-revenue', 'Daily Revenue'),

  // Payouts: the staff's queue, and the trader's own page in the trader area
  payouts: screen('/payouts', 'Payouts'),
  traderPayouts: screen('/traders/payouts', 'Payouts'),
  // Notifications: the events sent, and the firm's webhook endpoints with their delivery logs. The
  // trader's own e-mail choices are a trader area page, `/traders/notifications`.
  notifications: screen('/notifications', 'Notifications'),
  webhooks: screen('/webhooks', 'Webhooks'),

  // The trader area: the hub's sections and the tools are `/traders/{page}` with static names,
  // which win over the staff's `/traders/:traderId` (decision 3); the area names each title itself.
  traderHub: screen('/trader-accounts', 'Trader Hub'),
  traderAreaPage: screen('/traders/:page', 'Trader Area'),
  amemberDashboard: screen('/amember-dashboard', 'Amember Dashboard'),
  traderInterface: screen('/trader-interface', 'Trader Interface'),
  myDashboard: screen('/trader-dashboard', 'My Dashboard'),

  notFound: screen('*', 'Page Not Found'),
} as const;

export type ScreenName = keyof typeof paths;

/** A link that opens the mail client; the address is encoded as a URI, keeping '@' and '+'. */
export function mailtoHref(email: string): string {
  return 'mailto:' + encodeURI(email);
}

/** A link that dials; spaces and other characters outside a URI are encoded. */
export function telHref(phone: string): string {
  return 'tel:' + encodeURI(phone);
}

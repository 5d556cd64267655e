import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { baseUrl, password } from './support/session';
import {
  axeViolations,
  expectDataLoaded,
  LOAD,
  load,
  signInTrader,
  trackApiRequests,
  tradingDayOf,
  WALK_VIEWPORT,
} from './support/walk';

/**
 * axe (WCAG 2.0–2.2 A/AA) on every screen the router registers, in both colour modes: staff screens
 * signed in as the demo admin, the trader area as the demo trader, the two sign-in pages before
 * signing in. One browser context per role and theme, its screens visited one after another; the
 * screens' key strings and interactions are the spec walks' and the feature journeys' business.
 */

type Role = 'staff' | 'trader';
type Theme = 'light' | 'dark';

/** Real ids from the demo data (and a firm of the test's own: the demo data has none). */
interface Ids {
  traderId: string;
  traderName: string;
  accountId: string;
  /** A day the account traded, YYYYMMDD: the latest data date when the trader traded then. */
  date: string;
  programPrefix: string;
  firmId: string;
  firmName: string;
  runId: string;
}

interface Screen {
  /** Who opens it: the public sign-in pages are opened by each role's context before it signs in. */
  role: Role | 'public';
  /** The route as registered (web/src/app/router.tsx and the features' *-routes.ts). */
  route: string;
  /** The address opened, built from the demo data's ids. */
  path: (ids: Ids) => string;
  /** Its level-1 heading, which says the screen (not an error or not-found page) is shown. */
  heading: string | RegExp | ((ids: Ids) => string);
}

const id = encodeURIComponent;
const dashed = (date: string) => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`;
const page = (route: string, heading: Screen['heading'], role: Screen['role'] = 'staff') =>
  withIds(route, () => `/${route}`, heading, role);
function withIds(
  route: string,
  path: Screen['path'],
  heading: Screen['heading'],
  role: Screen['role'] = 'staff',
): Screen {
  return { role, route, path, heading };
}

/**
 * Every route of the app, in the router's order. When web/src/config/paths.ts gives each screen's
 * `href` builder, `path` becomes that builder applied to `ids`.
 */
const SCREENS: Screen[] = [
  page('signin', 'Deskline', 'public'),
  page('trader-login', 'Trader Login', 'public'),
  // The trader area.
  page('trader-accounts', 'Trading Accounts', 'trader'),
  page('traders/accounts', 'Trading Accounts', 'trader'),
  page('traders/purchase-programs', 'Purchase Programs', 'trader'),
  page('traders/profile', 'Profile', 'trader'),
  page('traders/payment-history', 'Payment History', 'trader'),
  page('traders/bullpen', 'BullPen', 'trader'),
  page('traders/tradechat', 'TradeChat', 'trader'),
  page('traders/spygate', 'SpyGate', 'trader'),
  page('traders/wrap', 'Wrap', 'trader'),
  page('traders/livesquawk', 'LiveSquawk', 'trader'),
  page('traders/mim', 'MiM', 'trader'),
  page('traders/payouts', 'Payouts', 'trader'),
  page('amember-dashboard', 'Amember Dashboard', 'trader'),
  page('trader-interface', 'Trading Dashboard', 'trader'),
  // Sends the trader to their own dashboard.
  page('trader-dashboard', (ids) => ids.traderName, 'trader'),
  page('traders/notifications', 'Notifications', 'trader'),
  // Pages both roles open, each in their own layout.
  ...(['trader', 'staff'] as const).flatMap((role) => [
    withIds(
      'traders/trader-dashboard/:id',
      (ids) => `/traders/trader-dashboard/${id(ids.traderId)}`,
      (ids) => ids.traderName,
      role,
    ),
    page('trader-manager', 'Traders', role),
    withIds('*', () => '/no-such-screen', 'Page Not Found', role),
  ]),
  // The staff area.
  page('', 'Dashboard'),
  page('hello', 'Hello World'),
  page('dashboard/balance', 'Financial Dashboard'),
  page('accounts', 'All Accounts'),
  page('performance/today', 'Latest Performance'),
  withIds(
    'performance/daily/:accountId/:date',
    (ids) => `/performance/daily/${id(ids.accountId)}/${ids.date}`,
    (ids) => `Daily Performance: ${ids.accountId}`,
  ),
  withIds(
    'sync/conformance/detail',
    (ids) => `/sync/conformance/detail?accountId=${id(ids.accountId)}&date=${ids.date}`,
    'Conformance Detail',
  ),
  withIds(
    'summaries/account/:accountId',
    (ids) => `/summaries/account/${id(ids.accountId)}`,
    (ids) => `Account ${ids.accountId}`,
  ),
  withIds(
    'summaries/account/:accountId/detail',
    (ids) => `/summaries/account/${id(ids.accountId)}/detail`,
    'Account Summary Details',
  ),
  page('programs', 'Trading Programs'),
  page('programs/create', 'Create New Trading Program'),
  withIds('programs/:prefix', (ids) => `/programs/${id(ids.programPrefix)}`, 'Edit Program'),
  page('rules/management', 'Rules Management'),
  page('rules/demo', 'Rules Form Demo'),
  page('audit', 'Audit Trail'),
  page('firm/daily-revenue', 'Daily Revenue'),
  page('whats-new-admin', "What's New Admin"),
  page('firms', 'Firm Management'),
  page('firms/create', 'Create Firm'),
  withIds(
    'firms/:id',
    (ids) => `/firms/${id(ids.firmId)}`,
    (ids) => ids.firmName,
  ),
  withIds('firms/:id/edit', (ids) => `/firms/${id(ids.firmId)}/edit`, 'Edit Firm'),
  page('traders', 'Trader Dashboard'),
  withIds(
    'traders/:traderId',
    (ids) => `/traders/${id(ids.traderId)}`,
    (ids) => ids.traderName,
  ),
  withIds(
    'traders/:id/details',
    (ids) => `/traders/${id(ids.traderId)}/details`,
    (ids) => `Trader Details: ${ids.traderName}`,
  ),
  withIds(
    'traders/:id/overview',
    (ids) => `/traders/${id(ids.traderId)}/overview`,
    /^Accounts Overview for Trader/,
  ),
  withIds(
    'traders/:id/accounts',
    (ids) => `/traders/${id(ids.traderId)}/accounts`,
    /^Accounts for Trader/,
  ),
  page('performance/dashboard', 'Account Summary Dashboard'),
  withIds(
    'traders/:id/performance/:accountId/:date',
    (ids) => `/traders/${id(ids.traderId)}/performance/${id(ids.accountId)}/${dashed(ids.date)}`,
    'Performance Report',
  ),
  page('summaries/firm', 'Firm Daily Summary'),
  withIds(
    'summaries/trader/:traderId',
    (ids) => `/summaries/trader/${id(ids.traderId)}`,
    'Trader Daily Summary',
  ),
  page('users', 'Users'),
  page('debug', 'Authentication Debug Console'),
  page('sync/held-breaches', 'Held Breaches'),
  page('payouts', 'Payouts'),
  page('sync/reconciliation', 'Reconciliation'),
  page('sync/daily', 'Daily Data Sync'),
  withIds('sync/runs/:runId', (ids) => `/sync/runs/${id(ids.runId)}`, 'Sync run'),
  page('notifications', 'Notifications'),
  page('webhooks', 'Webhooks'),
];

const THEMES: Theme[] = ['light', 'dark'];
const STAMP = Date.now().toString(36);
const FIRM = { id: `a11y-${STAMP}`, name: 'Accessibility Walk Trading' };

async function staffHeaders(request: APIRequestContext) {
  const answer = await request.post(`${baseUrl()}/api/auth/admin`, {
    data: { email: 'admin@example.com', password: password() },
  });
  expect(answer.ok()).toBe(true);
  return { Authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

async function getData<T>(request: APIRequestContext, path: string, headers: object): Promise<T> {
  const answer = await request.get(`${baseUrl()}${path}`, { headers: { ...headers } });
  expect(answer.ok(), `GET ${path}`).toBe(true);
  return (await answer.json()) as T;
}

/** The demo trader, an account of theirs and its latest day with a trade, a program and a sync run. */
async function demoIds(request: APIRequestContext): Promise<Ids> {
  const headers = await staffHeaders(request);
  const traders = (
    await getData<{
      data: { traderId: string; firstName: string; lastName: string; email: string }[];
    }>(request, '/api/traders', headers)
  ).data;
  const trader = traders.find((candidate) => candidate.email === 'trader@example.com');
  expect(trader, 'the demo trader').toBeDefined();
  const day = await tradingDayOf(request, headers, trader!.email);
  const programs = await getData<{ prefix: string }[]>(request, '/api/programs', headers);
  const runs = (await getData<{ data: { runId: string }[] }>(request, '/api/sync/runs', headers))
    .data;
  expect(programs.length, 'a program').toBeGreaterThan(0);
  expect(runs.length, 'a sync run').toBeGreaterThan(0);
  return {
    traderId: trader!.traderId,
    traderName: `${trader!.firstName} ${trader!.lastName}`,
    accountId: day.accountId,
    date: day.date,
    programPrefix: programs[0]!.prefix,
    firmId: FIRM.id,
    firmName: FIRM.name,
    runId: runs[0]!.runId,
  };
}

/** A context whose stored colour mode (web/src/lib/color-mode.ts: localStorage `theme`) is set before the first page. */
function themedContext(browser: Browser, theme: Theme): Promise<BrowserContext> {
  return browser.newContext({
    viewport: WALK_VIEWPORT,
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl(), localStorage: [{ name: 'theme', value: theme }] }],
    },
  });
}

async function signInStaff(page: Page) {
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill(password());
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/`, LOAD);
}

/** Opens each screen, waits for its heading and its data, and returns axe's findings per screen. */
async function walk(page: Page, screens: Screen[], ids: Ids, theme: Theme) {
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    const path = screen.path(ids);
    await load(page, path);
    const heading = typeof screen.heading === 'function' ? screen.heading(ids) : screen.heading;
    await expect
      .soft(page.getByRole('heading', { name: heading, level: 1 }).first(), `heading of ${path}`)
      .toBeVisible(LOAD);
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expectDataLoaded(page);
    found[`${screen.role} ${screen.route || '/'} (${path})`] = await axeViolations(page);
  }
  return found;
}

async function walkRole(browser: Browser, role: Role, theme: Theme, ids: Ids) {
  const context = await themedContext(browser, theme);
  try {
    const page = await context.newPage();
    trackApiRequests(page);
    const signInPage = role === 'staff' ? 'signin' : 'trader-login';
    const found = await walk(
      page,
      SCREENS.filter((screen) => screen.role === 'public' && screen.route === signInPage),
      ids,
      theme,
    );
    if (role === 'staff') await signInStaff(page);
    else await signInTrader(page);
    return {
      ...found,
      ...(await walk(
        page,
        SCREENS.filter((screen) => screen.role === role),
        ids,
        theme,
      )),
    };
  } finally {
    await context.close();
  }
}

test.describe('accessibility', () => {
  let ids: Ids;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const answer = await request.post(`${baseUrl()}/api/firms`, {
      headers: await staffHeaders(request),
      data: { id: FIRM.id, name: FIRM.name, email: 'ops@a11y-walk.example', industry: 'Trading' },
    });
    expect(answer.status()).toBe(201);
    ids = await demoIds(request);
    await request.dispose();
  });

  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    await request.delete(`${baseUrl()}/api/firms/${FIRM.id}`, {
      headers: await staffHeaders(request),
    });
    await request.dispose();
  });

  for (const theme of THEMES) {
    test(`axe finds no WCAG 2.0–2.2 A/AA violation on any route in the ${theme} theme`, async ({
      browser,
    }) => {
      const found = {
        ...(await walkRole(browser, 'staff', theme, ids)),
        ...(await walkRole(browser, 'trader', theme, ids)),
      };
      const failing = Object.entries(found).filter(([, violations]) => violations.length > 0);
      await test.info().attach('axe-violations-per-route', {
        body: JSON.stringify(
          Object.fromEntries(Object.entries(found).map(([screen, v]) => [screen, v.length])),
          null,
          2,
        ),
        contentType: 'application/json',
      });
      const report = failing
        .map(([screen, violations]) => `${screen}\n  ${violations.join('\n  ')}`)
        .join('\n\n');
      expect(failing.length, `axe violations in the ${theme} theme:\n\n${report}`).toBe(0);
    });
  }
});

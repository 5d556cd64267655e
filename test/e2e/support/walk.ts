import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { dateOfEpochDay, epochDayOfDate } from '@shared/rules/calendar';
import { baseUrl, password } from './session';

/** A data view's first answer on a busy shared machine (the stack shares its cores with others). */
export const LOAD = { timeout: 30_000 };

/** The width the spec walks are held to (every screen at 1280 px). */
export const WALK_VIEWPORT = { width: 1280, height: 900 };

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules the product is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The nodes listed per rule: enough to find the component, short enough to read. */
const NODES_SHOWN = 5;

/**
 * Waits until no toast is shown: a toast fading out, or repainting through a theme switch, has the
 * contrast of its animation, not of the screen (axe measured 1.04:1 mid-transition).
 */
export async function withoutToasts(page: Page) {
  // A pointer resting on a toast pauses its timer: it rests in the corner away from the toasts.
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0, LOAD);
}

/**
 * Every WCAG 2.0–2.2 A/AA violation axe finds on screen, one entry per rule: the rule, then per
 * element its target, its own markup (a target such as ':root' alone does not say which element) and
 * axe's reason (which carries the contrast ratio and colours). The membership site's frames are
 * another site's pages and are left out.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await withoutToasts(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude('iframe').analyze();
  return results.violations.map((violation) => {
    const nodes = violation.nodes.slice(0, NODES_SHOWN).map((node) => {
      const reason = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
      return `\n    ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${reason.slice(0, 300)}`;
    });
    const more = violation.nodes.length - NODES_SHOWN;
    return `${violation.id} (${violation.impact}): ${violation.help}${nodes.join('')}${
      more > 0 ? `\n    … and ${more} more` : ''
    }`;
  });
}

/** No axe violation on screen; soft, so one run of a walk lists every screen's violations. */
export async function expectAccessible(page: Page, screen: string) {
  expect.soft(await axeViolations(page), `axe on ${screen}`).toEqual([]);
}

/** Each text is shown inside `scope` (exact for strings, so 'Trades' does not match 'WinTrades'). */
export async function expectTexts(scope: Locator, texts: readonly (string | RegExp)[]) {
  for (const text of texts) {
    await expect
      .soft(scope.getByText(text, { exact: typeof text === 'string' }).first())
      .toBeVisible();
  }
}

/** Each name is a column header of `table`. */
export async function expectColumns(table: Locator, names: readonly string[]) {
  for (const name of names) {
    await expect
      .soft(table.getByRole('columnheader', { name, exact: true }).first())
      .toBeAttached();
  }
}

/** Each name is a button (or a link styled as one) inside `scope`. */
export async function expectButtons(scope: Locator, names: readonly (string | RegExp)[]) {
  for (const name of names) {
    await expect
      .soft(
        scope
          .getByRole('button', { name, exact: typeof name === 'string' })
          .or(scope.getByRole('link', { name, exact: typeof name === 'string' }))
          .first(),
      )
      .toBeVisible();
  }
}

/**
 * The heading of a section, whose name may end in its count badge ('Inactive 2 rows',
 * 'Violation Rules (6)').
 */
export function sectionHeading(scope: Locator, title: string) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope
    .getByRole('heading', { name: new RegExp(`^${escaped}( [\\d,]+ rows?| \\(\\d+\\))?$`) })
    .first();
}

/** Sets the colour mode with the header's toggle (it is remembered across page loads). */
export async function useTheme(page: Page, theme: 'dark' | 'light') {
  const html = page.locator('html');
  if ((await html.getAttribute('class'))?.split(/\s+/).includes(theme)) return;
  await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
  await expect(html).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

/** One page load of a screen: the address, then its level-1 heading once the data has come. */
export async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(`${baseUrl()}${path}`);
  const title = page.getByRole('heading', { name: heading, level: 1 });
  await expect(title).toBeVisible(LOAD);
  return page.getByRole('main');
}

const apiInFlight = new WeakMap<Page, Set<Request>>();

/** From now on, counts the page's requests to our API that have not finished (see `expectDataLoaded`). */
export function trackApiRequests(page: Page) {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
  });
  // A request whose body a navigation cut short may never report finished or failed: its answer
  // arriving is enough (the spinner check in `expectDataLoaded` covers the rendering).
  page.on('response', (response) => pending.delete(response.request()));
  page.on('requestfailed', (request) => pending.delete(request));
  apiInFlight.set(page, pending);
}

/**
 * Loads `path` afresh: requests the page left behind (cut short by the load) no longer count. The
 * old document is unloaded first (about:blank), so none of its requests can still be reported after
 * the count is cleared — one that was, and was then cut short, waited forever.
 */
export async function load(page: Page, path: string) {
  await page.goto('about:blank');
  apiInFlight.get(page)?.clear();
  await page.goto(`${baseUrl()}${path}`);
}

/**
 * The screen's data has come: no API request in flight (on a page `trackApiRequests` follows) and
 * no spinner shown (a query, a lazy chart or a frame still loading). Waits for the state, not a time.
 */
export async function expectDataLoaded(page: Page) {
  const pending = apiInFlight.get(page);
  if (pending) {
    await expect.poll(() => [...pending].map((request) => request.url()), LOAD).toEqual([]);
  }
  await expect(page.locator('.chakra-spinner').filter({ visible: true })).toHaveCount(0, LOAD);
}

/** Signs the demo trader in on the trader login page (our API, then the membership site's post). */
export async function signInTrader(page: Page) {
  await page.goto(`${baseUrl()}/trader-login`);
  await expect(page.getByRole('heading', { name: 'Trader Login' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByLabel('Username or Email').fill('trader@example.com');
  await page.getByLabel('Password', { exact: true }).fill(password());
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/trader-login/, { timeout: 60_000 });
}

/** A staff token for the API calls that pick the walk's data or set up what a screen needs. */
export async function staffToken(page: Page): Promise<string> {
  const answer = await page.request.post(`${baseUrl()}/api/auth/admin`, {
    data: { email: 'admin@example.com', password: password() },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/**
 * An account of a trader's and a day it traded: on the latest data date when one of the trader's
 * accounts traded then, else on the latest date before it when one did. The demo data ends on the
 * last weekday before today, so its last date moves with the clock, and some days the demo trader
 * does not trade.
 */
export async function tradingDayOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  email: string,
): Promise<{ accountId: string; date: string }> {
  let date = '';
  for (let tries = 0; tries < 15; tries += 1) {
    const answer = (await (
      await request.get(`${baseUrl()}/api/performance/today${date ? `?date=${date}` : ''}`, {
        headers,
      })
    ).json()) as {
      data: { Account: string; Trades: number; traderEmail?: string }[];
      meta: { date: string | null };
    };
    date ||= answer.meta.date ?? '';
    const row = answer.data.find(
      (candidate) => candidate.traderEmail === email && candidate.Trades > 0,
    );
    if (row) return { accountId: row.Account, date };
    date = dateOfEpochDay(epochDayOfDate(date) - 1);
  }
  throw new Error(`No trading day of ${email}'s in the 15 days up to the latest data date`);
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { baseUrl, password } from './session';

/** A data view's first answer on a busy shared machine (the stack shares its cores with others). */
export const LOAD = { timeout: 30_000 };

/** The width the spec walks are held to (issue 24: every screen at 1280 px). */
export const WALK_VIEWPORT = { width: 1280, height: 900 };

/**
 * Every WCAG 2 A/AA violation axe finds on screen, one line each naming the rule and the elements.
 * The membership site's frames are another site's pages and are left out. Soft, so one run of a
 * walk lists every screen's violations instead of stopping at the first.
 */
export async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('iframe')
    .analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 5)
        // The element's own markup too: a target such as ':root' alone does not say which element.
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 200)}`)
        .join(' | ')}`,
  );
  expect.soft(violations, `axe on ${screen}`).toEqual([]);
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

/** Signs the demo trader in on the trader login page (our API, then the membership site's post). */
export async function signInTrader(page: Page) {
  await page.goto(`${baseUrl()}/trader-login`);
  await expect(page.getByRole('heading', { name: 'Trader Login' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByLabel('Username or Email').fill('trader@example.com');
  await page.getByLabel('Password').fill(password());
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

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { withoutToasts } from './walk';

export type Theme = 'dark' | 'light';

/** Sets the colour mode with the page's toggle (it is remembered across page loads). */
export async function useTheme(page: Page, theme: Theme) {
  const html = page.locator('html');
  if ((await html.getAttribute('class'))?.split(/\s+/).includes(theme)) return;
  await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
  await expect(html).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

/**
 * Serious and critical WCAG 2 A/AA violations of the screen, outside the member site's frames, one
 * line each, so a failure names the rule and the elements; `soft` lets the journey go on.
 */
export async function expectAccessible(page: Page, screen: string, { soft = false } = {}) {
  await withoutToasts(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('iframe')
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  (soft ? expect.soft : expect)(serious, `axe on ${screen}`).toEqual([]);
}

/** A full-page screenshot among the test's output files. */
export async function capture(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

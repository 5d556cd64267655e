import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

test('staff view the daily revenue of the last 30 days, then stripe only', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Daily Revenue', exact: true })
    .click();
  await expect(page).toHaveURL(/\/firm\/daily-revenue/);
  const details = page.getByRole('table', { name: 'Daily Revenue Details' });
  // The first call of a cold stack on a busy machine can take a while.
  await expect(details).toBeVisible({ timeout: 30_000 });
  const providers = details.getByRole('row').locator('td:nth-child(2)');
  expect(new Set(await providers.allTextContents())).toEqual(new Set(['STRIPE', 'PAYPAL']));
  await expect(
    page.getByRole('img', { name: 'Daily gross, net and fees in USD' }).locator('svg'),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Accumulated gross, net and fees in USD' }).locator('svg'),
  ).toBeVisible();
  await expect(page.getByText('Gross Income').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('revenue-dark.png'), fullPage: true });

  const stripeCall = page.waitForResponse(
    (response) =>
      response.url().includes('/api/firms/daily-revenue') &&
      response.url().includes('provider=stripe'),
  );
  await page.getByLabel('Provider').selectOption('stripe');
  expect((await stripeCall).status()).toBe(200);
  await expect(page).toHaveURL(/provider=stripe/);
  await expect(providers.filter({ hasText: 'PAYPAL' })).toHaveCount(0);
  expect(await providers.count()).toBeGreaterThan(0);
  expect(new Set(await providers.allTextContents())).toEqual(new Set(['STRIPE']));

  // A date change right before a provider change keeps both: the input, the URL
  // and the request agree on the date the user chose.
  const startInput = page.getByLabel('Start Date');
  const endDate = await page.getByLabel('End Date').inputValue();
  const chosen = new Date(`${endDate}T12:00:00Z`);
  chosen.setUTCDate(chosen.getUTCDate() - 9);
  const chosenStart = chosen.toISOString().slice(0, 10);
  const bothCall = page.waitForResponse(
    (response) =>
      response.url().includes('/api/firms/daily-revenue') &&
      response.url().includes(`startDate=${chosenStart.replaceAll('-', '')}`) &&
      response.url().includes('provider=paypal'),
  );
  await startInput.fill(chosenStart);
  await page.getByLabel('Provider').selectOption('paypal');
  expect((await bothCall).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`startDate=${chosenStart}.*provider=paypal`));
  await expect(startInput).toHaveValue(chosenStart);
  await expect(providers.filter({ hasText: 'STRIPE' })).toHaveCount(0);
  await page.getByLabel('Provider').selectOption('stripe');
  await expect(page).toHaveURL(/provider=stripe/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^daily-revenue-.*-stripe\.csv$/);

  await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
  await expect(details).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('revenue-light.png'), fullPage: true });

  // 390 px wide (UI.md): the page itself does not scroll sideways; wide tables scroll in their card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('revenue-390.png'), fullPage: true });
});

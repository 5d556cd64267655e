import { expect, test } from '@playwright/test';
import { baseUrl, signIn } from './support/session';

test("staff create and publish a release, see it in the What's New modal, then unpublish and delete it", async ({
  page,
}, testInfo) => {
  // Many steps against a stack on a shared 2-core machine.
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });

  await nav.getByRole('link', { name: "What's New Admin", exact: true }).click();
  await expect(page).toHaveURL(`${baseUrl()}/whats-new-admin`);
  await expect(page.getByRole('heading', { name: "What's New Admin" })).toBeVisible();

  await page.getByRole('button', { name: 'Create New Release' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Release' });
  await form.getByLabel('Version').fill('9.1.0');
  await form.getByLabel('Title').first().fill('End-to-end release');
  await form.getByLabel('Summary').fill('Made by the end-to-end journey');
  await form.getByLabel('Item title').fill('Firm management');
  await form.getByLabel('Description').fill('Create, edit and delete firms');
  await form.getByLabel('Priority').selectOption('high');
  await form.getByLabel('Tags').fill('firms, e2e');
  await page.screenshot({ path: testInfo.outputPath('release-form.png') });
  await form.getByRole('button', { name: 'Create Release' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name: 'Release 9.1.0' });
  await expect(card.getByText('Draft')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Total Releases', { exact: true })).not.toHaveText('…');

  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(card.getByText('Published')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('whats-new-admin-dark.png'), fullPage: true });

  // The sidebar item forgets this browser's record and reloads: the modal opens with the release.
  await page.getByRole('button', { name: "What's New", exact: true }).click();
  const modal = page.getByRole('dialog', { name: "What's New: End-to-end release" });
  // A full reload on a busy machine, then the modal's one-second delay.
  await expect(modal).toBeVisible({ timeout: 30_000 });
  await expect(modal.getByText('v9.1.0')).toBeVisible();
  await expect(modal.getByText('Firm management')).toBeVisible();
  await expect(modal.getByText('e2e', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('whats-new-modal-dark.png') });
  const marked = page.waitForResponse((response) =>
    response.url().endsWith('/api/whats-new/mark-shown'),
  );
  await modal.getByRole('button', { name: 'Got it!' }).click();
  expect((await marked).status()).toBe(200);
  await expect(modal).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('lastWhatsNewVersion'))).toBe('9.1.0');

  // Seen here and on the server: a reload in a new session does not show it again.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${baseUrl()}/whats-new-admin`);
  await expect(page.getByRole('heading', { name: "What's New Admin" })).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await card.getByRole('button', { name: 'Unpublish' }).click();
  await expect(card.getByText('Draft')).toBeVisible();

  await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
  await page.screenshot({ path: testInfo.outputPath('whats-new-admin-light.png'), fullPage: true });

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this release?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toBeHidden();
});

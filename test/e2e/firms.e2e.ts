import { expect, test } from '@playwright/test';
import { baseUrl, signIn } from './support/session';

test('staff create a firm with a broker, a management account and software, edit it and delete it', async ({
  page,
}, testInfo) => {
  // Many steps against a stack on a shared 2-core machine.
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });

  await nav.getByRole('link', { name: 'Create Firm', exact: true }).click();
  await expect(page).toHaveURL(`${baseUrl()}/firms/create`);
  const form = page.getByRole('form', { name: 'Firm form' });

  await form.getByRole('button', { name: 'Create Firm' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields');

  const info = form.getByRole('region', { name: 'Firm Information' });
  await info.getByLabel('Firm ID').fill('e2e-firm');
  await info.getByLabel('Firm Name').fill('End To End Trading');
  await info.getByLabel('Industry').fill('Proprietary trading');
  await info.getByLabel('Email').fill('ops@e2e.example');
  await info.getByLabel('Website').fill('https://e2e.example');
  await info.getByLabel('Established Year').fill('2015');
  await form.getByLabel('Notes').fill('Created by the end-to-end journey');

  await form.getByRole('button', { name: 'Add Broker' }).click();
  const broker = form.getByRole('group', { name: 'Broker 1', exact: true });
  await expect(broker.getByLabel('Broker Name')).toHaveValue('Rithmic');
  await expect(broker.getByLabel('Established Year')).toHaveValue(String(new Date().getFullYear()));
  await expect(broker.getByLabel('Number of Employees')).toHaveValue('1');
  await expect(broker.getByLabel('Revenue')).toHaveValue('0');
  await broker.getByRole('button', { name: 'Add Management Account' }).click();
  const account = broker.getByRole('group', { name: 'Broker 1 management account 1' });
  await expect(account.getByLabel('Account Type')).toHaveValue('FCM');
  await account.getByLabel('Account Number').fill('FCM-E2E-1');
  const accountPassword = account.getByLabel('Password', { exact: true });
  await accountPassword.fill('fcm-secret-1');
  await expect(accountPassword).toHaveAttribute('type', 'password');
  await account.getByRole('button', { name: 'Show password' }).click();
  await expect(accountPassword).toHaveAttribute('type', 'text');

  await form.getByRole('button', { name: 'Add Software' }).click();
  const software = form.getByRole('group', { name: 'Software 1' });
  await software.getByLabel('Software Name').fill('R Trader Pro');
  await software.getByLabel('Version').fill('24.1');
  await software.getByLabel('Server URL').fill('https://r.e2e.example');
  await software.getByLabel('Password', { exact: true }).fill('software-secret-1');
  await page.screenshot({ path: testInfo.outputPath('firm-create-dark.png'), fullPage: true });

  await form.getByRole('button', { name: 'Create Firm' }).click();
  await expect(page.getByText('Firm created successfully!')).toBeVisible();
  await expect(page).toHaveURL(`${baseUrl()}/firms/e2e-firm`);
  await expect(page.getByRole('heading', { name: 'End To End Trading' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ops@e2e.example' })).toHaveAttribute(
    'href',
    'mailto:ops@e2e.example',
  );
  await expect(page.getByRole('heading', { name: 'Manager Software (1)' })).toBeVisible();
  const softwareSecret = page.getByLabel('password of R Trader Pro', { exact: true });
  await expect(softwareSecret).toHaveText('••••••••');
  await page.getByRole('button', { name: 'Show password of R Trader Pro' }).click();
  await expect(softwareSecret).toHaveText('software-secret-1');
  await page.screenshot({ path: testInfo.outputPath('firm-detail-dark.png'), fullPage: true });

  await page.getByRole('link', { name: 'Edit Firm' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/firms/e2e-firm/edit`);
  const edit = page.getByRole('form', { name: 'Firm form' });
  await expect(edit.getByLabel('Firm ID')).toBeDisabled();
  await expect(edit.getByLabel('Firm ID')).toHaveValue('e2e-firm');
  await edit.getByLabel('Firm Name').fill('End To End Trading LLC');
  await edit.getByLabel('Status').selectOption('suspended');
  await edit.getByRole('button', { name: 'Update Firm' }).click();
  await expect(page.getByText('Firm updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(`${baseUrl()}/firms/e2e-firm`);
  await expect(page.getByRole('heading', { name: 'End To End Trading LLC' })).toBeVisible();
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible();

  await nav.getByRole('link', { name: 'Firms', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Firm Management' })).toBeVisible();
  await page.getByLabel('Search firms').fill('end to end');
  await page.getByLabel('Search firms').press('Enter');
  await expect(page).toHaveURL(/q=end\+to\+end/);
  const card = page.getByRole('article', { name: 'End To End Trading LLC' });
  await expect(card).toBeVisible();
  await page.getByLabel('Status').selectOption('active');
  await expect(card).toBeHidden();
  await page.getByLabel('Status').selectOption('suspended');
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'Toggle color mode' }).first().click();
  await page.screenshot({ path: testInfo.outputPath('firms-light.png'), fullPage: true });

  await card.getByRole('link', { name: 'View details of End To End Trading LLC' }).click();
  await page.getByRole('button', { name: 'Delete Firm' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(
    confirm.getByText('Are you sure you want to delete this firm? This action cannot be undone.'),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('firm-delete-light.png') });
  await confirm.getByRole('button', { name: 'Delete Firm' }).click();
  await expect(page.getByText('Firm deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(`${baseUrl()}/firms`);
  await expect(page.getByRole('article', { name: /End To End Trading/ })).toHaveCount(0);
});

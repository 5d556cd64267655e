import { expect, test, type Page } from '@playwright/test';
import { baseUrl, signIn } from './support/session';

/** Unique per attempt: a retry must not meet the rule an interrupted attempt left behind. */
const NAME = `E2E Max Contracts ${Date.now().toString(36)}`;
/** A data view's first answer on a busy shared machine (the stack shares its cores with others). */
const LOAD = { timeout: 30_000 };

const rulesTable = (page: Page) => page.getByRole('table', { name: 'Rules' });
const ruleRow = (page: Page, name: string) =>
  rulesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

test('staff create a rule from a template, copy it, assign the copy to a program phase and delete the original in Rules Management', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Rules Management', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Rules Management' })).toBeVisible();
  await expect(rulesTable(page)).toBeVisible(LOAD);

  // Create from the position-size template.
  await page.getByRole('button', { name: 'Create Rule' }).click();
  const form = page.getByRole('dialog', { name: 'Create Rule' });
  await form
    .getByRole('group', { name: 'Templates' })
    .getByRole('button', { name: 'Position Size' })
    .click();
  await form.getByLabel('Rule Name').fill(NAME);
  // The id is the category, the hyphenated name and a timestamp.
  const slug = NAME.toLowerCase().replaceAll(' ', '-');
  await expect(form.getByLabel('Rule ID')).toHaveValue(new RegExp(`^position-size-${slug}-\\d+$`));
  await expect(form.getByLabel('Rule ID')).toBeDisabled();
  await form.getByLabel('Max Position Size').fill('3');
  await form.getByLabel('Account Percentage (%)').fill('25');
  await page.screenshot({ path: testInfo.outputPath('rule-create.png') });
  await form.getByRole('button', { name: 'Create Rule' }).click();
  await expect(form).toBeHidden(LOAD);
  await expect(ruleRow(page, NAME)).toContainText('position-size');
  await expect(ruleRow(page, NAME)).toContainText('3');

  // The URL keeps the filters; Clear drops them.
  await page.getByLabel('Search').fill(NAME.toLowerCase());
  await expect(page).toHaveURL(/[?&]q=e2e\+max\+contracts\+/);
  await expect(rulesTable(page).getByRole('row')).toHaveCount(2);

  // Copy: '<name> Copy' under a new id.
  await page.getByRole('button', { name: `Copy ${NAME}`, exact: true }).click();
  await expect(ruleRow(page, `${NAME} Copy`)).toBeVisible(LOAD);
  await expect(rulesTable(page).getByRole('row')).toHaveCount(3);

  // Assign the copy to the 50K evaluation's phase.
  await page.getByRole('button', { name: `Assign ${NAME} Copy`, exact: true }).click();
  const assign = page.getByRole('dialog', { name: `Assign Rule: ${NAME} Copy` });
  await assign.getByLabel('Program').selectOption('EVAL50K');
  await expect(assign.getByLabel('Phase')).not.toHaveValue('');
  await assign.getByLabel('Priority').fill('250');
  await assign.getByLabel('maxPositionSize').fill('2');
  await page.screenshot({ path: testInfo.outputPath('rule-assign.png') });
  await assign.getByRole('button', { name: 'Assign Rule' }).click();
  await expect(page.getByText(/^Rule assigned to EVAL50K \/ .+ \(version \d+\)$/)).toBeVisible(
    LOAD,
  );
  await expect(ruleRow(page, `${NAME} Copy`)).toContainText('EVAL50K');

  // A rule in use is not deleted: the refusal names the program.
  await page.getByRole('button', { name: `Delete ${NAME} Copy`, exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/^Failed to delete rule: .*EVAL50K/)).toBeVisible(LOAD);

  // The original is unused: it goes.
  await page.getByRole('button', { name: `Delete ${NAME}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this rule?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(ruleRow(page, NAME)).toHaveCount(0, LOAD);
  await expect(ruleRow(page, `${NAME} Copy`)).toHaveCount(1);

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/rules/management`);
  await page.screenshot({ path: testInfo.outputPath('rules-management.png'), fullPage: true });

  // The new screens in the light theme too (the choice is remembered across pages).
  await page.getByRole('button', { name: 'Toggle color mode' }).click();
  await page.screenshot({
    path: testInfo.outputPath('rules-management-light.png'),
    fullPage: true,
  });
  for (const [path, heading] of [
    ['/rules/demo', 'Rules Form Demo'],
    ['/programs', 'Trading Programs'],
    ['/programs/EVAL50K', 'Edit Program'],
    ['/programs/create', 'Create New Trading Program'],
  ] as const) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible(LOAD);
    await page.screenshot({
      path: testInfo.outputPath(`${path.slice(1).replaceAll('/', '-')}-light.png`),
      fullPage: true,
    });
  }
});

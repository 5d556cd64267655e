import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseUrl, signIn } from './support/session';
import { expectAccessible } from './support/walk';

/** A run of one day takes seconds locally; the margin covers a slow machine. */
const RUN_TIMEOUT_MS = 180_000;
/** A data view's first answer on a busy shared machine (the stack shares its cores with others). */
const LOAD = { timeout: 30_000 };

/**
 * The demo accounts of the 50K evaluation are EVAL50K-000001…; this longer prefix takes the first
 * 99 of them at the next sync (longest prefix wins), so the new program has accounts to upgrade.
 */
const PREFIX = 'EVAL50K-0000';
const COPY = `${PREFIX}-COPY`;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function addRule(phase: Locator, ruleName: string) {
  await phase.getByRole('button', { name: 'Add Rule' }).click();
  await phase.getByLabel('Rule', { exact: true }).selectOption({ label: ruleName });
  await phase.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(
    phase.getByRole('listitem', { name: ruleName.replace(/ \(.*\)$/, '') }),
  ).toBeVisible();
}

function programRow(page: Page, prefix: string) {
  return page
    .getByRole('table', { name: 'Trading programs' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: prefix, exact: true }) });
}

test('staff create a two-phase program, save a new version and upgrade its accounts, copy it, read version 1 with its diff and delete the copy', async ({
  page,
}, testInfo) => {
  await signIn(page);

  // Create: two phases, three rules.
  await nav(page).getByRole('link', { name: 'Programs', exact: true }).click();
  await page.getByRole('link', { name: 'Create New Program' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Trading Program' })).toBeVisible();
  await page.getByLabel('Program Prefix').fill(PREFIX.toLowerCase());
  await page.getByLabel('Program Name').fill('E2E Two-Phase Evaluation');
  await page.getByLabel('Description').first().fill('Created by the end-to-end journey.');
  await page.getByLabel('Created By').fill('e2e@example.com');
  const phase1 = page.getByRole('group', { name: 'Phase 1', exact: true });
  await addRule(phase1, 'EOD Trailing Drawdown (drawdown-eod)');
  await addRule(phase1, 'Profit Target (profit-target)');
  await page.getByRole('button', { name: 'Add Phase' }).click();
  const phase2 = page.getByRole('group', { name: 'Phase 2', exact: true });
  await expect(phase2.getByLabel('Phase ID')).toHaveValue('phase-2');
  await phase2.getByLabel('Phase Type').selectOption('sim-funded');
  await addRule(phase2, 'Daily Loss Limit (daily-loss-limit)');
  await page.screenshot({ path: testInfo.outputPath('program-create.png'), fullPage: true });
  await page.getByRole('button', { name: 'Create Program' }).click();

  await expect(page).toHaveURL(`${baseUrl()}/programs`);
  await expect(programRow(page, PREFIX)).toContainText('E2E Two-Phase Evaluation', LOAD);
  await expect(programRow(page, PREFIX).getByRole('cell').nth(13)).toHaveText('1');
  await page.screenshot({ path: testInfo.outputPath('programs-list.png'), fullPage: true });

  // A sync attaches the accounts of the prefix to version 1.
  await nav(page).getByRole('link', { name: 'Daily Sync', exact: true }).click();
  await page.getByRole('button', { name: 'Start Sync' }).click();
  await expect(page.getByText('Update Successful')).toBeVisible({ timeout: RUN_TIMEOUT_MS });

  // Change an override and save (Ctrl+S): version 2, and the modal offers the upgrade.
  await nav(page).getByRole('link', { name: 'Programs', exact: true }).click();
  await programRow(page, PREFIX).getByRole('link', { name: PREFIX, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Program' })).toBeVisible(LOAD);
  const drawdown = page
    .getByRole('group', { name: 'Phase 1', exact: true })
    .getByRole('listitem', { name: 'EOD Trailing Drawdown' });
  await drawdown.getByRole('button', { name: 'Edit settings' }).click();
  await drawdown.getByRole('textbox', { name: 'maxDrawdown', exact: true }).fill('1750');
  await expect(drawdown.getByText('Override', { exact: true })).toBeVisible();
  await expect(drawdown.getByText('maxDrawdown: 1,750 +2 more')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('program-edit.png'), fullPage: true });

  // Preview the unsaved change first: the accounts are re-judged in the background, nothing saved.
  await page.getByRole('button', { name: 'Preview Impact' }).click();
  const impact = page.getByRole('region', { name: 'Impact preview' });
  await expect(
    impact.getByText(/re-judged over their stored days under the unsaved version/),
  ).toBeVisible({ timeout: RUN_TIMEOUT_MS });
  await expect(impact).toContainText(/nothing was saved/);
  await expectAccessible(page, 'program edit with the impact preview');
  await page.screenshot({ path: testInfo.outputPath('program-impact.png'), fullPage: true });
  // The accounts the preview says would change (none, or a table of them; the tables' first column).
  const previewed = impact.getByRole('table', { name: 'Accounts that would change' });
  const wouldChange = (await previewed.count())
    ? await previewed.locator('tbody tr td:first-child').allTextContents()
    : [];
  await page.keyboard.press('Control+s');

  const modal = page.getByRole('alertdialog', { name: 'Program Updated Successfully' });
  await expect(modal).toBeVisible(LOAD);
  await expect(modal).toContainText(`${PREFIX} is now at version 2.`);
  const upgrade = modal.getByRole('button', { name: 'Upgrade Accounts & Close' });
  await expect(upgrade).toBeDisabled();
  await modal.getByText('upgrade all accounts using the program to the new version').click();
  await page.screenshot({ path: testInfo.outputPath('program-updated-modal.png') });
  await upgrade.click();
  // The upgrade changed exactly the accounts the preview listed (shown before the screen moves on),
  // then the result's toast.
  if (wouldChange.length > 0) {
    const changed = page.getByRole('dialog', { name: 'Accounts changed by version 2' });
    await expect(changed).toBeVisible(LOAD);
    expect((await changed.locator('tbody tr td:first-child').allTextContents()).sort()).toEqual(
      [...wouldChange].sort(),
    );
    await changed.getByRole('button', { name: 'Close' }).click();
  }
  await expect(
    page.getByText(/^✓ Successfully upgraded \d+ accounts to program version 2\. Errors: 0$/),
  ).toBeVisible(LOAD);
  await expect(page).toHaveURL(`${baseUrl()}/programs`);
  await expect(programRow(page, PREFIX).getByRole('cell').nth(13)).toHaveText('2');

  // Copy: the suggested prefix, then the copy opens.
  await page.getByRole('button', { name: `Copy ${PREFIX}`, exact: true }).click();
  const prompt = page.getByRole('dialog', { name: `Copy ${PREFIX}` });
  await expect(prompt.getByLabel('New program prefix')).toHaveValue(COPY);
  await prompt.getByRole('button', { name: 'Copy Program' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/programs/${COPY}`, LOAD);
  await expect(page.getByText(`${COPY} — E2E Two-Phase Evaluation`)).toBeVisible();

  // Version 1 of the original, read-only, with its diff against version 2.
  await page.goto(`${baseUrl()}/programs/${PREFIX}`);
  const history = page.getByRole('table', { name: 'Program versions' });
  await expect(history.getByRole('row')).toHaveCount(3, LOAD);
  await history.getByRole('link', { name: 'View version 1' }).click();
  await expect(page).toHaveURL(`${baseUrl()}/programs/${PREFIX}?version=1`);
  await expect(page.getByRole('heading', { name: `Version 1 of ${PREFIX}` })).toBeVisible(LOAD);
  const diff = page.getByRole('table', { name: 'Version differences' });
  await expect(diff).toBeVisible(LOAD);
  await expect(
    diff.getByRole('row', {
      name: /phases\[phase-1\]\.rules\.rules\[drawdown-eod\]\.parameterOverrides\.maxDrawdown/,
    }),
  ).toContainText('1750');
  await expect(page.getByLabel('Program Name')).toBeDisabled();
  await expect(page.getByLabel('Program Name')).toHaveValue('E2E Two-Phase Evaluation');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('program-version-1.png'), fullPage: true });

  // Delete the copy.
  await nav(page).getByRole('link', { name: 'Programs', exact: true }).click();
  await page.getByRole('button', { name: `Delete ${COPY}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this program?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(programRow(page, COPY)).toHaveCount(0, LOAD);
  await expect(programRow(page, PREFIX)).toHaveCount(1);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseUrl, signIn } from './support/session';

/** A data view's first answer on a busy shared machine (the stack shares its cores with others). */
const LOAD = { timeout: 30_000 };
/** Faster than anyone types: a box that drops a key at this pace drops keys for a fast typist. */
const KEY_DELAY_MS = 10;

/**
 * Every search box of the app: where it is, the text typed into it, and the URL parameter that must
 * hold that text once typing stops. `submit` boxes search on Enter (they send a request per search);
 * the others follow the typing a moment after the last key.
 */
interface SearchBox {
  screen: string;
  path: string;
  box: (page: Page) => Locator;
  text: string;
  param: string;
  submit?: boolean;
  /** What opens the box's section, when it starts closed. */
  reveal?: (page: Page) => Promise<void>;
}

const SEARCH_BOXES: SearchBox[] = [
  {
    screen: 'All Accounts',
    path: '/accounts',
    box: (page) => page.getByRole('searchbox', { name: 'Search accounts' }),
    text: 'EVAL50K-000005',
    param: 'q',
  },
  {
    screen: 'All Accounts, account audit trail',
    path: '/accounts',
    box: (page) => page.getByRole('combobox', { name: 'Account' }),
    text: 'EVAL50K-000105',
    param: 'auditAccount',
    submit: true,
    reveal: (page) => page.getByRole('button', { name: 'Account Audit Trail' }).click(),
  },
  {
    screen: 'Rules Management',
    path: '/rules/management',
    box: (page) => page.getByRole('textbox', { name: 'Search' }),
    text: 'Trailing Drawdown',
    param: 'q',
  },
  {
    screen: 'Traders',
    path: '/traders',
    box: (page) => page.getByRole('searchbox', { name: 'Search traders' }),
    text: 'trader@example.com',
    param: 'q',
  },
  {
    screen: 'Firm Management',
    path: '/firms',
    box: (page) => page.getByRole('textbox', { name: 'Search firms' }),
    text: 'Apex Trader Funding',
    param: 'q',
    submit: true,
  },
  ...(
    [
      ['Account Number', 'accountNumber', 'EVAL50K-000005'],
      ['Firm User ID', 'firmUserId', 'trader-0001@example.com'],
      ['Instrument', 'instrument', 'ESZ6 CME'],
      ['Order Number', 'orderNumber', '987654321012'],
    ] as const
  ).map(([label, param, text]): SearchBox => ({
    screen: `Audit Trail, ${label}`,
    path: '/audit',
    box: (page) => page.getByRole('form', { name: 'Audit filters' }).getByLabel(label),
    text,
    param,
    submit: true,
  })),
];

// Soft: one run names every box that loses a key, not only the first.
const softly = expect.configure({ soft: true });

test('every search box keeps every key typed at 10 ms a key, in the box and in the URL', async ({
  page,
}) => {
  await signIn(page);
  for (const { screen, path, box, text, param, submit, reveal } of SEARCH_BOXES) {
    await test.step(screen, async () => {
      await page.goto(`${baseUrl()}${path}`);
      await reveal?.(page);
      const input = box(page);
      await expect(input, `${screen}: the box`).toBeEditable(LOAD);
      await input.click();
      await input.pressSequentially(text, { delay: KEY_DELAY_MS });
      if (submit) await input.press('Enter');

      await softly(input, `${screen}: the box`).toHaveValue(text);
      await softly
        .poll(() => new URL(page.url()).searchParams.get(param), {
          message: `${screen}: the URL's ${param}`,
          ...LOAD,
        })
        .toBe(text);
      // Still whole once the URL has caught up (a late write must not cut the box back).
      await softly(input, `${screen}: the box after the URL caught up`).toHaveValue(text);
    });
  }
});

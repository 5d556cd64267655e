import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { chromium, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { metaKeys } from '../../functions/lib/db/keys';
import { DEMO_USERS, ensureTable } from '../local-stack/bootstrap';
import { defaultDemoPassword, startLocalStack, TABLE_NAME } from '../local-stack/stack';
import { median } from './route-timing';
import { SEED_LARGE, seedStore } from './seed-30k';
import { SEED_TINY, SEEDED_TABLES } from './seeded-firms';
import { startDynaliteProcess } from './server-process';

/*
 * `web.dashboardAt30k`: time from navigation to the first row of the Account Dashboard
 * (`/performance/dashboard`, its All accounts table) with 30,000 accounts ÷ with 60, in Chromium
 * against the local stack (`npm start`'s, built SPA) in one run. The stack reads a copy of the seeded
 * firms (scripts/bench/seeded-firms.ts); its own table is marked seeded so it starts without the demo
 * firm, staff sign in there, and the API's table is switched between the two firms between loads
 * (the handlers run in this process and read `TABLE_NAME` per call). Loads alternate; medians.
 * Runs in a child process of `npm run bench`; prints one JSON line of figures.
 */

const ROUNDS = 11;
const FIRST_ROW = 'table[aria-label="All accounts"] tbody tr';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The first-run steps of `seedDemoData`: marked done, so the stack does not seed the demo firm. */
const DEMO_SEED_STEPS = [
  'demo-catalog',
  'demo-broker-files',
  'demo-trader-profiles',
  'daily-summary-rows',
];

/** A data folder for the stack holding a copy of the seeded firms, its own table marked seeded. */
async function stackDataDir(): Promise<string> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  // Seeding runs apart: the functions' document client of this process must be the stack's.
  if (!seedStore().ready) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/seed-firms-main.ts'], {
      stdio: 'inherit',
    });
  }
  const store = seedStore();
  if (!store.ready) throw new Error(`The seeded firms are not in ${store.path}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'deskline-bench-web-'));
  cpSync(store.path, join(dataDir, 'dynamodb'), { recursive: true });
  const copy = await startDynaliteProcess(join(dataDir, 'dynamodb'));
  try {
    const dynamo = new DynamoDBClient({
      endpoint: copy.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
    });
    await ensureTable(dynamo, TABLE_NAME);
    const client = DynamoDBDocumentClient.from(dynamo);
    for (const step of DEMO_SEED_STEPS) {
      await client.send(
        new PutCommand({
          TableName: TABLE_NAME,
          Item: { ...metaKeys.seed(step), seededAt: new Date().toISOString() },
        }),
      );
    }
  } finally {
    await copy.stop();
  }
  return dataDir;
}

async function signIn(page: Page, url: string, password: string) {
  const admin = DEMO_USERS.find((user) => user.group === 'admin')!;
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${url}/`);
}

/** Milliseconds from navigating to the dashboard to its first account row. */
async function timeToFirstRow(page: Page, url: string, table: string): Promise<number> {
  process.env.TABLE_NAME = table;
  await page.goto('about:blank');
  const started = performance.now();
  await page.goto(`${url}/performance/dashboard`, { waitUntil: 'commit' });
  await page.locator(FIRST_ROW).first().waitFor({ timeout: 120_000 });
  const elapsed = performance.now() - started;
  // The page's other requests finish before the next load, so none is cut off or runs beside it.
  await page.waitForLoadState('networkidle');
  return elapsed;
}

/** Throws unless the dashboard's Total Accounts card shows `accounts`. */
async function expectTotal(page: Page, accounts: number) {
  const card = page
    .locator('div', { has: page.getByText('Total Accounts', { exact: true }) })
    .last();
  const text = await card.innerText();
  if (!text.includes(accounts.toLocaleString('en-US')))
    throw new Error(`The dashboard shows "${text}", not ${accounts} accounts`);
  if (process.env.BENCH_SCREENSHOTS)
    await page.screenshot({ path: `/tmp/bench-dashboard-${accounts}.png` });
}

async function main(): Promise<void> {
  // The built SPA, as the e2e stack serves it (a full `npm run bench` built it in the build bench).
  if (!existsSync(resolve('dist/web/index.html'))) {
    console.error('npm run build:web ...');
    execFileSync('npm', ['run', 'build:web'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const dataDir = await stackDataDir();
  const password = defaultDemoPassword();
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    web: 'dist',
    demoPassword: password,
    log: (message) => console.error(`[stack] ${message}`),
  });
  const browser = await chromium.launch({
    ...(existsSync(CHROMIUM) && { executablePath: CHROMIUM }),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, stack.url, password);
    const small: number[] = [];
    const large: number[] = [];
    // One warm-up load of each (the browser's cache of the SPA, the handlers' modules), each checked
    // to show its firm's count.
    for (const [table, accounts] of [
      [SEEDED_TABLES.tiny, SEED_TINY],
      [SEEDED_TABLES.large, SEED_LARGE],
    ] as const) {
      await timeToFirstRow(page, stack.url, table);
      await expectTotal(page, accounts);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      small.push(await timeToFirstRow(page, stack.url, SEEDED_TABLES.tiny));
      large.push(await timeToFirstRow(page, stack.url, SEEDED_TABLES.large));
    }
    console.error(
      `/performance/dashboard first row: ${median(small).toFixed(0)} ms with ${SEED_TINY} accounts, ` +
        `${median(large).toFixed(0)} ms with ${SEED_LARGE} (medians of ${ROUNDS})`,
    );
    console.log(
      JSON.stringify({
        'web.dashboardAt30k': {
          value: Number((median(large) / median(small)).toFixed(2)),
          unit: 'x',
        },
        'web.dashboardMsAt30k': { value: Math.round(median(large)), unit: 'ms' },
        'web.dashboardMsAt60': { value: Math.round(median(small)), unit: 'ms' },
      }),
    );
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

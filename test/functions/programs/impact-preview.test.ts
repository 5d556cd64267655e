import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  PROGRAMS_SCOPE,
  readProgramAccountCount,
} from '../../../functions/lib/aggregates/program-counts';
import { countSubject } from '../../../functions/lib/aggregates/store';
import { dynamoDocumentClient } from '../../../functions/lib/aws/dynamodb';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import {
  IMPACT_PREVIEW_KEPT_DAYS,
  impactPreviewRepository,
} from '../../../functions/lib/repositories/impact-preview-repository';
import { handler } from '../../../functions/programs/handler';
import {
  IMPACT_PREVIEW_ACCOUNT_LIMIT,
  IMPACT_PREVIEW_LIMIT_MESSAGE,
} from '@shared/programs/program-impact';
import { runProgramsWorkflowInProcess } from '../../../functions/programs/workflow';
import { directorySink, directorySource, generateDemoData } from '../../../scripts/demo-data';
import { accountGroupQueries } from '../../support/table-reads';
import { claimsFor, routeCaller } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { runJobsInTests, settled } from '../../support/jobs';
import { seedCatalogue } from '../../support/programs';
import { runSync } from '../../support/run-sync';

const PREFIX = 'EVAL50K';
const routes = {
  get: { method: 'GET', path: '/api/programs/{prefix}' },
  save: { method: 'PUT', path: '/api/programs/{prefix}' },
  upgrade: { method: 'POST', path: '/api/programs/{prefix}/force-update-accounts' },
  start: { method: 'POST', path: '/api/programs/{prefix}/impact-preview' },
  read: { method: 'GET', path: '/api/programs/{prefix}/impact-preview/{previewId}' },
  versions: { method: 'GET', path: '/api/programs/{prefix}/versions' },
  revert: { method: 'POST', path: '/api/programs/{prefix}/versions/{version}/revert' },
} as const;
const call = routeCaller(handler, routes, claimsFor('admin'));
const asTrader = routeCaller(handler, routes, claimsFor('trader'));
const at = (extra: Record<string, string> = {}) => ({
  pathParameters: { prefix: PREFIX, ...extra },
});

interface Change {
  accountId: string;
  before: { status: string; payoutEligible: boolean };
  after: { status: string; payoutEligible: boolean };
  decisive: { ruleId: string; date: string } | null;
}

let dir: string;

/** The edit form's body of the current version with the end-of-day drawdown set to `maxDrawdown`. */
async function bodyWithDrawdown(maxDrawdown: number) {
  const loaded = (await call('get', at())).body;
  const phases = loaded.phases.map((phase: { rules: { rules: { ruleId: string }[] } }) => ({
    ...phase,
    rules: {
      ...phase.rules,
      rules: phase.rules.rules.map((reference) =>
        reference.ruleId === 'drawdown-eod'
          ? { ...reference, parameterOverrides: { maxDrawdown } }
          : reference,
      ),
    },
  }));
  const { benchmarkRules: _b, violationRules: _v, ...rest } = loaded;
  return {
    ...rest,
    version: loaded.version + 1,
    phases: phases.map(
      ({ benchmarkRules: _pb, violationRules: _pv, ...phase }: Record<string, unknown>) => phase,
    ),
  };
}

/** Starts a preview and polls it until it ends, as the edit screen does. */
async function preview(body: unknown) {
  const started = await call('start', { ...at(), body });
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ status: 'running', judged: 0, prefix: PREFIX });
  for (let poll = 0; poll < 400; poll += 1) {
    const answer = await call('read', at({ previewId: started.body.previewId }));
    expect(answer.status).toBe(200);
    if (answer.body.status !== 'running') return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The preview did not finish');
}

/** Every item of the table, as stored. */
async function tableItems() {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new ScanCommand({ TableName: process.env.TABLE_NAME, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every account item and judged day of the table, as stored. */
async function accountItems() {
  return (await tableItems())
    .filter((item) => String(item.PK).startsWith('ACCOUNT#'))
    .sort((a, b) => `${a.PK}${a.SK}`.localeCompare(`${b.PK}${b.SK}`));
}

async function statuses(): Promise<Record<string, string>> {
  const accounts = await accountRepository.listByProgram(PREFIX);
  return Object.fromEntries(accounts.map((account) => [account.accountId, account.status]));
}

describe('impact preview of an unsaved program version', () => {
  runJobsInTests();
  beforeAll(async () => {
    runProgramsWorkflowInProcess();
    dir = mkdtempSync(join(tmpdir(), 'deskline-impact-'));
    await generateDemoData({ traders: 8, days: 8, seed: 'impact' }, directorySink(dir));
  }, 60_000);
  useFreshTable({
    perTest: true,
    seed: async () => {
      await seedCatalogue();
      await runSync({ count: 8, source: directorySource(dir) });
    },
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists exactly the accounts an actual upgrade then fails, and writes nothing to accounts', async () => {
    const before = await statuses();
    const stored = await accountItems();
    const body = await bodyWithDrawdown(300);

    let result: Awaited<ReturnType<typeof preview>>;
    // The start and the background judging read the program's kept count and account list, and
    // each account by key: never every account of the firm.
    const accountReads = await accountGroupQueries(async () => {
      result = await preview(body);
    });

    expect(accountReads).toBe(0);
    expect(result).toMatchObject({ status: 'done', version: 2, errors: 0 });
    expect(result.judged).toBe(result.total);
    expect(result.total).toBe(Object.keys(before).length);
    const failing = (result.changes as Change[]).filter(
      (change) => change.after.status === 'failed' && change.before.status !== 'failed',
    );
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.every((change) => change.decisive?.ruleId === 'drawdown-eod')).toBe(true);
    // Nothing of an account changed: not its item, not a judged day.
    expect(await accountItems()).toEqual(stored);
    expect((await call('get', at())).body.version).toBe(1);

    expect((await call('save', { ...at(), body })).status).toBe(200);
    const upgraded = await call('upgrade', at());

    expect(upgraded.status).toBe(202);
    expect((await settled(upgraded)).changes).toEqual(result.changes);
    const after = await statuses();
    const failedNow = Object.keys(after).filter(
      (id) => after[id] === 'failed' && before[id] !== 'failed',
    );
    expect(failedNow.sort()).toEqual(failing.map((change) => change.accountId));
  }, 60_000);

  it('reverts to an earlier version: its rules again, the old statuses, who and when recorded', async () => {
    const original = await statuses();
    expect((await call('save', { ...at(), body: await bodyWithDrawdown(300) })).status).toBe(200);
    const tightened = (await settled(await call('upgrade', at()))).changes as Change[];
    expect(tightened.length).toBeGreaterThan(0);

    const reverted = await call('revert', at({ version: '1' }));

    expect(reverted.status).toBe(200);
    expect(reverted.body.program).toMatchObject({
      version: 3,
      revertedFrom: 1,
      updatedBy: 'admin@example.com',
    });
    const upgrade = await settled(reverted);
    expect(upgrade).toMatchObject({
      status: 'succeeded',
      subject: { programVersion: 3 },
      counts: { errors: 0 },
    });
    expect((upgrade.changes as Change[]).map((change) => change.accountId)).toEqual(
      tightened.map((change) => change.accountId),
    );
    expect(await statuses()).toEqual(original);
    const history = (await call('versions', at())).body;
    expect(history[0]).toMatchObject({ version: 3, revertedFrom: 1 });
    expect(history[0].updatedAt).toEqual(expect.any(String));
    expect(history[0].phases).toEqual(history[2].phases);
  }, 60_000);

  it('refuses bad input with 400 naming the field, a stale version with 409', async () => {
    const body = await bodyWithDrawdown(300);

    const unnamed = await call('start', { ...at(), body: { ...body, name: '' } });
    const stale = await call('start', { ...at(), body: { ...body, version: 5 } });
    const current = await call('revert', at({ version: '1' }));
    const notANumber = await call('revert', at({ version: 'one' }));
    const badId = await call('read', at({ previewId: 'nope' }));
    const unknown = await call('read', at({ previewId: '00000000-0000-4000-8000-000000000000' }));

    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'name' })]),
    );
    expect(stale.status).toBe(409);
    expect(current.status).toBe(400);
    expect(current.body.error.details).toEqual([
      { field: 'version', message: 'Version 1 is the current version' },
    ]);
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.error.details[0].field).toBe('version');
    expect(badId.status).toBe(400);
    expect(badId.body.error.details[0].field).toBe('previewId');
    expect(unknown.status).toBe(404);
  });

  it('refuses a program with more accounts than a preview re-judges, from its kept count, storing nothing', async () => {
    const body = await bodyWithDrawdown(300);
    const over = IMPACT_PREVIEW_ACCOUNT_LIMIT + 1;
    // The program's kept count says 501 accounts (as 501 counted accounts would leave it); only a
    // handful are stored, so a refusal can only come from the counter.
    const counted = await readProgramAccountCount(PREFIX);
    expect(counted).toBeGreaterThan(0);
    // Counted through the aggregates' own mechanism, as one more subject (no account item).
    await countSubject('test', 'extra-accounts', {
      counters: { [PROGRAMS_SCOPE]: { [PREFIX]: over - counted } },
      index: [],
    });
    expect(await readProgramAccountCount(PREFIX)).toBe(over);

    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const accountReads = await accountGroupQueries(async () => {
      answer = await call('start', { ...at(), body });
    });

    expect(answer!.status).toBe(409);
    expect(answer!.body.error.message).toBe(IMPACT_PREVIEW_LIMIT_MESSAGE(over));
    expect(accountReads).toBe(0);
    const previews = (await tableItems()).filter((item) =>
      String(item.PK).startsWith('IMPACTPREVIEW#'),
    );
    expect(previews).toEqual([]);
  });

  it(`keeps a preview ${IMPACT_PREVIEW_KEPT_DAYS} days, then reads it as gone`, async () => {
    const result = await preview(await bodyWithDrawdown(300));
    const started = Date.parse(result.startedAt);
    const kept = IMPACT_PREVIEW_KEPT_DAYS * 24 * 3600 * 1000;

    const [item] = (await tableItems()).filter(
      (entry) => entry.PK === `IMPACTPREVIEW#${result.previewId}`,
    );

    expect(item?.expiresAt).toBe(Math.floor((started + kept) / 1000));
    expect(
      await impactPreviewRepository.get(result.previewId, started + kept - 1000),
    ).toBeDefined();
    expect(await impactPreviewRepository.get(result.previewId, started + kept)).toBeUndefined();
    // Through the route: readable the second before it expires, 404 from then on (the time to live
    // removes the item late in AWS and never locally).
    const clock = jest.spyOn(Date, 'now').mockReturnValue(started + kept - 1000);
    const before = await call('read', at({ previewId: result.previewId }));
    clock.mockReturnValue(started + kept);
    const after = await call('read', at({ previewId: result.previewId }));
    clock.mockRestore();
    expect(before.status).toBe(200);
    expect(after.status).toBe(404);
  }, 60_000);

  it('refuses a trader with 403 on every route', async () => {
    const body = await bodyWithDrawdown(300);
    const answers = await Promise.all([
      asTrader('start', { ...at(), body }),
      asTrader('read', at({ previewId: '00000000-0000-4000-8000-000000000000' })),
      asTrader('revert', at({ version: '1' })),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403]);
  });
});

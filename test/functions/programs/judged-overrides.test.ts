import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dayKeys } from '../../../functions/lib/db/keys';
import { getItem } from '../../../functions/lib/db/table';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { handler as performanceHandler } from '../../../functions/performance/handler';
import { handler as programsHandler } from '../../../functions/programs/handler';
import { handler as rulesHandler } from '../../../functions/rules/handler';
import { runSync } from '../../support/run-sync';
import { directorySink, generateDemoData, type DemoDataResult } from '../../../scripts/demo-data';
import { directorySource } from '../../../scripts/demo-data';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { runJobsInTests, settled } from '../../support/jobs';

// Upgrades and voids are background jobs, run here as on the local stack.
runJobsInTests();
import { seedCatalogue } from '../../support/programs';

const admin = claimsFor('admin');
const PREFIX = 'EVAL50K';

const getProgram = { method: 'GET', path: '/api/programs/{prefix}' } as const;
const putProgram = { method: 'PUT', path: '/api/programs/{prefix}' } as const;
const upgrade = { method: 'POST', path: '/api/programs/{prefix}/force-update-accounts' } as const;
const changeReference = {
  method: 'PUT',
  path: '/api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}',
} as const;
const report = { method: 'GET', path: '/api/performance/account/{accountId}/{date}' } as const;
const regenerate = {
  method: 'POST',
  path: '/api/performance/regenerate/{accountId}/{date}',
} as const;

interface JudgedRule {
  ruleId: string;
  thresholdValue: number | null;
}

let dir: string;
let demo: DemoDataResult;
let accountId: string;
let date: string;

async function judgedDay() {
  const answer = await invoke(
    performanceHandler,
    httpEvent(report, { pathParameters: { accountId, date }, claims: admin }),
  );
  expect(answer.status).toBe(200);
  const stored = await getItem(dayKeys.performance(accountId, date));
  return {
    rules: answer.body.conformance.rules as JudgedRule[],
    trailingDrawdown: answer.body.conformance.trailingDrawdown as number | null,
    judgedBy: stored?.judgedBy,
  };
}

async function regenerateDay(): Promise<void> {
  const answer = await invoke(
    performanceHandler,
    httpEvent(regenerate, { pathParameters: { accountId, date }, claims: admin }),
  );
  expect(answer.status).toBe(200);
}

const drawdownOf = (rules: JudgedRule[]) => rules.find((rule) => rule.ruleId === 'drawdown-eod');

/** Spec 001 §2.5: what staff edit in a phase is what the sync judges. */
describe('phase rule settings saved through the API judge the days', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'deskline-overrides-'));
    demo = await generateDemoData({ traders: 2, days: 4, seed: 'overrides' }, directorySink(dir));
    date = demo.dates[1]!;
  }, 60_000);
  // Each test saves program versions of its own over the synced days, from version 1.
  useFreshTable({
    perTest: true,
    seed: async () => {
      await seedCatalogue();
      await runSync({ count: 4, source: directorySource(dir) });
      const [account] = await accountRepository.listByProgram(PREFIX);
      accountId = account!.accountId;
    },
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('records the program version that judged each day', async () => {
    const day = await judgedDay();

    expect(day.judgedBy).toBe(`${PREFIX}#1#evaluation`);
    expect(drawdownOf(day.rules)?.thresholdValue).toBe(2000);
  });

  it('judges a regenerated day with a new drawdown override once the account is upgraded', async () => {
    const loaded = (
      await invoke(
        programsHandler,
        httpEvent(getProgram, { pathParameters: { prefix: PREFIX }, claims: admin }),
      )
    ).body;
    const phase = loaded.phases[0];
    const rules = phase.rules.rules.map((reference: { ruleId: string }) =>
      reference.ruleId === 'drawdown-eod'
        ? { ...reference, parameterOverrides: { maxDrawdown: 1500 } }
        : reference,
    );
    const saved = await invoke(
      programsHandler,
      httpEvent(putProgram, {
        pathParameters: { prefix: PREFIX },
        claims: admin,
        body: {
          ...loaded,
          version: loaded.version + 1,
          phases: [{ ...phase, rules: { ...phase.rules, rules } }],
        },
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.outdatedAccounts).toBeGreaterThan(0);

    await regenerateDay();
    const beforeUpgrade = await judgedDay();
    const upgraded = await settled(
      await invoke(
        programsHandler,
        httpEvent(upgrade, { pathParameters: { prefix: PREFIX }, claims: admin }),
      ),
    );
    await regenerateDay();
    const afterUpgrade = await judgedDay();

    expect(drawdownOf(beforeUpgrade.rules)?.thresholdValue).toBe(2000);
    expect(beforeUpgrade.judgedBy).toBe(`${PREFIX}#1#evaluation`);
    expect(upgraded).toMatchObject({ counts: { errors: 0 }, subject: { programVersion: 2 } });
    expect(upgraded.counts.updated).toBeGreaterThan(0);
    expect(drawdownOf(afterUpgrade.rules)?.thresholdValue).toBe(1500);
    expect(afterUpgrade.judgedBy).toBe(`${PREFIX}#2#evaluation`);
  });

  it('follows the enabled flag and the priority of a reference changed through the rules API', async () => {
    const change = (ruleId: string, body: Record<string, unknown>) =>
      invoke(
        rulesHandler,
        httpEvent(changeReference, {
          pathParameters: { prefix: PREFIX, phaseId: 'evaluation', ruleId },
          claims: admin,
          body,
        }),
      );
    const disabled = await change('drawdown-eod', { enabled: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body.version).toBe(2);
    expect((await change('max-position-size', { priority: 1 })).body.version).toBe(3);
    await settled(
      await invoke(
        programsHandler,
        httpEvent(upgrade, { pathParameters: { prefix: PREFIX }, claims: admin }),
      ),
    );

    await regenerateDay();
    const day = await judgedDay();

    expect(day.judgedBy).toBe(`${PREFIX}#3#evaluation`);
    expect(drawdownOf(day.rules)).toBeUndefined();
    expect(day.trailingDrawdown).toBeNull();
    expect(day.rules[0]?.ruleId).toBe('max-position-size');
  });
});

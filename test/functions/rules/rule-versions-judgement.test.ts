import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { handler as performanceHandler } from '../../../functions/performance/handler';
import { handler as programsHandler } from '../../../functions/programs/handler';
import { handler as rulesHandler } from '../../../functions/rules/handler';
import { handler as summariesHandler } from '../../../functions/summaries/handler';
import { runSync } from '../../support/run-sync';
import { directorySink, directorySource, generateDemoData } from '../../../scripts/demo-data';
import { claimsFor, httpEvent, invoke } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { runJobsInTests, settled } from '../../support/jobs';

// Upgrades and voids are background jobs, run here as on the local stack.
runJobsInTests();
import { seedCatalogue } from '../../support/programs';

const admin = claimsFor('admin');
const PREFIX = 'EVAL50K';
const RULE = 'consistency-daily';

const routes = {
  getRule: { method: 'GET', path: '/api/rules/{ruleId}' },
  putRule: { method: 'PUT', path: '/api/rules/{ruleId}' },
  report: { method: 'GET', path: '/api/performance/account/{accountId}/{date}' },
  regenerate: { method: 'POST', path: '/api/performance/regenerate/{accountId}/{date}' },
  upgradeRules: { method: 'POST', path: '/api/programs/{prefix}/upgrade-rules' },
  upgradeAccounts: { method: 'POST', path: '/api/programs/{prefix}/force-update-accounts' },
  accountPage: { method: 'GET', path: '/api/summaries/account/{accountId}' },
} as const;

/** The consistency limit the account page shows: the definition its program version pins. */
async function shownLimit(): Promise<unknown> {
  const answer = await invoke(
    summariesHandler,
    httpEvent(routes.accountPage, { pathParameters: { accountId }, claims: admin }),
  );
  expect(answer.status).toBe(200);
  const rules = answer.body.data.rules as {
    ruleId: string;
    testParameters: Record<string, unknown>;
  }[];
  return rules.find((rule) => rule.ruleId === RULE)?.testParameters.minConsistency;
}

let dir: string;
let accountId: string;
let date: string;

async function consistencyTarget(): Promise<number | null | undefined> {
  const regenerated = await invoke(
    performanceHandler,
    httpEvent(routes.regenerate, { pathParameters: { accountId, date }, claims: admin }),
  );
  expect(regenerated.status).toBe(200);
  const answer = await invoke(
    performanceHandler,
    httpEvent(routes.report, { pathParameters: { accountId, date }, claims: admin }),
  );
  expect(answer.status).toBe(200);
  const rules = answer.body.conformance.rules as {
    ruleId: string;
    thresholdValue: number | null;
  }[];
  return rules.find((entry) => entry.ruleId === RULE)?.thresholdValue;
}

/**
 * Decision 36: editing a rule makes a new rule version; a program version keeps
 * judging with the rule versions it pinned until the program's next version or an explicit upgrade.
 */
describe('a rule edit does not change the judgement of an existing program version', () => {
  useFreshTable();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'deskline-rule-versions-'));
    const demo = await generateDemoData(
      { traders: 2, days: 3, seed: 'rule-versions' },
      directorySink(dir),
    );
    await seedCatalogue();
    await runSync({ count: 3, source: directorySource(dir) });
    const [account] = await accountRepository.listByProgram(PREFIX);
    accountId = account!.accountId;
    date = demo.dates[1]!;
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the pinned rule version until the program is upgraded, then judges with the new one', async () => {
    expect(await consistencyTarget()).toBe(0.5);

    const stored = await invoke(
      rulesHandler,
      httpEvent(routes.getRule, { pathParameters: { ruleId: RULE }, claims: admin }),
    );
    const { createdAt: _c, updatedAt: _u, ...body } = stored.body;
    const edited = await invoke(
      rulesHandler,
      httpEvent(routes.putRule, {
        pathParameters: { ruleId: RULE },
        claims: admin,
        body: { ...body, testParameters: { ...body.testParameters, minConsistency: 0.3 } },
      }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.testParameters.minConsistency).toBe(0.3);

    // The account's program version pinned the rule as it was: the edit does not reach it.
    expect(await consistencyTarget()).toBe(0.5);
    expect(await shownLimit()).toBe(0.5);

    const upgraded = await invoke(
      programsHandler,
      httpEvent(routes.upgradeRules, { pathParameters: { prefix: PREFIX }, claims: admin }),
    );
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.version).toBe(2);
    const moved = await settled(
      await invoke(
        programsHandler,
        httpEvent(routes.upgradeAccounts, { pathParameters: { prefix: PREFIX }, claims: admin }),
      ),
    );
    expect(moved.counts.updated).toBeGreaterThan(0);

    // Through the program's next version the edit reaches the account.
    expect(await consistencyTarget()).toBe(0.3);
    expect(await shownLimit()).toBe(0.3);
  });
});

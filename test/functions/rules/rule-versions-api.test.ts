import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { handler as programsHandler } from '../../../functions/programs/handler';
import { handler as rulesHandler } from '../../../functions/rules/handler';
import { claimsFor, httpEvent, invoke, type EventOptions } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { accountOn, putAccounts } from '../../support/accounts';
import { accountGroupQueries } from '../../support/table-reads';
import { programBody, seedCatalogue } from '../../support/programs';

const admin = claimsFor('admin');

const routes = {
  getRule: { method: 'GET', path: '/api/rules/{ruleId}' },
  putRule: { method: 'PUT', path: '/api/rules/{ruleId}' },
  usage: { method: 'GET', path: '/api/rules/{ruleId}/usage' },
  versions: { method: 'GET', path: '/api/rules/{ruleId}/versions' },
  createProgram: { method: 'POST', path: '/api/programs' },
  getProgram: { method: 'GET', path: '/api/programs/{prefix}' },
  putProgram: { method: 'PUT', path: '/api/programs/{prefix}' },
  upgradeRules: { method: 'POST', path: '/api/programs/{prefix}/upgrade-rules' },
  version: { method: 'GET', path: '/api/programs/{prefix}/versions/{version}' },
} as const;

const RULE = 'daily-loss-limit';

function call(route: keyof typeof routes, options: EventOptions = {}) {
  const handler =
    route.endsWith('Rule') || ['usage', 'versions'].includes(route)
      ? rulesHandler
      : programsHandler;
  return invoke(handler, httpEvent(routes[route], { claims: admin, ...options }));
}

/** The rule as the edit form sends it back, with one parameter changed. */
async function editedRule(maxDailyLoss: number) {
  const stored = (await call('getRule', { pathParameters: { ruleId: RULE } })).body;
  const { createdAt: _c, updatedAt: _u, updatedBy: _b, ...body } = stored;
  return { ...body, testParameters: { ...body.testParameters, maxDailyLoss } };
}

type Reference = { ruleId: string; ruleVersion?: number };
const pinOf = (program: { phases: { rules: { rules: Reference[] } }[] }, ruleId = RULE) =>
  program.phases[0]!.rules.rules.find((reference) => reference.ruleId === ruleId)?.ruleVersion;

/** Decision 36 through the API: pins, usage, the stale-editor 409 and the explicit upgrade. */
describe('rule versions through the API', () => {
  useFreshTable({
    perTest: true,
    seed: async () => {
      await seedCatalogue();
      await putAccounts([accountOn('EVAL50K-1', 'EVAL50K'), accountOn('EVAL50K-2', 'EVAL50K')]);
    },
  });

  it('pins the current rule versions when a program is created, whatever the body says', async () => {
    const body = programBody('PIN50K');
    const sent = {
      ...body,
      phases: body.phases.map((phase) => ({
        ...phase,
        rules: {
          ...phase.rules,
          rules: phase.rules.rules.map((reference) => ({ ...reference, ruleVersion: 7 })),
        },
      })),
    };
    const created = await call('createProgram', { body: sent });

    expect(created.status).toBe(201);
    expect(pinOf(created.body)).toBe(1);
  });

  it('saves a rule edit as a new version, lists the program versions using it, and refuses a stale editor', async () => {
    const before = await call('usage', { pathParameters: { ruleId: RULE } });
    expect(before.body.currentVersion).toBe(1);
    expect(before.body.uses).toEqual(
      expect.arrayContaining([
        {
          prefix: 'EVAL50K',
          name: '50K Evaluation',
          programVersion: 1,
          current: true,
          phases: ['evaluation'],
          ruleVersion: 1,
          accounts: 2,
        },
      ]),
    );

    const body = await editedRule(1200);
    const saved = await call('putRule', { pathParameters: { ruleId: RULE }, body });
    const stale = await call('putRule', {
      pathParameters: { ruleId: RULE },
      body: { ...body, testParameters: { ...body.testParameters, maxDailyLoss: 900 } },
    });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ruleVersion: 2, updatedBy: 'admin@example.com' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/changed by someone else/);
    const versions = await call('versions', { pathParameters: { ruleId: RULE } });
    expect(versions.body.map((entry: { ruleVersion: number }) => entry.ruleVersion)).toEqual([
      2, 1,
    ]);
    expect(versions.body[1].testParameters.maxDailyLoss).toBe(1000);
    // The program versions keep their pin; the usage says so.
    const after = await call('usage', { pathParameters: { ruleId: RULE } });
    expect(after.body.currentVersion).toBe(2);
    expect(
      after.body.uses.find((use: { prefix: string }) => use.prefix === 'EVAL50K').ruleVersion,
    ).toBe(1);
    expect(pinOf((await call('getProgram', { pathParameters: { prefix: 'EVAL50K' } })).body)).toBe(
      1,
    );
  });

  it('upgrades a program explicitly: the next version pins the latest rule versions; again changes nothing', async () => {
    await call('putRule', { pathParameters: { ruleId: RULE }, body: await editedRule(1200) });

    const upgraded = await call('upgradeRules', { pathParameters: { prefix: 'EVAL50K' } });

    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toMatchObject({
      version: 2,
      updatedBy: 'admin@example.com',
      outdatedAccounts: 2,
      upgraded: [{ phaseId: 'evaluation', ruleId: RULE, pinnedVersion: 1, currentVersion: 2 }],
    });
    expect(pinOf(upgraded.body)).toBe(2);
    const older = await call('version', { pathParameters: { prefix: 'EVAL50K', version: '1' } });
    expect(pinOf(older.body)).toBe(1);

    const again = await call('upgradeRules', { pathParameters: { prefix: 'EVAL50K' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ version: 2, upgraded: [] });
    expect((await programRepository.getCurrent('EVAL50K'))?.version).toBe(2);
    let usage: Awaited<ReturnType<typeof call>> | undefined;
    // The versions in use and their accounts come from the programs' kept counts.
    expect(
      await accountGroupQueries(async () => {
        usage = await call('usage', { pathParameters: { ruleId: RULE } });
      }),
    ).toBe(0);
    expect(usage!.body.uses.filter((use: { prefix: string }) => use.prefix === 'EVAL50K')).toEqual([
      expect.objectContaining({ programVersion: 2, current: true, ruleVersion: 2, accounts: 0 }),
      expect.objectContaining({ programVersion: 1, current: false, ruleVersion: 1, accounts: 2 }),
    ]);
  });

  it('takes the new rule version up through the program next saved version', async () => {
    expect((await call('createProgram', { body: programBody('PIN50K') })).status).toBe(201);
    await call('putRule', { pathParameters: { ruleId: RULE }, body: await editedRule(1300) });
    const loaded = (await call('getProgram', { pathParameters: { prefix: 'PIN50K' } })).body;
    const {
      outdatedAccounts: _o,
      createdAt: _c,
      updatedAt: _u,
      updatedBy: _b,
      ...program
    } = loaded;
    const saved = await call('putProgram', {
      pathParameters: { prefix: 'PIN50K' },
      body: { ...program, version: loaded.version + 1, description: 'Edited' },
    });

    expect(saved.status).toBe(200);
    expect(pinOf(saved.body)).toBe(2);
  });

  it('answers 404 for the usage and versions of an unknown rule, and for upgrading an unknown program', async () => {
    expect((await call('usage', { pathParameters: { ruleId: 'nope' } })).status).toBe(404);
    expect((await call('versions', { pathParameters: { ruleId: 'nope' } })).status).toBe(404);
    expect((await call('upgradeRules', { pathParameters: { prefix: 'NOPE' } })).status).toBe(404);
  });
});

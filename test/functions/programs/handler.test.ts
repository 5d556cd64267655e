import { handler } from '../../../functions/programs/handler';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { syncRepository } from '../../../functions/lib/repositories/sync-repository';
import { demoPrograms } from '../../../scripts/demo-data';
import { claimsFor, httpEvent, invoke, routeCaller } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { runJobsInTests, settled } from '../../support/jobs';

// A program's force update is a background job, run here as on the local stack.
runJobsInTests();
import { accountOn, putAccounts } from '../../support/accounts';
import { accountGroupQueries } from '../../support/table-reads';
import { demoProgram, programBody, seedCatalogue, seededPrograms } from '../../support/programs';

const admin = claimsFor('admin');
const STALE = 'The program was changed by someone else — reload to see the latest version';

const routes = {
  list: { method: 'GET', path: '/api/programs' },
  create: { method: 'POST', path: '/api/programs' },
  rules: { method: 'GET', path: '/api/programs/rules' },
  get: { method: 'GET', path: '/api/programs/{prefix}' },
  update: { method: 'PUT', path: '/api/programs/{prefix}' },
  remove: { method: 'DELETE', path: '/api/programs/{prefix}' },
  copy: { method: 'POST', path: '/api/programs/{prefix}/copy' },
  upgrade: { method: 'POST', path: '/api/programs/{prefix}/force-update-accounts' },
  versions: { method: 'GET', path: '/api/programs/{prefix}/versions' },
  version: { method: 'GET', path: '/api/programs/{prefix}/versions/{version}' },
} as const;

const call = routeCaller(handler, routes, admin);

const at = (prefix: string, extra: Record<string, string> = {}) => ({
  pathParameters: { prefix, ...extra },
});

describe('GET /api/programs', () => {
  useFreshTable({ perTest: true });

  it('answers an empty list when no program exists', async () => {
    const answer = await call('list');

    expect(answer).toEqual({ status: 200, body: [] });
  });

  it('lists the current version of every program, sorted by prefix, without key attributes', async () => {
    const [first, , , second] = demoPrograms('2026-01-01T00:00:00.000Z');
    await programRepository.create(second!);
    await programRepository.create(first!);

    const answer = await call('list');

    expect(answer.status).toBe(200);
    expect(answer.body.map((program: { prefix: string }) => program.prefix)).toEqual([
      'EVAL50K',
      'SIMF100K',
    ]);
    expect(answer.body[0]).toMatchObject({
      name: '50K Evaluation',
      type: 'eval',
      status: 'active',
      version: 1,
    });
    expect(answer.body[0]).not.toHaveProperty('PK');
    expect(answer.body[0]).not.toHaveProperty('GSI1PK');
  });

  it('refuses a caller without verified claims with 401 and the error body', async () => {
    const answer = await invoke(handler, httpEvent(routes.list));

    expect(answer).toEqual({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Authentication required' } },
    });
  });

  it('refuses a trader with 403', async () => {
    const answer = await invoke(handler, httpEvent(routes.list, { claims: claimsFor('trader') }));

    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
  });
});

describe('creating and reading a program', () => {
  useFreshTable({ perTest: true, seed: seedCatalogue });

  it('creates version 1 and answers it with the editor, timestamps and no outdated accounts', async () => {
    const answer = await call('create', { body: programBody('NEW50K') });

    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      prefix: 'NEW50K',
      version: 1,
      updatedBy: 'admin@example.com',
      outdatedAccounts: 0,
    });
    expect(answer.body.phases[0].rules.programId).toBe('NEW50K');
    expect(typeof answer.body.createdAt).toBe('string');
    const read = await call('get', at('NEW50K'));
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ prefix: 'NEW50K', version: 1, name: '50K Evaluation' });
    expect(read.body).not.toHaveProperty('outdatedAccounts');
  });

  it('upper-cases the prefix of the body and of the path', async () => {
    const created = await call('create', { body: programBody('lower-1') });
    const read = await call('get', at('lower-1'));

    expect(created.body.prefix).toBe('LOWER-1');
    expect(read.body.prefix).toBe('LOWER-1');
  });

  it('names every missing field with the spec messages and writes nothing', async () => {
    const answer = await call('create', { body: { prefix: 'EMPTY' } });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'name', message: 'Program name is required' },
      { field: 'description', message: 'Description is required' },
      { field: 'type', message: 'Program type is required' },
      { field: 'currentPhase', message: 'Current phase is required' },
      { field: 'createdBy', message: 'Created By is required' },
      { field: 'phases', message: 'At least one phase is required' },
    ]);
    expect((await call('get', at('EMPTY'))).status).toBe(404);
  });

  it('refuses a prefix with characters a prefix cannot hold, an unknown field and a phase problem', async () => {
    const body = programBody('BAD 1');
    const answer = await call('create', {
      body: {
        ...body,
        owner: 'someone',
        phases: [{ ...body.phases[0], accountSize: 0 }],
      },
    });

    expect(answer.status).toBe(400);
    const messages = answer.body.error.details.map((detail: { message: string }) => detail.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Program prefix can only contain letters, numbers, and hyphens',
        'Phase 1: Account Size must be greater than 0',
      ]),
    );
    expect(answer.body.error.details).toContainEqual(expect.objectContaining({ field: 'owner' }));
  });

  it('refuses a phase that references a rule the catalogue lacks, and writes nothing', async () => {
    const body = programBody('MISSING1');
    const phase = body.phases[0]!;
    const answer = await call('create', {
      body: {
        ...body,
        phases: [
          {
            ...phase,
            rules: { ...phase.rules, rules: [...phase.rules.rules, { ruleId: 'nope' }] },
          },
        ],
      },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      {
        field: `phases.0.rules.rules.${phase.rules.rules.length}.ruleId`,
        message: 'Phase 1: Unknown rule nope',
      },
    ]);
    expect((await call('get', at('MISSING1'))).status).toBe(404);
  });

  it('refuses an override that does not fit its rule, naming the field', async () => {
    const body = programBody('OVERRIDE1');
    const phase = body.phases[0]!;
    const rules = phase.rules.rules.map((reference) =>
      reference.ruleId === 'drawdown-eod'
        ? { ...reference, parameterOverrides: { maxDrawdown: -5, maxDrawdon: 100 } }
        : reference,
    );
    const answer = await call('create', {
      body: { ...body, phases: [{ ...phase, rules: { ...phase.rules, rules } }] },
    });

    expect(answer.status).toBe(400);
    const fields = answer.body.error.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual([
      'phases.0.rules.rules.0.parameterOverrides.maxDrawdon',
      'phases.0.rules.rules.0.parameterOverrides.maxDrawdown',
    ]);
    expect(answer.body.error.details[0].message).toMatch(
      /^Phase 1: EOD Trailing Drawdown: A drawdown rule has no parameter maxDrawdon/,
    );
  });

  it('refuses an override with an unknown key in a nested object, naming its path', async () => {
    const body = programBody('NESTED1');
    const phase = body.phases[0]!;
    const rules = phase.rules.rules.map((reference) =>
      reference.ruleId === 'max-position-size'
        ? {
            ...reference,
            parameterOverrides: { instruments: [{ symbol: 'MES', positionFactr: 0.1 }] },
          }
        : reference,
    );
    const position = rules.findIndex((reference) => reference.ruleId === 'max-position-size');
    const answer = await call('create', {
      body: { ...body, phases: [{ ...phase, rules: { ...phase.rules, rules } }] },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
      `phases.0.rules.rules.${position}.parameterOverrides.instruments.0.positionFactr`,
    ]);
    expect((await call('get', at('NESTED1'))).status).toBe(404);
  });

  it('refuses program URLs other than http and https, naming each, and keeps an empty one', async () => {
    const answer = await call('create', {
      body: {
        ...programBody('URLS1'),
        urls: {
          purchaseUrl: 'javascript:alert(document.cookie)',
          resetUrl: 'data:text/html;base64,PHNjcmlwdD4=',
          cancelUrl: 'vbscript:msgbox(1)',
        },
      },
    });
    const garbage = await call('create', {
      body: { ...programBody('URLS2'), urls: { purchaseUrl: 'not a url' } },
    });
    const fine = await call('create', {
      body: {
        ...programBody('URLS3'),
        urls: {
          purchaseUrl: 'https://shop.example/buy?p=1',
          resetUrl: '',
          cancelUrl: 'http://x.example',
        },
      },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'urls.purchaseUrl', message: 'Purchase URL must be an http or https URL' },
      { field: 'urls.resetUrl', message: 'Reset URL must be an http or https URL' },
      { field: 'urls.cancelUrl', message: 'Cancel URL must be an http or https URL' },
    ]);
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.details).toEqual([
      { field: 'urls.purchaseUrl', message: 'Enter a valid URL' },
    ]);
    expect((await call('get', at('URLS1'))).status).toBe(404);
    expect(fine.status).toBe(201);
    expect(fine.body.urls).toEqual({
      purchaseUrl: 'https://shop.example/buy?p=1',
      resetUrl: '',
      cancelUrl: 'http://x.example',
    });
  });

  it('refuses a duplicate phase id and a rule listed twice in a phase', async () => {
    const body = programBody('DUP1');
    const phase = body.phases[0]!;
    const twice = { ...phase.rules, rules: [...phase.rules.rules, phase.rules.rules[0]!] };
    const answer = await call('create', {
      body: { ...body, phases: [phase, { ...phase, rules: twice }] },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { message: string }) => detail.message)).toEqual([
      'Phase 2: Phase ID must be unique in the program',
      'Phase 2: A rule can be in a phase only once (drawdown-eod)',
    ]);
  });

  it('refuses a prefix that is in use with 409', async () => {
    const answer = await call('create', { body: programBody('EVAL50K') });

    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe('A program with prefix EVAL50K already exists');
  });

  it('answers 404 for an unknown prefix and 400 for one that is no id', async () => {
    const unknown = await call('get', at('NOPE'));
    const bad = await call('get', at('a/b'));

    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Program NOPE not found');
    expect(bad.status).toBe(400);
  });

  it('answers the rule configuration of every program current phase by program id', async () => {
    const answer = await call('rules');

    expect(answer.status).toBe(200);
    expect(answer.body.programRules.EVAL50K).toEqual(demoProgram('EVAL50K').phases[0]!.rules);
    expect(Object.keys(answer.body.programRules)).toEqual(
      expect.arrayContaining(seededPrograms().map((program) => program.prefix)),
    );
  });
});

/** Saves the current version of a program again under a new name, as the edit form does. */
async function saveRenamed(prefix: string, name: string) {
  const loaded = (await call('get', at(prefix))).body;
  const answer = await call('update', {
    ...at(prefix),
    body: { ...loaded, name, version: loaded.version + 1 },
  });
  expect(answer.status).toBe(200);
  return answer;
}

describe('saving versions', () => {
  useFreshTable({ perTest: true, seed: seedCatalogue });

  it('saves the loaded version + 1 as a new immutable version and keeps the old one', async () => {
    const loaded = (await call('get', at('EVAL50K'))).body;

    const answer = await saveRenamed('EVAL50K', '50K Evaluation (new)');

    expect(answer.body).toMatchObject({ version: 2, name: '50K Evaluation (new)' });
    expect(answer.body.createdAt).toBe(loaded.createdAt);
    const first = await call('version', at('EVAL50K', { version: '1' }));
    expect(first.body).toMatchObject({ version: 1, name: '50K Evaluation' });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    await saveRenamed('EVAL50K', '50K Evaluation (new)');
    const body = { ...programBody('EVAL50K'), name: 'Stale', version: 2 };

    const answer = await call('update', { ...at('EVAL50K'), body });

    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({ code: 'CONFLICT', message: STALE });
    expect((await call('get', at('EVAL50K'))).body).toMatchObject({
      version: 2,
      name: '50K Evaluation (new)',
    });
  });

  it('lets only one of two editors who loaded the same version save', async () => {
    const loaded = (await call('get', at('EVAL100K'))).body;

    const answers = await Promise.all(
      ['Editor A', 'Editor B'].map((name) =>
        call('update', { ...at('EVAL100K'), body: { ...loaded, name, version: 2 } }),
      ),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.name;
    expect((await call('get', at('EVAL100K'))).body).toMatchObject({ name: winner, version: 2 });
    const versions = await call('versions', at('EVAL100K'));
    expect(versions.body.map((program: { version: number }) => program.version)).toEqual([2, 1]);
  });

  it('counts the accounts left on older versions in the answer', async () => {
    await putAccounts([
      accountOn('EVAL150K-OLD1', 'EVAL150K'),
      accountOn('EVAL150K-OLD2', 'EVAL150K'),
    ]);
    const loaded = (await call('get', at('EVAL150K'))).body;

    let answer: Awaited<ReturnType<typeof call>> | undefined;
    // From the program's kept counts by version: no account is read.
    const accountReads = await accountGroupQueries(async () => {
      answer = await call('update', { ...at('EVAL150K'), body: { ...loaded, version: 2 } });
    });

    expect(answer!.body.outdatedAccounts).toBe(2);
    expect(accountReads).toBe(0);
  });

  it('refuses a body whose prefix is not the path prefix', async () => {
    const answer = await call('update', {
      ...at('DEMO50K'),
      body: { ...programBody('OTHER'), version: 2 },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      {
        field: 'prefix',
        message: 'The prefix of a program cannot change: copy the program instead',
      },
    ]);
  });

  it('answers 404 for a program that does not exist', async () => {
    const answer = await call('update', {
      ...at('NOPE'),
      body: { ...programBody('NOPE'), version: 2 },
    });

    expect(answer.status).toBe(404);
  });

  it('names the edit form messages, phase by phase', async () => {
    const body = programBody('DEMO50K');
    const answer = await call('update', {
      ...at('DEMO50K'),
      body: {
        ...body,
        name: ' ',
        version: 2,
        phases: [{ ...body.phases[0], phaseName: '', startingBalance: -1 }],
      },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'name', message: 'Program Name is required' },
      { field: 'phases.0.phaseName', message: 'Phase 1: Phase Name is required' },
      {
        field: 'phases.0.startingBalance',
        message: 'Phase 1: Starting Balance must be greater than 0',
      },
    ]);
  });

  it('lists every version newest first and reads any one; 404 and 400 for others', async () => {
    await saveRenamed('EVAL50K', '50K Evaluation (new)');

    const versions = await call('versions', at('EVAL50K'));
    const missing = await call('version', at('EVAL50K', { version: '9' }));
    const bad = await call('version', at('EVAL50K', { version: 'one' }));
    const unknown = await call('versions', at('NOPE'));

    expect(versions.status).toBe(200);
    expect(versions.body.map((program: { version: number }) => program.version)).toEqual([2, 1]);
    expect(missing.status).toBe(404);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('version');
    expect(unknown.status).toBe(404);
  });

  it('opens and saves every demo program unchanged (round trip)', async () => {
    for (const { prefix } of seededPrograms()) {
      const loaded = (await call('get', at(prefix))).body;

      const saved = await call('update', {
        ...at(prefix),
        body: { ...loaded, version: loaded.version + 1 },
      });

      expect(saved.status).toBe(200);
      const reread = (await call('get', at(prefix))).body;
      const strip = ({ version: _v, updatedAt: _u, updatedBy: _b, ...rest }: typeof loaded) => rest;
      expect(strip(reread)).toEqual(strip(loaded));
      expect(reread.version).toBe(loaded.version + 1);
    }
  });
});

describe('copying, upgrading and deleting programs', () => {
  useFreshTable({
    perTest: true,
    seed: async () => {
      await seedCatalogue();
      await putAccounts([
        accountOn('EVAL50K-0001', 'EVAL50K'),
        accountOn('EVAL50K-0002', 'EVAL50K'),
      ]);
    },
  });

  /** EVAL50K-COPY: no account trades it, and like EVAL50K it names SIMF100K as its next program. */
  const copyOfEval50k = () =>
    call('copy', { ...at('EVAL50K'), body: { newPrefix: ' eval50k-copy ' } });

  it('copies the current version under a new, upper-cased prefix as version 1', async () => {
    const answer = await copyOfEval50k();

    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      prefix: 'EVAL50K-COPY',
      version: 1,
      name: '50K Evaluation',
    });
    expect(answer.body.phases[0].rules.programId).toBe('EVAL50K-COPY');
    expect(answer.body.phases[0].rules.rules).toEqual(
      demoProgram('EVAL50K').phases[0]!.rules.rules,
    );
  });

  it('refuses to copy onto an existing prefix, from an unknown one, or to an empty one', async () => {
    const taken = await call('copy', { ...at('EVAL50K'), body: { newPrefix: 'EVAL100K' } });
    const unknown = await call('copy', { ...at('NOPE'), body: { newPrefix: 'NOPE2' } });
    const empty = await call('copy', { ...at('EVAL50K'), body: { newPrefix: ' ' } });
    const extra = await call('copy', { ...at('EVAL50K'), body: { newPrefix: 'X1', name: 'x' } });

    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('A program with prefix EVAL100K already exists');
    expect(unknown.status).toBe(404);
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([
      { field: 'newPrefix', message: 'New prefix is required' },
    ]);
    expect(extra.status).toBe(400);
  });

  it('moves the accounts on older versions to the current one', async () => {
    const loaded = (await call('get', at('EVAL50K'))).body;
    await call('update', { ...at('EVAL50K'), body: { ...loaded, version: 2 } });

    const answer = await call('upgrade', at('EVAL50K'));
    expect(answer.status).toBe(202);
    const job = await settled(answer);
    const again = await settled(await call('upgrade', at('EVAL50K')));

    expect(job).toMatchObject({
      status: 'succeeded',
      subject: { prefix: 'EVAL50K', programVersion: 2 },
      total: 2,
      counts: { updated: 2, errors: 0, changed: 0 },
      changes: [],
    });
    expect(again).toMatchObject({ total: 0, counts: { updated: 0, errors: 0 }, changes: [] });
    await expect(accountRepository.get('EVAL50K-0001')).resolves.toMatchObject({
      program: { prefix: 'EVAL50K', version: 2, currentPhase: 'evaluation' },
    });
  });

  it('counts as errors the accounts a version without phases cannot place', async () => {
    await putAccounts([
      accountOn('LIVE100K-0001', 'LIVE100K'),
      accountOn('LIVE100K-0002', 'LIVE100K'),
    ]);
    await programRepository.saveVersion({ ...demoProgram('LIVE100K'), version: 2, phases: [] });

    const job = await settled(await call('upgrade', at('LIVE100K')));

    expect(job).toMatchObject({ counts: { updated: 0, errors: 2 }, changes: [] });
    await expect(accountRepository.get('LIVE100K-0001')).resolves.toMatchObject({
      program: { version: 1 },
    });
  });

  it('refuses to upgrade an unknown program, or while a sync runs', async () => {
    const unknown = await call('upgrade', at('NOPE'));
    await syncRepository.acquireLock('busy', Date.now(), Date.now() + 60_000);
    const busy = await call('upgrade', at('EVAL50K'));
    await syncRepository.releaseLock('busy');

    expect(unknown.status).toBe(404);
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toBe('A sync is already running');
  });

  it('refuses to delete a program accounts trade, naming how many from its kept count', async () => {
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const accountReads = await accountGroupQueries(async () => {
      answer = await call('remove', at('EVAL50K'));
    });

    expect(answer!.status).toBe(409);
    expect(answer!.body.error.message).toBe('Program EVAL50K is in use: 2 accounts trade it');
    expect(accountReads).toBe(0);
    expect((await call('get', at('EVAL50K'))).status).toBe(200);
  });

  it('refuses to delete a program others name as their next program, naming them', async () => {
    await copyOfEval50k();

    const answer = await call('remove', at('SIMF100K'));

    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(
      'Program SIMF100K is in use: 4 programs name it as the next program (EVAL100K, EVAL150K, EVAL50K, EVAL50K-COPY)',
    );
  });

  it('deletes an unused program, which then reads as 404; an unknown one is 404', async () => {
    await copyOfEval50k();

    const answer = await call('remove', at('EVAL50K-COPY'));
    const gone = await call('get', at('EVAL50K-COPY'));
    const unknown = await call('remove', at('NOPE'));

    expect(answer).toEqual({
      status: 200,
      body: { success: true, message: 'Program EVAL50K-COPY deleted' },
    });
    expect(gone.status).toBe(404);
    expect(unknown.status).toBe(404);
    const listed = (await call('list')).body.map((program: { prefix: string }) => program.prefix);
    expect(listed).not.toContain('EVAL50K-COPY');
  });
});

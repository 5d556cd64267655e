import { handler } from '../../../functions/rules/handler';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { ruleRepository } from '../../../functions/lib/repositories/rule-repository';
import { claimsFor, routeCaller } from '../../support/http-events';
import { useFreshTable } from '../../support/fresh-table';
import { accountOn, putAccounts } from '../../support/accounts';
import { accountGroupQueries } from '../../support/table-reads';
import { demoProgram, seedCatalogue, seededPrograms, seededRules } from '../../support/programs';

const admin = claimsFor('admin');

const routes = {
  list: { method: 'GET', path: '/api/rules' },
  create: { method: 'POST', path: '/api/rules' },
  get: { method: 'GET', path: '/api/rules/{ruleId}' },
  update: { method: 'PUT', path: '/api/rules/{ruleId}' },
  remove: { method: 'DELETE', path: '/api/rules/{ruleId}' },
  program: { method: 'GET', path: '/api/rules/programs/{prefix}' },
  assign: { method: 'POST', path: '/api/rules/programs/{prefix}/phases/{phaseId}/rules' },
  change: { method: 'PUT', path: '/api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}' },
  unassign: {
    method: 'DELETE',
    path: '/api/rules/programs/{prefix}/phases/{phaseId}/rules/{ruleId}',
  },
} as const;

const call = routeCaller(handler, routes, admin);

const rule = (ruleId: string) => ({ pathParameters: { ruleId } });
const phase = (prefix: string, phaseId: string, ruleId?: string) => ({
  pathParameters: { prefix, phaseId, ...(ruleId && { ruleId }) },
});

/** A rule as the rule form sends it. */
const newRule = {
  ruleId: 'drawdown-test-rule-1700000000000',
  name: 'Test Drawdown',
  description: 'A drawdown rule made by the tests',
  type: 'violation',
  category: 'drawdown',
  action: { type: 'termination', description: 'Fails the account' },
  testClassName: 'DrawdownRule',
  testParameters: { maxDrawdown: 2500, resetType: 'eod' },
  successMessage: 'Drawdown {actual} within {target}',
  failureMessage: 'Drawdown {actual} beyond {target}',
  tags: [' risk ', 'risk', '', 'test'],
};

const ids = (body: { rules: { ruleId: string }[] }) => body.rules.map((entry) => entry.ruleId);

describe('the rules catalogue', () => {
  useFreshTable({ perTest: true, seed: seedCatalogue });

  it('lists every rule with the programs that use each one', async () => {
    const answer = await call('list');

    expect(answer.status).toBe(200);
    expect(ids(answer.body).sort()).toEqual(
      seededRules()
        .map((entry) => entry.ruleId)
        .sort(),
    );
    expect(answer.body.usedBy['drawdown-eod']).toEqual(['EVAL50K', 'SIMF100K']);
    expect(answer.body.usedBy['news-blackout']).toBeUndefined();
  });

  it('searches name or description case-insensitively and filters an exact category and type', async () => {
    const byName = await call('list', { query: { search: 'TRAILING' } });
    const byDescription = await call('list', { query: { search: 'economic releases' } });
    const byCategory = await call('list', { query: { category: 'daily-loss' } });
    const byType = await call('list', { query: { type: 'benchmark', search: 'profit' } });

    expect(ids(byName.body).sort()).toEqual([
      'drawdown-daily-highs',
      'drawdown-eod',
      'drawdown-trailing',
    ]);
    expect(ids(byDescription.body)).toEqual(['news-blackout']);
    expect(ids(byCategory.body).sort()).toEqual(['daily-loss-limit', 'daily-loss-pause']);
    expect(ids(byType.body).sort()).toEqual([
      'consistency-daily',
      'consistency-weekly',
      'profit-target',
      'profit-target-percent',
      'winning-days-payout',
    ]);
  });

  it('refuses an unknown category and an overlong search', async () => {
    const category = await call('list', { query: { category: 'draw' } });
    const search = await call('list', { query: { search: 'x'.repeat(201) } });

    expect(category.status).toBe(400);
    expect(category.body.error.details[0].field).toBe('category');
    expect(search.status).toBe(400);
  });

  it('creates a rule with the form defaults, trimmed unique tags, and reads it back', async () => {
    const answer = await call('create', { body: newRule });
    const read = await call('get', rule(newRule.ruleId));

    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      ruleId: newRule.ruleId,
      enabled: true,
      isActive: true,
      priority: 1,
      version: '1.0.0',
      tags: ['risk', 'test'],
    });
    expect(read.body).toEqual(answer.body);
  });

  it('refuses a rule id in use with 409', async () => {
    await call('create', { body: newRule });

    const answer = await call('create', { body: { ...newRule, name: 'Again' } });

    expect(answer.status).toBe(409);
  });

  it('names each missing field with the rule form messages and writes nothing', async () => {
    const answer = await call('create', { body: { ruleId: 'empty-rule' } });

    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { message: string }) => detail.message)).toEqual([
      'Rule Name is required',
      'Description is required',
      'Rule Type is required',
      'Action Type is required',
      'Category is required',
      'Test Class Name is required',
      'Success Message is required',
      'Failure Message is required',
    ]);
    expect((await call('get', rule('empty-rule'))).status).toBe(404);
  });

  it('refuses parameters the category does not take or bound, a wrong type and unknown fields', async () => {
    const answer = await call('create', {
      body: {
        ...newRule,
        ruleId: 'bad-rule',
        type: 'benchmark',
        priority: 101,
        testParameters: { maxDrawdown: -1, resetType: 'eod', floor: 3 },
        colour: 'red',
      },
    });

    expect(answer.status).toBe(400);
    const fields = answer.body.error.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'colour',
        'priority',
        'type',
        'testParameters.floor',
        'testParameters.maxDrawdown',
      ]),
    );
    expect((await call('get', rule('bad-rule'))).status).toBe(404);
  });

  it('refuses parameter values the category or the JSON bounds refuse, overlong or deeply nested, with 400', async () => {
    const raw = (ruleId: string, testParameters: string) =>
      JSON.stringify({ ...newRule, ruleId, testParameters: 'PARAMETERS' }).replace(
        '"PARAMETERS"',
        testParameters,
      );
    const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    const bodies = [
      raw('nested-0', '{"maxDrawdown":2500,"resetType":"eod","lockOffset":{"a":{"b":1}}}'),
      raw('nested-1', `{"maxDrawdown":2500,"resetType":"${'x'.repeat(10_001)}"}`),
      raw('nested-2', `{"maxDrawdown":${nested(20)},"resetType":"eod"}`),
      raw('nested-3', `{"maxDrawdown":${nested(100_000)},"resetType":"eod"}`),
    ];

    const answers = await Promise.all(bodies.map((rawBody) => call('create', { rawBody })));

    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    // The deepest body parses (JSON.parse does not recurse) and is refused by the schema, naming the
    // field, like the shallow one.
    expect(answers.map((answer) => answer.body.error.details[0].field)).toEqual([
      'testParameters.lockOffset',
      'testParameters.resetType',
      'testParameters.maxDrawdown',
      'testParameters.maxDrawdown',
    ]);
    expect((await call('get', rule('nested-2'))).status).toBe(404);
  });

  it('refuses an unknown key in a nested parameter object, naming its path, and writes nothing', async () => {
    const news = {
      ...newRule,
      ruleId: 'news-typo',
      type: 'violation',
      category: 'news-trading',
      testClassName: 'NewsTradingRule',
      testParameters: {
        newsEvents: [{ title: 'CPI', date: '2026-03-11', time: '08:30', timeZone: 'Central' }],
        bufferMinutes: 2,
      },
    };
    const size = {
      ...newRule,
      ruleId: 'size-typo',
      type: 'violation',
      category: 'position-size',
      testClassName: 'PositionSizeRule',
      testParameters: { maxPositionSize: 5, instruments: [{ symbol: 'MES', positionFactr: 0.1 }] },
    };

    const answers = [await call('create', { body: news }), await call('create', { body: size })];

    expect(answers.map((answer) => answer.status)).toEqual([400, 400]);
    expect(answers.map((answer) => answer.body.error.details)).toEqual([
      [
        {
          field: 'testParameters.newsEvents.0.timeZone',
          message: expect.stringMatching(/timeZone/),
        },
      ],
      [
        {
          field: 'testParameters.instruments.0.positionFactr',
          message: expect.stringMatching(/positionFactr/),
        },
      ],
    ]);
    expect((await call('get', rule('news-typo'))).status).toBe(404);
    const stored = (await call('get', rule('max-position-size'))).body;
    const update = await call('update', {
      ...rule('max-position-size'),
      body: {
        ...stored,
        testParameters: {
          ...stored.testParameters,
          instruments: [{ symbol: 'MES', positionFactr: 0.1 }],
        },
      },
    });
    expect(update.status).toBe(400);
    expect(update.body.error.details[0].field).toBe('testParameters.instruments.0.positionFactr');
  });

  it('replaces a rule whole, keeping its creation time; the id cannot change', async () => {
    await call('create', { body: newRule });
    const stored = (await call('get', rule(newRule.ruleId))).body;

    const answer = await call('update', {
      ...rule(newRule.ruleId),
      body: { ...stored, _id: newRule.ruleId, name: 'Renamed Drawdown' },
    });
    const renamed = await call('update', {
      ...rule(newRule.ruleId),
      body: { ...stored, ruleId: 'other-id' },
    });
    const unknown = await call('update', { ...rule('nope'), body: { ...stored, ruleId: 'nope' } });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Renamed Drawdown', createdAt: stored.createdAt });
    expect(renamed.status).toBe(400);
    expect(unknown.status).toBe(404);
  });

  it('refuses a change that would leave the overrides of a program unfit for the rule', async () => {
    const stored = (await call('get', rule('drawdown-eod'))).body;

    const answer = await call('update', {
      ...rule('drawdown-eod'),
      body: {
        ...stored,
        category: 'daily-loss',
        testParameters: { maxDailyLoss: 1000 },
      },
    });

    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toMatch(
      /^Rule drawdown-eod cannot change so: the overrides programs give it would not fit: EVAL50K \(evaluation\): EOD Trailing Drawdown: A daily-loss rule has no parameter maxDrawdown/,
    );
    await expect(ruleRepository.get('drawdown-eod')).resolves.toMatchObject({
      category: 'drawdown',
    });
  });

  it('opens and saves every demo rule unchanged (round trip)', async () => {
    for (const { ruleId } of seededRules()) {
      const loaded = (await call('get', rule(ruleId))).body;

      const saved = await call('update', { ...rule(ruleId), body: loaded });

      expect(saved.status).toBe(200);
      const { updatedAt: _before, ...was } = loaded;
      const { updatedAt: _after, ...is } = (await call('get', rule(ruleId))).body;
      expect(is).toEqual(was);
    }
  });

  it('refuses to delete a rule a program phase uses, naming the programs', async () => {
    const answer = await call('remove', rule('max-position-size'));

    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toBe(
      `Rule max-position-size is in use: 6 programs use it (${seededPrograms()
        .map((program) => program.prefix)
        .sort()
        .join(', ')})`,
    );
    expect((await call('get', rule('max-position-size'))).status).toBe(200);
  });

  it('refuses to delete a rule an older version still traded by accounts uses', async () => {
    const program = demoProgram('DEMO50K');
    await putAccounts([accountOn('DEMO50K-0001', 'DEMO50K')]);
    await programRepository.saveVersion({
      ...program,
      version: 2,
      phases: program.phases.map((entry) => ({
        ...entry,
        rules: {
          ...entry.rules,
          rules: entry.rules.rules.filter((ref) => ref.ruleId !== 'drawdown-static'),
        },
      })),
    });
    await programRepository.saveVersion({
      ...(await programRepository.getCurrent('LIVE100K'))!,
      version: 2,
      phases: [],
    });

    let answer: Awaited<ReturnType<typeof call>> | undefined;
    // The versions in use come from the programs' kept counts: no account is read.
    const accountReads = await accountGroupQueries(async () => {
      answer = await call('remove', rule('drawdown-static'));
    });

    expect(answer!.status).toBe(409);
    expect(answer!.body.error.message).toBe(
      'Rule drawdown-static is in use: accounts still trade older versions that use it: DEMO50K version 1 (1 account)',
    );
    expect(accountReads).toBe(0);
  });

  it('deletes an unused rule; an unknown one is 404', async () => {
    const answer = await call('remove', rule('news-blackout'));
    const unknown = await call('remove', rule('news-blackout'));

    expect(answer).toEqual({
      status: 200,
      body: { success: true, message: 'Rule news-blackout deleted' },
    });
    expect(unknown.status).toBe(404);
    await expect(ruleRepository.get('news-blackout')).resolves.toBeUndefined();
  });
});

describe('the rules of a program phase', () => {
  useFreshTable({ perTest: true, seed: seedCatalogue });

  /** EVAL100K version 2: its evaluation phase gains `inactivity-30`. */
  async function addInactivityToEval100k() {
    const answer = await call('assign', {
      ...phase('EVAL100K', 'evaluation'),
      body: { ruleId: 'inactivity-30' },
    });
    expect(answer.status).toBe(201);
    return answer;
  }

  it('answers every phase of the current version with its references and their definitions', async () => {
    await ruleRepository.delete('flat-by-close');

    const answer = await call('program', { pathParameters: { prefix: 'eval50k' } });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      programId: 'EVAL50K',
      version: 1,
      currentPhase: 'evaluation',
    });
    const [evaluation] = answer.body.phases;
    expect(evaluation).toMatchObject({ phaseId: 'evaluation', evaluationOrder: 'priority' });
    expect(evaluation.rules[0]).toMatchObject({
      ruleId: 'drawdown-eod',
      parameterOverrides: { maxDrawdown: 2000 },
      definition: { name: 'EOD Trailing Drawdown' },
    });
    const missing = evaluation.rules.find(
      (entry: { ruleId: string }) => entry.ruleId === 'flat-by-close',
    );
    expect(missing.definition).toBeNull();
    expect((await call('program', { pathParameters: { prefix: 'NOPE' } })).status).toBe(404);
  });

  it('adds a reference as a new program version, starting enabled at priority 100', async () => {
    const answer = await addInactivityToEval100k();

    expect(answer.body).toMatchObject({ programId: 'EVAL100K', phaseId: 'evaluation', version: 2 });
    expect(answer.body.rules.at(-1)).toEqual({
      ruleId: 'inactivity-30',
      // Decision 36: the new program version pins the rule's current version.
      ruleVersion: 1,
      enabled: true,
      priority: 100,
      parameterOverrides: {},
      customMessages: {},
    });
    await expect(programRepository.getVersion('EVAL100K', 1)).resolves.toMatchObject({
      version: 1,
    });
  });

  it('refuses a rule already in the phase (409), an unknown rule (400), unknown phase or program (404)', async () => {
    await addInactivityToEval100k();

    const twice = await call('assign', {
      ...phase('EVAL100K', 'evaluation'),
      body: { ruleId: 'inactivity-30' },
    });
    const unknownRule = await call('assign', {
      ...phase('EVAL100K', 'evaluation'),
      body: { ruleId: 'nope' },
    });
    const unknownPhase = await call('assign', {
      ...phase('EVAL100K', 'funded'),
      body: { ruleId: 'news-blackout' },
    });
    const unknownProgram = await call('assign', {
      ...phase('NOPE', 'evaluation'),
      body: { ruleId: 'news-blackout' },
    });

    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(
      'Rule inactivity-30 is already in phase evaluation of program EVAL100K',
    );
    expect(unknownRule.status).toBe(400);
    expect(unknownRule.body.error.details).toEqual([
      { field: 'ruleId', message: 'Unknown rule nope' },
    ]);
    expect(unknownPhase.status).toBe(404);
    expect(unknownProgram.status).toBe(404);
    expect((await programRepository.getCurrent('EVAL100K'))!.version).toBe(2);
  });

  it('refuses overrides that do not fit the rule and a priority out of 1 to 1000', async () => {
    const override = await call('assign', {
      ...phase('EVAL100K', 'evaluation'),
      body: { ruleId: 'news-blackout', parameterOverrides: { bufferMinutes: 'soon' } },
    });
    const priority = await call('assign', {
      ...phase('EVAL100K', 'evaluation'),
      body: { ruleId: 'news-blackout', priority: 1001 },
    });

    expect(override.status).toBe(400);
    expect(override.body.error.details[0].field).toBe('parameterOverrides.bufferMinutes');
    expect(priority.status).toBe(400);
    expect(priority.body.error.details).toEqual([
      { field: 'priority', message: 'Priority must be between 1 and 1000' },
    ]);
  });

  it('refuses an override with an unknown key in a nested object when adding or changing a reference', async () => {
    const add = await call('assign', {
      ...phase('EVAL100K', 'evaluation'),
      body: {
        ruleId: 'news-blackout',
        parameterOverrides: {
          newsEvents: [{ date: '2026-03-11', time: '08:30', timeZone: 'Central' }],
        },
      },
    });
    const change = await call('change', {
      ...phase('EVAL100K', 'evaluation', 'max-position-size'),
      body: { parameterOverrides: { instruments: [{ symbol: 'MES', positionFactr: 0.1 }] } },
    });

    expect(add.status).toBe(400);
    expect(add.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
      'parameterOverrides.newsEvents.0.timeZone',
    ]);
    expect(change.status).toBe(400);
    expect(change.body.error.details.map((detail: { field: string }) => detail.field)).toEqual([
      'parameterOverrides.instruments.0.positionFactr',
    ]);
  });

  it('changes the settings of a reference, keeping what the body leaves out', async () => {
    const answer = await call('change', {
      ...phase('EVAL100K', 'evaluation', 'drawdown-trailing'),
      body: {
        priority: 5,
        parameterOverrides: { maxDrawdown: 2500 },
        customMessages: { failure: 'Below the floor by {actual}' },
        actionOverride: 'liquidation',
      },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.version).toBe(2);
    expect(answer.body.rules[0]).toEqual({
      ruleId: 'drawdown-trailing',
      ruleVersion: 1,
      enabled: true,
      priority: 5,
      parameterOverrides: { maxDrawdown: 2500 },
      customMessages: { failure: 'Below the floor by {actual}' },
      actionOverride: 'liquidation',
    });
    const cleared = await call('change', {
      ...phase('EVAL100K', 'evaluation', 'drawdown-trailing'),
      body: { enabled: false, actionOverride: null },
    });
    expect(cleared.body.rules[0]).toEqual({
      ruleId: 'drawdown-trailing',
      ruleVersion: 1,
      enabled: false,
      priority: 5,
      parameterOverrides: { maxDrawdown: 2500 },
      customMessages: { failure: 'Below the floor by {actual}' },
    });
  });

  it('refuses to change a reference the phase lacks (404) or with a bad override (400)', async () => {
    const absent = await call('change', {
      ...phase('EVAL100K', 'evaluation', 'news-blackout'),
      body: { priority: 3 },
    });
    const bad = await call('change', {
      ...phase('EVAL100K', 'evaluation', 'drawdown-trailing'),
      body: { parameterOverrides: { resetType: 'weekly' } },
    });
    const unknownField = await call('change', {
      ...phase('EVAL100K', 'evaluation', 'drawdown-trailing'),
      body: { ruleId: 'other' },
    });

    expect(absent.status).toBe(404);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('parameterOverrides.resetType');
    expect(unknownField.status).toBe(400);
  });

  it('removes a reference as a new version; removing it again is 404', async () => {
    await addInactivityToEval100k();

    const answer = await call('unassign', phase('EVAL100K', 'evaluation', 'inactivity-30'));
    const again = await call('unassign', phase('EVAL100K', 'evaluation', 'inactivity-30'));

    expect(answer.status).toBe(200);
    expect(ids(answer.body)).not.toContain('inactivity-30');
    expect(answer.body.version).toBe(3);
    expect(again.status).toBe(404);
  });

  it('applies concurrent changes of one phase one after the other, losing none', async () => {
    const answers = await Promise.all(
      ['news-blackout', 'daily-loss-pause', 'consistency-weekly'].map((ruleId) =>
        call('assign', { ...phase('DEMO50K', 'demo'), body: { ruleId } }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const current = await programRepository.getCurrent('DEMO50K');
    expect(current!.version).toBe(4);
    expect(current!.phases[0]!.rules.rules.map((ref) => ref.ruleId)).toEqual(
      expect.arrayContaining(['news-blackout', 'daily-loss-pause', 'consistency-weekly']),
    );
  });
});

import { buildEvidencePack, type StoredEvidenceDay } from '@shared/evidence/build-pack';
import { canonicalJson, canonicalSha256, sha256Hex } from '@shared/evidence/canonical-json';
import { type EvidencePack, type EvidenceProgram } from '@shared/evidence/evidence-pack';
import { firstDifference, formatEvidenceReport, verifyEvidencePack } from '@shared/evidence/verify';
import { createRulesEngine } from '@shared/rules/engine';
import type { EngineState } from '@shared/rules/engine-state';
import type { DayInput } from '@shared/rules/day-input';
import { definition, phaseWith } from '../rules/fixtures';

const rules = [
  definition({ category: 'drawdown', params: { maxDrawdown: 2000, resetType: 'eod' } }),
  definition({ category: 'profit-target', params: { target: 3000, type: 'absolute' } }),
];
const program: EvidenceProgram = {
  key: 'EVAL#2#phase-1',
  prefix: 'EVAL',
  name: 'Evaluation',
  version: 2,
  phaseId: 'phase-1',
  phase: phaseWith(rules.map((rule) => ({ ruleId: rule.ruleId }))),
  rules,
};

const row = (date: string, AcctBal: number, NetPnl: number, LowPnl = Math.min(NetPnl, 0)) => ({
  date,
  performance: { AcctBal, NetPnl, LowPnl, Trades: 2 },
  fills: [],
  trades: [{ Symbol: 'ESZ6', Pnl: NetPnl }],
});

/** Days judged as the back end judges them, each with the key that judged it. */
function judged(days: Array<ReturnType<typeof row> & { judgedBy: string }>): StoredEvidenceDay[] {
  const engine = createRulesEngine({ phase: program.phase, definitions: rules });
  let prior: { state: EngineState; judgedBy: string } | undefined;
  return days.map((day) => {
    const start =
      prior?.judgedBy === day.judgedBy ? prior.state : engine.initialState({ startDate: day.date });
    const { state, conformance } = engine.evaluateDay(start, day as DayInput);
    prior = { state, judgedBy: day.judgedBy };
    return { ...day, state, conformance };
  });
}

const key = program.key;
const reset = `${program.key}#reset1`;
// Fails on 11/05 (the intraday low 48,200 is under the floor of 48,400: the 50,400 peak less 2,000),
// then a staff reset restarts the phase.
const stored = judged([
  { ...row('20261103', 50_400, 400), judgedBy: key },
  { ...row('20261104', 50_100, -300), judgedBy: key },
  { ...row('20261105', 48_600, -1_500, -1_900), judgedBy: key },
  { ...row('20261106', 50_200, 200), judgedBy: reset },
  { ...row('20261109', 50_500, 300), judgedBy: reset },
]);

const packOf = async (scope: EvidencePack['scope'] = { kind: 'account' }) =>
  (await buildEvidencePack({
    accountId: 'EVAL-000001',
    traderId: 'TR000001',
    generatedAt: '2026-11-10T12:00:00.000Z',
    scope,
    programs: [program],
    days: stored,
  }))!;

describe('canonical JSON and its hash', () => {
  it('sorts keys, drops undefined members and writes no whitespace', () => {
    expect(canonicalJson({ b: [1, 2.5, { d: null, c: 'x' }], a: true, z: undefined })).toBe(
      '{"a":true,"b":[1,2.5,{"c":"x","d":null}]}',
    );
    expect(canonicalJson({ é: 1, Z: 2, a: -0.1 })).toBe('{"Z":2,"a":-0.1,"é":1}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
  });

  it('hashes UTF-8 bytes with SHA-256', async () => {
    await expect(sha256Hex('abc')).resolves.toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    await expect(canonicalSha256({ b: 1, a: 2 })).resolves.toBe(await sha256Hex('{"a":2,"b":1}'));
  });
});

describe('verifying an evidence pack', () => {
  it('recomputes every day, restarting at a reset, and prints "same verdict"', async () => {
    const pack = await packOf();
    const report = await verifyEvidencePack(JSON.parse(JSON.stringify(pack)));

    expect(report).toMatchObject({ ok: true, daysRecomputed: 5, difference: null });
    expect(formatEvidenceReport(report).at(-1)).toBe('same verdict');
    // After the reset the verdict is the new run's: active, the earlier failure not carried.
    expect(pack.verdict).toMatchObject({ status: 'active', failedDate: null, violations: [] });
  });

  it('limits a breach pack to the breach day and the days its state came from', async () => {
    const pack = await packOf({ kind: 'breach', date: '20261105' });

    expect(pack.inputs.days.map((day) => day.date)).toEqual(['20261103', '20261104', '20261105']);
    expect(pack.verdict).toMatchObject({ status: 'failed', failedDate: '20261105' });
    expect(pack.verdict.decisiveBreach).toMatchObject({ ruleId: 'drawdown', date: '20261105' });
    expect((await verifyEvidencePack(pack)).ok).toBe(true);
    await expect(packOf({ kind: 'breach', date: '20261104' })).resolves.toBeUndefined();
  });

  it('verifies a pack made when the state carried every violation in a list (state version 1)', async () => {
    const pack = await packOf();
    // As that engine wrote it: each day's state and report list every breach of its run so far.
    let list: unknown[] = [];
    const old = JSON.parse(JSON.stringify(pack)) as {
      engine: EvidencePack['engine'];
      computed: Array<{
        state: Record<string, unknown> | null;
        conformance: { violations: unknown[]; newViolations: unknown[] } | null;
      }>;
    };
    old.engine = { ...old.engine, stateVersion: 1 };
    old.computed.forEach((day, index) => {
      if (
        index > 0 &&
        pack.inputs.days[index]!.judgedBy !== pack.inputs.days[index - 1]!.judgedBy
      ) {
        list = [];
      }
      list = [...list, ...(day.conformance?.newViolations ?? [])];
      if (day.conformance) day.conformance.violations = list;
      if (day.state) {
        const { violationLog: _log, ...rest } = day.state;
        day.state = { ...rest, version: 1, violations: list };
      }
    });
    expect(old.computed[2]!.state).toMatchObject({ version: 1, violations: [expect.anything()] });

    const report = await verifyEvidencePack(old);
    expect(report).toMatchObject({ ok: true, difference: null });
    expect(formatEvidenceReport(report).at(-1)).toBe('same verdict');
  });

  it('lists every breach of the phase in the verdict, read back from the days', async () => {
    const days = judged([
      { ...row('20261103', 49_000, -1_000, -1_000), judgedBy: key },
      { ...row('20261104', 47_500, -1_500, -2_000), judgedBy: key },
      { ...row('20261105', 46_000, -1_500, -2_000), judgedBy: key },
    ]);
    const pack = (await buildEvidencePack({
      accountId: 'EVAL-000001',
      traderId: 'TR000001',
      generatedAt: '2026-11-10T12:00:00.000Z',
      scope: { kind: 'account' },
      programs: [program],
      days,
    }))!;
    const all = days.flatMap((day) => day.conformance?.newViolations ?? []);
    expect(all.length).toBeGreaterThan(0);
    expect(pack.verdict.violations).toEqual(JSON.parse(JSON.stringify(all)));
    expect((await verifyEvidencePack(pack)).ok).toBe(true);
  });

  it('names the first day and field where a changed input leads, even with the hash made again', async () => {
    const pack = structuredClone(await packOf());
    // The low moved up to 48,500: above the floor, so no breach.
    pack.inputs.days[2]!.performance.LowPnl = -1_600;
    pack.inputsSha256 = await canonicalSha256(pack.inputs);

    const report = await verifyEvidencePack(pack);

    expect(report.hash?.ok).toBe(true);
    expect(report.ok).toBe(false);
    expect(report.difference).toEqual({
      date: '20261105',
      field: 'conformance.phaseFailedDate',
      pack: '20261105',
      recomputed: null,
    });
    expect(formatEvidenceReport(report).at(-1)).toBe(
      'first difference on 11/05/2026 (20261105): conformance.phaseFailedDate: pack "20261105", recomputed null',
    );
  });

  it('reports a stated figure the inputs do not give, and a hash that does not match', async () => {
    const edited = structuredClone(await packOf());
    edited.computed[1]!.state!.balanceCents += 1;
    const report = await verifyEvidencePack(edited);
    expect(report.difference).toEqual({
      date: '20261104',
      field: 'state.balanceCents',
      pack: 5_010_001,
      recomputed: 5_010_000,
    });

    const forged = structuredClone(await packOf());
    forged.inputsSha256 = '0'.repeat(64);
    const forgedReport = await verifyEvidencePack(forged);
    expect(forgedReport).toMatchObject({ ok: false, difference: null, hash: { ok: false } });
    expect(formatEvidenceReport(forgedReport).join('\n')).toContain('inputs SHA-256 differs');
  });

  it('refuses a file that is not a pack, naming the fields', async () => {
    const report = await verifyEvidencePack({ format: 'deskline-evidence', inputs: {} });
    expect(report.ok).toBe(false);
    expect(report.invalid).toEqual(expect.arrayContaining([expect.stringMatching(/^accountId: /)]));
  });

  it('finds the first difference in arrays and nested objects', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] }, '')).toEqual({
      field: 'a[1].b',
      pack: 2,
      recomputed: 3,
    });
    expect(
      firstDifference(
        { rules: [{ ruleId: 'drawdown', v: 1 }] },
        { rules: [{ ruleId: 'drawdown', v: 2 }] },
        '',
      ),
    ).toEqual({ field: 'rules[0:drawdown].v', pack: 1, recomputed: 2 });
    expect(firstDifference([1], [1, 2], 'x')).toEqual({
      field: 'x.length',
      pack: 1,
      recomputed: 2,
    });
    expect(firstDifference({ a: 1, b: undefined }, { a: 1 }, '')).toBeUndefined();
  });
});

describe('an evidence pack of a funded account with payouts', () => {
  const fundedRules = [
    definition({ category: 'drawdown', params: { maxDrawdown: 2000, resetType: 'eod' } }),
    definition({ category: 'trading-days', params: { minDays: 3 } }),
    definition({ category: 'consistency', params: { minConsistency: 0.5, period: 'daily' } }),
  ];
  const funded: EvidenceProgram = {
    ...program,
    key: 'FUND#1#phase-1',
    prefix: 'FUND',
    version: 1,
    phase: phaseWith(
      fundedRules.map((rule) => ({ ruleId: rule.ruleId })),
      { payoutEligible: true },
    ),
    rules: fundedRules,
  };
  const payoutDates = ['20261104'];
  const fundedDays = (() => {
    const engine = createRulesEngine({ phase: funded.phase, definitions: fundedRules });
    let state = engine.initialState({ startDate: '20261102' });
    return [
      row('20261102', 50_400, 400),
      row('20261103', 50_700, 300),
      row('20261104', 51_000, 300),
      row('20261105', 51_200, 200),
      row('20261106', 51_300, 100),
    ].map((day): StoredEvidenceDay => {
      const result = engine.evaluateDay(state, { ...day, payoutDates } as DayInput);
      state = result.state;
      return { ...day, judgedBy: funded.key, state, conformance: result.conformance };
    });
  })();
  const fundedPack = async (dates?: readonly string[]) =>
    (await buildEvidencePack({
      accountId: 'FUND-000001',
      traderId: 'TR000001',
      generatedAt: '2026-11-10T12:00:00.000Z',
      scope: { kind: 'account' },
      programs: [funded],
      days: fundedDays,
      payoutDates: dates,
    }))!;

  it('carries the payout dates it was judged with, and the verifier says "same verdict"', async () => {
    const pack = await fundedPack(payoutDates);

    expect(pack.inputs.payoutDates).toEqual(['20261104']);
    // The days after the payout count from it: two payout days on 11/06, not five.
    expect(pack.computed[4]!.conformance!.rules[1]!.currentValue).toBe(2);
    const report = await verifyEvidencePack(JSON.parse(JSON.stringify(pack)));
    expect(report).toMatchObject({ ok: true, daysRecomputed: 5, difference: null });
    expect(formatEvidenceReport(report).at(-1)).toBe('same verdict');
  });

  it('without them the recomputation differs on the first day after the payout', async () => {
    const pack = await fundedPack();

    expect('payoutDates' in pack.inputs).toBe(false);
    const report = await verifyEvidencePack(JSON.parse(JSON.stringify(pack)));
    expect(report.ok).toBe(false);
    expect(report.difference?.date).toBe('20261105');
  });

  it('the payout dates are covered by the hash', async () => {
    const pack = structuredClone(await fundedPack(payoutDates));
    pack.inputs.payoutDates = ['20261103'];

    const report = await verifyEvidencePack(pack);
    expect(report).toMatchObject({ ok: false, hash: { ok: false } });
  });
});

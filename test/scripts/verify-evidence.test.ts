import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEvidencePack } from '@shared/evidence/build-pack';
import { createRulesEngine } from '@shared/rules/engine';
import { main } from '../../scripts/verify-evidence';
import { phaseSchema } from '@shared/programs/program';
import { ruleDefinitionSchema } from '@shared/rules/rule-definition';

const rules = [
  ruleDefinitionSchema.parse({
    ruleId: 'daily-loss',
    name: 'Daily loss',
    description: 'At most $1,000 lost in a day',
    category: 'daily-loss',
    action: { type: 'termination', description: 'Fails the account' },
    testClassName: 'RuleTest',
    testParameters: { maxDailyLoss: 1000 },
    successMessage: 'OK: {actual} of {target}',
    failureMessage: 'Failed: {actual} against {target}',
  }),
];
const phase = phaseSchema.parse({
  phaseId: 'phase-1',
  phaseName: 'Phase 1',
  type: 'evaluation',
  accountSize: 50_000,
  startingBalance: 50_000,
  rules: { programId: 'EVAL', phaseId: 'phase-1', rules: [{ ruleId: 'daily-loss' }] },
});

async function packFile(dir: string, edit: (pack: any) => void = () => {}): Promise<string> {
  const engine = createRulesEngine({ phase, definitions: rules });
  const input = {
    date: '20261102',
    performance: { AcctBal: 48_800, NetPnl: -1_200, Trades: 3 },
    fills: [],
    trades: [],
  };
  const { state, conformance } = engine.evaluateDay(engine.initialState(), input);
  const pack: any = await buildEvidencePack({
    accountId: 'EVAL-000009',
    traderId: 'TR000009',
    generatedAt: '2026-11-03T00:00:00.000Z',
    scope: { kind: 'account' },
    programs: [
      {
        key: 'EVAL#1#phase-1',
        prefix: 'EVAL',
        name: 'Eval',
        version: 1,
        phaseId: 'phase-1',
        phase,
        rules,
      },
    ],
    days: [{ ...input, judgedBy: 'EVAL#1#phase-1', state, conformance }],
  });
  edit(pack);
  const path = join(dir, 'pack.json');
  writeFileSync(path, JSON.stringify(pack, null, 2));
  return path;
}

describe('npm run verify-evidence', () => {
  let dir: string;
  let out: string[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'verify-evidence-'));
    out = [];
    jest.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    jest.spyOn(console, 'error').mockImplementation((line: string) => void out.push(line));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints "same verdict" and exits 0 for an untouched pack', async () => {
    await expect(main([await packFile(dir)])).resolves.toBe(0);
    expect(out.at(-1)).toBe('same verdict');
  });

  it('prints the first difference and exits 1 when an input number was changed', async () => {
    const path = await packFile(dir, (pack) => {
      pack.inputs.days[0].performance.NetPnl = -900;
    });

    await expect(main([path])).resolves.toBe(1);
    expect(out.join('\n')).toContain('inputs SHA-256 differs');
    expect(out.at(-1)).toBe(
      'first difference on 11/02/2026 (20261102): conformance.phaseFailedDate: pack "20261102", recomputed null',
    );
  });

  it('exits 2 with the usage, or for a file that is not a pack', async () => {
    await expect(main([])).resolves.toBe(2);
    expect(out[0]).toMatch(/^Usage: npm run verify-evidence -- /);
    const path = join(dir, 'other.json');
    writeFileSync(path, '{"hello":1}');
    await expect(main([path])).resolves.toBe(2);
    expect(out).toContain('not an evidence pack:');
  });
});

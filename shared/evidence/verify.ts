import { displayDate } from '../common/display-date';
import type { Conformance, Violation } from '../rules/conformance';
import { createRulesEngine, type RulesEngine } from '../rules/engine';
import type { EngineState } from '../rules/engine-state';
import { canonicalJson, canonicalSha256 } from './canonical-json';
import { verdictOf } from './build-pack';
import { ENGINE_VERSION, evidencePackSchema, type EvidencePack } from './evidence-pack';

/** The first place where the pack and the recomputation part. */
export interface EvidenceDifference {
  /** The day (YYYYMMDD), or null for the pack's overall verdict. */
  date: string | null;
  /** Path of the field: `conformance.phaseFailedDate`, `state.balanceCents`, `verdict.status`... */
  field: string;
  pack: unknown;
  recomputed: unknown;
}

export interface EvidenceReport {
  /** The hash matched and every day and the verdict recomputed the same. */
  ok: boolean;
  /** Why the file is not a pack (schema problems), when it is not. */
  invalid: string[];
  hash: { ok: boolean; stated: string; computed: string } | null;
  /** The engine that made the pack, when it is not this verifier's. */
  otherEngine: EvidencePack['engine'] | null;
  daysRecomputed: number;
  difference: EvidenceDifference | null;
}

/** Fields compared first, so the first difference reported is the one that matters most. */
const FIRST_FIELDS = [
  'phaseFailedDate',
  'phasePassedDate',
  'failedDate',
  'passedDate',
  'status',
  'overallStatus',
  'decisiveBreach',
  'newViolations',
  'violations',
  'rules',
];

function orderedKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  const first = FIRST_FIELDS.filter((key) => keys.has(key));
  const rest = [...keys].filter((key) => !FIRST_FIELDS.includes(key)).sort();
  return [...first, ...rest];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `rules[3:daily-loss]`: an element's index, and the rule it is about when it names one. */
function elementPath(path: string, index: number, items: readonly unknown[]): string {
  const item = items[index];
  const ruleId = isRecord(item) && typeof item.ruleId === 'string' ? `:${item.ruleId}` : '';
  return `${path}[${index}${ruleId}]`;
}

/** The first path where two JSON values differ, with both values there; undefined when equal. */
export function firstDifference(
  pack: unknown,
  recomputed: unknown,
  path: string,
): { field: string; pack: unknown; recomputed: unknown } | undefined {
  if (Array.isArray(pack) && Array.isArray(recomputed)) {
    for (let index = 0; index < Math.min(pack.length, recomputed.length); index += 1) {
      const found = firstDifference(pack[index], recomputed[index], elementPath(path, index, pack));
      if (found) return found;
    }
    return pack.length === recomputed.length
      ? undefined
      : { field: `${path}.length`, pack: pack.length, recomputed: recomputed.length };
  }
  if (isRecord(pack) && isRecord(recomputed)) {
    for (const key of orderedKeys(pack, recomputed)) {
      const found = firstDifference(pack[key], recomputed[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  }
  return canonicalJson(pack ?? null) === canonicalJson(recomputed ?? null)
    ? undefined
    : { field: path, pack: pack ?? null, recomputed: recomputed ?? null };
}

/** As the JSON file has it: undefined members left out. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

interface RecomputedDay {
  date: string;
  state: EngineState | null;
  conformance: Conformance | null;
}

/**
 * Every day of the pack judged again from its inputs alone, as the back end judged it: each program
 * phase's engine is built from the pack's own definitions, and a day starts from the state of the day
 * before only when both were judged by the same key (`judgedBy`), else from the phase's starting
 * balance (a new program version or phase, or a staff reset). The pack's payout dates open the
 * windows since the last payout as they opened when the days were judged.
 */
export function recomputeDays(pack: EvidencePack): RecomputedDay[] {
  const engines = new Map<string, RulesEngine>();
  const engineOf = (key: string): RulesEngine => {
    let engine = engines.get(key);
    if (!engine) {
      const program = pack.inputs.programs.find((entry) => entry.key === key);
      if (!program) throw new Error(`The pack holds no program ${key}`);
      engine = createRulesEngine({ phase: program.phase, definitions: program.rules });
      engines.set(key, engine);
    }
    return engine;
  };
  const days: RecomputedDay[] = [];
  let prior: { state: EngineState; judgedBy: string } | undefined;
  for (const day of pack.inputs.days) {
    if (day.judgedBy === null || day.program === null) {
      days.push({ date: day.date, state: null, conformance: null });
      prior = undefined;
      continue;
    }
    const engine = engineOf(day.program);
    const state =
      prior?.judgedBy === day.judgedBy ? prior.state : engine.initialState({ startDate: day.date });
    const result = engine.evaluateDay(state, {
      date: day.date,
      performance: day.performance,
      fills: day.fills,
      trades: day.trades,
      payoutDates: pack.inputs.payoutDates,
    });
    days.push({ date: day.date, state: result.state, conformance: result.conformance });
    prior = { state: result.state, judgedBy: day.judgedBy };
  }
  return days;
}

/**
 * A day's report as a pack made before the engine state kept its violations in aggregates (state
 * version 1) would read now: that engine listed every breach so far in `violations`, this one each
 * breached rule's latest and the decisive breach (docs/rules-engine.md). Both are read from the
 * pack's own list, so the comparison stays one of what the engines decided.
 */
function withBoundedViolations(conformance: Conformance | null): Conformance | null {
  if (!conformance) return conformance;
  const list = conformance.violations;
  const failedDate = conformance.phaseFailedDate;
  const decisive =
    failedDate === null
      ? undefined
      : list.find((violation) => violation.date === failedDate && !violation.soft);
  const latest = new Map<string, Violation>();
  for (const violation of list) latest.set(violation.ruleId, violation);
  return {
    ...conformance,
    violations: list.filter(
      (violation) => latest.get(violation.ruleId) === violation || violation === decisive,
    ),
  };
}

/**
 * Verifies a pack (the parsed JSON of the file): its inputs hash to `inputsSha256`, and recomputing
 * every day from the inputs gives the pack's state and conformance of each day and its verdict.
 * Uses the shared engine only: no network, no AWS.
 */
export async function verifyEvidencePack(file: unknown): Promise<EvidenceReport> {
  const parsed = evidencePackSchema.safeParse(file);
  if (!parsed.success) {
    return {
      ok: false,
      invalid: parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
      ),
      hash: null,
      otherEngine: null,
      daysRecomputed: 0,
      difference: null,
    };
  }
  const pack = parsed.data;
  // The hash is over the inputs exactly as the file has them, not as the schema read them.
  const computedHash = await canonicalSha256((file as { inputs: unknown }).inputs);
  const hash = {
    ok: computedHash === pack.inputsSha256,
    stated: pack.inputsSha256,
    computed: computedHash,
  };
  const sameEngine =
    pack.engine.name === ENGINE_VERSION.name &&
    pack.engine.release === ENGINE_VERSION.release &&
    pack.engine.stateVersion === ENGINE_VERSION.stateVersion;
  let difference: EvidenceDifference | null = null;
  let daysRecomputed = 0;
  try {
    const recomputed = recomputeDays(pack);
    daysRecomputed = recomputed.length;
    const packed = asJson(pack.computed) as RecomputedDay[];
    const stored =
      pack.engine.stateVersion < 2
        ? packed.map((day) => ({ ...day, conformance: withBoundedViolations(day.conformance) }))
        : packed;
    if (stored.length !== recomputed.length) {
      difference = {
        date: null,
        field: 'computed.length',
        pack: stored.length,
        recomputed: recomputed.length,
      };
    }
    for (let index = 0; !difference && index < recomputed.length; index += 1) {
      const mine = asJson(recomputed[index]) as RecomputedDay;
      const theirs = stored[index]!;
      const found =
        firstDifference(theirs.date, mine.date, 'date') ??
        firstDifference(theirs.conformance, mine.conformance, 'conformance') ??
        firstDifference(theirs.state, mine.state, 'state');
      if (found) difference = { date: mine.date, ...found };
    }
    if (!difference) {
      const found = firstDifference(
        asJson(pack.verdict),
        asJson(verdictOf(recomputed, pack.scope)),
        'verdict',
      );
      if (found) difference = { date: null, ...found };
    }
  } catch (error) {
    difference = {
      date: null,
      field: 'inputs',
      pack: 'judgeable days',
      recomputed: `the engine refused them: ${(error as Error).message}`,
    };
  }
  return {
    ok: hash.ok && difference === null,
    invalid: [],
    hash,
    otherEngine: sameEngine ? null : pack.engine,
    daysRecomputed,
    difference,
  };
}

const shown = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/** The report as the verifier prints it, one line each; "same verdict" when everything matched. */
export function formatEvidenceReport(report: EvidenceReport): string[] {
  if (report.invalid.length > 0) {
    return ['not an evidence pack:', ...report.invalid.map((problem) => `  ${problem}`)];
  }
  const lines: string[] = [];
  if (report.otherEngine) {
    const { name, release, stateVersion } = report.otherEngine;
    lines.push(
      `note: made by ${name} ${release} (state v${stateVersion}); recomputed with ` +
        `${ENGINE_VERSION.name} ${ENGINE_VERSION.release} (state v${ENGINE_VERSION.stateVersion})`,
    );
  }
  if (report.hash) {
    lines.push(
      report.hash.ok
        ? `inputs SHA-256 ${report.hash.computed}: matches`
        : `inputs SHA-256 differs: pack ${report.hash.stated}, computed ${report.hash.computed}`,
    );
  }
  lines.push(`${report.daysRecomputed} day${report.daysRecomputed === 1 ? '' : 's'} recomputed`);
  const difference = report.difference;
  if (difference) {
    const where =
      difference.date === null
        ? 'overall'
        : `on ${displayDate(difference.date)} (${difference.date})`;
    lines.push(
      `first difference ${where}: ${difference.field}: pack ${shown(difference.pack)}, ` +
        `recomputed ${shown(difference.recomputed)}`,
    );
  } else if (report.hash?.ok) {
    lines.push('same verdict');
  } else {
    lines.push(
      'same verdict from the inputs as given, but the inputs are not those the hash covers',
    );
  }
  return lines;
}

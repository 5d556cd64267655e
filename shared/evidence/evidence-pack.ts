import * as z from 'zod';
import { calendarDateSchema } from '../common/fields';
import { phaseSchema } from '../programs/program';
import { conformanceSchema, violationSchema } from '../rules/conformance';
import {
  dayFillSchema,
  dayTradeSchema,
  performanceRowSchema,
  tradingDateSchema,
} from '../rules/day-input';
import { engineStateSchema } from '../rules/engine-state';
import { ruleDefinitionSchema } from '../rules/rule-definition';
import { version as releaseVersion } from '../../package.json';

/*
 * The evidence pack of an account (docs/evidence-pack.md): the broker rows every judged day was
 * judged from, the program version and rule definitions that judged it, what the engine computed
 * (state and conformance per day) and the verdict, with a SHA-256 over the inputs. Anyone with the
 * repository recomputes every day from `inputs` alone (scripts/verify-evidence.ts).
 */

export const EVIDENCE_FORMAT = 'deskline-evidence';
export const EVIDENCE_FORMAT_VERSION = 1;

/**
 * The rules engine that computes a pack: the release of this repository and the version of the engine
 * state it stores (shared/rules/engine-state.ts). A verifier of another release still recomputes; it
 * says so, since a difference may then be the engine's own change.
 */
export const ENGINE_VERSION = { name: 'deskline-rules', release: releaseVersion, stateVersion: 2 };

export const engineVersionSchema = z.strictObject({
  name: z.string(),
  release: z.string(),
  stateVersion: z.number().int(),
});
export type EngineVersion = z.infer<typeof engineVersionSchema>;

/** `<prefix>#<version>#<phaseId>`: a program version's phase, the rules a day was judged by. */
export const programKeyOf = (program: { prefix: string; version: number; phaseId: string }) =>
  `${program.prefix}#${program.version}#${program.phaseId}`;

/** One program version's phase as it judged days: its rule references and their pinned definitions. */
export const evidenceProgramSchema = z.strictObject({
  key: z.string().min(1),
  prefix: z.string().min(1),
  name: z.string(),
  version: z.number().int().positive(),
  phaseId: z.string().min(1),
  phase: phaseSchema,
  /** The rule definitions the phase's references name, each at the version the program pins. */
  rules: z.array(ruleDefinitionSchema),
});
export type EvidenceProgram = z.infer<typeof evidenceProgramSchema>;

/** One stored account-day as the engine took it. */
export const evidenceInputDaySchema = z.strictObject({
  date: tradingDateSchema,
  /**
   * What judged the day (`<prefix>#<version>#<phaseId>`, `#reset<N>` after the N-th staff reset);
   * null for a day no program judged. The state carries from one day to the next only while this stays
   * the same; otherwise the day starts from the phase's starting balance.
   */
  judgedBy: z.string().min(1).nullable(),
  /** The key of `inputs.programs` whose rules judged the day; null when `judgedBy` is. */
  program: z.string().min(1).nullable(),
  performance: performanceRowSchema,
  fills: z.array(dayFillSchema),
  trades: z.array(dayTradeSchema),
});
export type EvidenceInputDay = z.infer<typeof evidenceInputDaySchema>;

/** Everything the verdict follows from: what `inputsSha256` covers. */
export const evidenceInputsSchema = z.strictObject({
  accountId: z.string().min(1),
  programs: z.array(evidenceProgramSchema),
  days: z.array(evidenceInputDaySchema),
  /**
   * The dates of the account's paid payouts the days were judged with, oldest first: in a
   * payout-eligible phase the consistency and trading-days windows count after the latest one before
   * each day. Absent when there is none (packs made before payouts read the same).
   */
  payoutDates: z.array(tradingDateSchema).optional(),
});
export type EvidenceInputs = z.infer<typeof evidenceInputsSchema>;

/** What the engine computed for one day, as stored when the day was judged. */
export const evidenceComputedDaySchema = z.strictObject({
  date: tradingDateSchema,
  /** The engine state after the day; null for a day no program judged. */
  state: engineStateSchema.nullable(),
  conformance: conformanceSchema.nullable(),
});
export type EvidenceComputedDay = z.infer<typeof evidenceComputedDaySchema>;

export const evidenceStatusSchema = z.enum(['failed', 'passed', 'active', 'not-judged']);

/** The account's standing after the last day of the pack. */
export const evidenceVerdictSchema = z.strictObject({
  status: evidenceStatusSchema,
  /** The day of the phase's first hard breach, or null. */
  failedDate: tradingDateSchema.nullable(),
  /** The day every benchmark was first met without a hard breach, or null. */
  passedDate: tradingDateSchema.nullable(),
  /** The breach that failed the account (shared/rules/decisive-breach.ts), or null. */
  decisiveBreach: violationSchema.nullable(),
  /** Every breach recorded in the phase; a breach pack only those of its day. */
  violations: z.array(violationSchema),
});
export type EvidenceVerdict = z.infer<typeof evidenceVerdictSchema>;

export const evidenceScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('account') }),
  /** One breach: the days from the start of its judging run up to and including the breach day. */
  z.strictObject({ kind: z.literal('breach'), date: tradingDateSchema }),
]);
export type EvidenceScope = z.infer<typeof evidenceScopeSchema>;

export const evidencePackSchema = z.strictObject({
  format: z.literal(EVIDENCE_FORMAT),
  formatVersion: z.literal(EVIDENCE_FORMAT_VERSION),
  accountId: z.string().min(1),
  traderId: z.string(),
  /** When the pack was made (ISO 8601); not covered by the hash. */
  generatedAt: z.string(),
  scope: evidenceScopeSchema,
  engine: engineVersionSchema,
  inputs: evidenceInputsSchema,
  /** SHA-256 (lower-case hex) of the canonical JSON of `inputs` (canonical-json.ts). */
  inputsSha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Must be 64 lower-case hex digits' }),
  /** One entry per input day, in the same order. */
  computed: z.array(evidenceComputedDaySchema),
  verdict: evidenceVerdictSchema,
});
export type EvidencePack = z.infer<typeof evidencePackSchema>;

/**
 * `GET /api/accounts/{accountId}/evidence`: the whole account, or one breach by its day. Other query
 * parameters are ignored, as on the other `trader-self` reads (a forged `user_id` changes nothing).
 */
export const evidenceQuerySchema = z.object({ breach: calendarDateSchema('breach').optional() });
export type EvidenceQuery = z.infer<typeof evidenceQuerySchema>;

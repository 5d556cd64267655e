import type { FieldIssue } from '@shared/api/errors';
import { phaseRuleIssues } from '@shared/programs/phase-rule-check';
import {
  programSchema,
  type Phase,
  type PhaseRuleReference,
  type Program,
} from '@shared/programs/program';
import type { OutdatedRule, RuleUse } from '@shared/programs/rule-versions';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import type { Caller } from '../auth-context';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { readProgramAccountCount, readVersionsInUse } from '../aggregates/program-counts';
import { programRepository } from '../repositories/program-repository';
import { ruleRepository } from '../repositories/rule-repository';

/** A 400 naming each failing field, with the messages joined as the handler factory joins them. */
export function validationErrorOf(issues: readonly FieldIssue[]): ValidationError {
  const message = [...new Set(issues.map((issue) => issue.message))].join('; ');
  return new ValidationError(message, [...issues]);
}

export const programNotFound = (prefix: string) => new NotFoundError(`Program ${prefix} not found`);

/** The current version of a program, or 404. */
export async function currentProgram(prefix: string): Promise<Program> {
  const program = await programRepository.getCurrent(prefix);
  if (!program) throw programNotFound(prefix);
  return program;
}

/** The definitions a program's phases reference, by id (absent ids are simply not in the map). */
export async function definitionsOf(
  phases: readonly Pick<Phase, 'rules'>[],
): Promise<Map<string, RuleDefinition>> {
  const ids = phases.flatMap((phase) => phase.rules.rules.map((reference) => reference.ruleId));
  const definitions = await ruleRepository.getMany(ids);
  return new Map(definitions.map((definition) => [definition.ruleId, definition]));
}

/**
 * Refuses (400, nothing written) a program whose phases reference rules the catalogue lacks, or whose
 * overrides do not fit their rule: what staff save is what the sync will judge.
 */
export async function assertRulesResolve(phases: readonly Pick<Phase, 'rules'>[]): Promise<void> {
  const issues = phaseRuleIssues(phases, await definitionsOf(phases));
  if (issues.length > 0) throw validationErrorOf(issues);
}

/**
 * The program as stored: the server owns each phase's copies of the program id and phase id (the
 * assignment map's keys), so they always name the program and phase they sit in. A version made from
 * another (an edit, a copy, a rules upgrade) restores none: `revertedFrom` is the revert's to set.
 */
export function programOf(input: unknown): Program {
  const { revertedFrom: _reverted, ...program } = programSchema.parse(input);
  return {
    ...program,
    phases: program.phases.map((phase) => ({
      ...phase,
      rules: { ...phase.rules, programId: program.prefix, phaseId: phase.phaseId },
    })),
  };
}

/**
 * The program with every rule reference pinned to the rule's current version (decision 36): a new
 * program version judges with the rules as they were when it was saved, whatever edits follow.
 * `definitions` are the current definitions by id (a reference to a missing rule is left unpinned;
 * `assertRulesResolve` refuses such a program before it is saved).
 */
export function pinnedTo(
  program: Program,
  definitions: ReadonlyMap<string, RuleDefinition>,
): Program {
  return {
    ...program,
    phases: program.phases.map((phase) => ({
      ...phase,
      rules: {
        ...phase.rules,
        rules: phase.rules.rules.map((reference) => {
          const { ruleVersion: _sent, ...rest } = reference;
          const version = definitions.get(reference.ruleId)?.ruleVersion;
          return version === undefined ? rest : { ...rest, ruleVersion: version };
        }),
      },
    })),
  };
}

/** `pinnedTo` with the current definitions read from the catalogue. */
export async function withPinnedRules(program: Program): Promise<Program> {
  return pinnedTo(program, await definitionsOf(program.phases));
}

/** The references of a program version whose pinned rule version is not the rule's current one. */
export function outdatedRulesOf(
  program: Program,
  definitions: ReadonlyMap<string, RuleDefinition>,
): OutdatedRule[] {
  return program.phases.flatMap((phase) =>
    phase.rules.rules.flatMap((reference) => {
      const currentVersion = definitions.get(reference.ruleId)?.ruleVersion;
      if (currentVersion === undefined || reference.ruleVersion === currentVersion) return [];
      return [
        {
          phaseId: phase.phaseId,
          ruleId: reference.ruleId,
          pinnedVersion: reference.ruleVersion ?? null,
          currentVersion,
        },
      ];
    }),
  );
}

/** Who saved: the staff member's email, else their user id. */
export function editorOf(caller: Caller | undefined): string | undefined {
  return caller?.email ?? caller?.userId;
}

/** Program prefixes whose current version references the rule in a phase, by rule id. */
export function ruleUsageOf(programs: readonly Program[]): Record<string, string[]> {
  const usage: Record<string, string[]> = {};
  for (const program of programs) {
    const ruleIds = new Set(
      program.phases.flatMap((phase) => phase.rules.rules.map((reference) => reference.ruleId)),
    );
    for (const ruleId of ruleIds) (usage[ruleId] ??= []).push(program.prefix);
  }
  for (const prefixes of Object.values(usage)) prefixes.sort();
  return usage;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Refuses (409) deleting a program that accounts trade or that another program names as its next
 * program, saying what uses it.
 */
export async function assertProgramUnused(prefix: string): Promise<void> {
  const [accounts, programs] = await Promise.all([
    readProgramAccountCount(prefix),
    programRepository.listCurrent(),
  ]);
  const pointing = programs
    .filter(
      (program) =>
        program.prefix !== prefix &&
        program.phases.some((phase) => phase.isNextAProgram && phase.nextPhase === prefix),
    )
    .map((program) => program.prefix)
    .sort();
  const uses = [
    ...(accounts > 0 ? [`${plural(accounts, 'account trades', 'accounts trade')} it`] : []),
    ...(pointing.length > 0
      ? [
          `${plural(pointing.length, 'program names', 'programs name')} it as the next program (${pointing.join(', ')})`,
        ]
      : []),
  ];
  if (uses.length > 0) {
    throw new ConflictError(`Program ${prefix} is in use: ${uses.join('; ')}`);
  }
}

/**
 * Which program versions use a rule (decision 36: an edit first lists them): every program's current
 * version, and each older version accounts still trade, with the rule version each pins and the
 * phases and accounts concerned. Sorted by prefix, newest version first.
 */
export async function ruleUsesOf(ruleId: string): Promise<RuleUse[]> {
  const [programs, inUse] = await Promise.all([
    programRepository.listCurrent(),
    readVersionsInUse(),
  ]);
  const accounts = new Map(
    inUse.map(({ prefix, version, accounts: count }) => [`${prefix}#${version}`, count]),
  );
  const currentVersion = new Map(programs.map((program) => [program.prefix, program.version]));
  const versions: { program: Program; current: boolean }[] = programs.map((program) => ({
    program,
    current: true,
  }));
  for (const key of accounts.keys()) {
    const [prefix = '', version = ''] = key.split('#');
    if (currentVersion.get(prefix) === Number(version)) continue;
    const program = await programRepository.getVersion(prefix, Number(version));
    if (program) versions.push({ program, current: false });
  }
  const uses: RuleUse[] = [];
  for (const { program, current } of versions) {
    const references = program.phases.flatMap((phase) =>
      phase.rules.rules
        .filter((reference) => reference.ruleId === ruleId)
        .map((reference) => ({ phaseId: phase.phaseId, ruleVersion: reference.ruleVersion })),
    );
    if (references.length === 0) continue;
    uses.push({
      prefix: program.prefix,
      name: program.name,
      programVersion: program.version,
      current,
      phases: references.map((reference) => reference.phaseId),
      // One program version is saved at one moment, so its phases pin the same rule version.
      ruleVersion: references[0]?.ruleVersion ?? null,
      accounts: accounts.get(`${program.prefix}#${program.version}`) ?? 0,
    });
  }
  return uses.sort(
    (a, b) => a.prefix.localeCompare(b.prefix) || b.programVersion - a.programVersion,
  );
}

/**
 * Refuses (409) deleting a rule that a program phase uses: the current version of any program, or an
 * older version that accounts still trade (their next day is judged with it).
 */
export async function assertRuleUnused(ruleId: string): Promise<void> {
  const [programs, inUse] = await Promise.all([
    programRepository.listCurrent(),
    readVersionsInUse(),
  ]);
  const uses = (program: Program) =>
    program.phases.some((phase) => phase.rules.rules.some((ref) => ref.ruleId === ruleId));
  const current = programs.filter(uses).map((program) => program.prefix);
  const currentVersion = new Map(programs.map((program) => [program.prefix, program.version]));
  const older = inUse.filter(({ prefix, version }) => currentVersion.get(prefix) !== version);
  const olderUses: string[] = [];
  for (const entry of older) {
    const program = await programRepository.getVersion(entry.prefix, entry.version);
    if (program && uses(program)) {
      olderUses.push(
        `${entry.prefix} version ${entry.version} (${plural(entry.accounts, 'account', 'accounts')})`,
      );
    }
  }
  const parts = [
    ...(current.length > 0
      ? [
          `${plural(current.length, 'program uses', 'programs use')} it (${current.sort().join(', ')})`,
        ]
      : []),
    ...(olderUses.length > 0
      ? [`accounts still trade older versions that use it: ${olderUses.sort().join(', ')}`]
      : []),
  ];
  if (parts.length > 0) throw new ConflictError(`Rule ${ruleId} is in use: ${parts.join('; ')}`);
}

/** Saves without a client version can lose a race with another save; they retry on a fresh read. */
const CHANGE_ATTEMPTS = 5;

/**
 * Changes the rule references of one phase of a program's current version and saves the result as
 * the next version. The change is applied to a fresh read, so a concurrent save makes it retry, not
 * overwrite; after a few lost races it is a 409. The caller checks the references it adds or changes.
 */
export async function changePhaseRules(
  prefix: string,
  phaseId: string,
  change: (rules: PhaseRuleReference[]) => PhaseRuleReference[],
  caller: Caller | undefined,
): Promise<Program> {
  for (let attempt = 1; ; attempt += 1) {
    const program = await currentProgram(prefix);
    const phase = program.phases.find((entry) => entry.phaseId === phaseId);
    if (!phase) throw new NotFoundError(`Program ${prefix} has no phase ${phaseId}`);
    const phases = program.phases.map((entry) =>
      entry === phase
        ? { ...entry, rules: { ...entry.rules, rules: change(entry.rules.rules) } }
        : entry,
    );
    try {
      return await programRepository.saveVersion(
        await withPinnedRules(
          programOf({
            ...program,
            phases,
            version: program.version + 1,
            updatedAt: new Date().toISOString(),
            updatedBy: editorOf(caller),
          }),
        ),
      );
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= CHANGE_ATTEMPTS) throw error;
    }
  }
}

import type { AccountProgram } from '@shared/accounts/account';
import { accountPhaseOf } from '@shared/accounts/account';
import { currentPhaseOf } from '@shared/programs/current-phase';
import type { Phase, Program } from '@shared/programs/program';
import type { Conformance } from '@shared/rules/conformance';
import type { DayFill, DayTrade, PerformanceRow } from '@shared/rules/day-input';
import { createRulesEngine, type RulesEngine } from '@shared/rules/engine';
import type { EngineState } from '@shared/rules/engine-state';
import { programClockZone } from '@shared/rules/explain';
import type { AccountSummaryRecord } from '@shared/summaries/account-summary-record';
import type { StoredAccount } from '../repositories/account-items';
import { programRepository } from '../repositories/program-repository';
import { ruleBookOf, type RuleBook, type RuleSource } from './rule-book';

/** The current programs, and any older version an account still trades, fetched once. */
export class ProgramCatalog {
  private readonly versions = new Map<string, Promise<Program | undefined>>();

  constructor(readonly current: ReadonlyMap<string, Program>) {}

  static async load(): Promise<ProgramCatalog> {
    const programs = await programRepository.listCurrent();
    return new ProgramCatalog(new Map(programs.map((program) => [program.prefix, program])));
  }

  version(prefix: string, version: number): Promise<Program | undefined> {
    const current = this.current.get(prefix);
    if (current?.version === version) return Promise.resolve(current);
    const key = `${prefix}#${version}`;
    let found = this.versions.get(key);
    if (!found) {
      found = programRepository.getVersion(prefix, version);
      this.versions.set(key, found);
    }
    return found;
  }

  /**
   * The program an account id belongs to: the longest current prefix it starts with, compared
   * case-insensitively (contracts/broker-files.md).
   */
  programForAccount(accountId: string): Program | undefined {
    const id = accountId.toUpperCase();
    let best: Program | undefined;
    for (const program of this.current.values()) {
      const prefix = program.prefix.toUpperCase();
      if (id.startsWith(prefix) && prefix.length > (best?.prefix.length ?? 0)) best = program;
    }
    return best;
  }
}

/**
 * How an account is attached to a program: the version in force and the phase it is in (by default
 * the program's current phase).
 */
export function attachment(
  program: Program,
  assignedExplicitly = false,
  phase: Phase | undefined = currentPhaseOf(program),
): AccountProgram | undefined {
  if (!phase) return undefined;
  return {
    prefix: program.prefix,
    name: program.name,
    version: program.version,
    type: program.type,
    currentPhase: phase.phaseId,
    currentPhaseData: { type: phase.type, startingBalance: phase.startingBalance },
    assignedExplicitly,
  };
}

/**
 * The account with its program attached: an explicit assignment stands; otherwise the program of its
 * longest prefix, kept at the version the account already has if it is the same program (moving to a
 * newer version is an explicit upgrade).
 */
export function withProgramAttached(
  account: StoredAccount,
  catalog: ProgramCatalog,
): StoredAccount {
  if (account.program?.assignedExplicitly) return account;
  const program = catalog.programForAccount(account.accountId);
  if (!program) return account;
  if (account.program?.prefix === program.prefix) return account;
  const attached = attachment(program);
  return attached
    ? { ...account, program: attached, phase: accountPhaseOf(attached.currentPhaseData.type) }
    : account;
}

/**
 * The dates of the account's paid payouts (its summary's `payoutHistory`): in a payout-eligible phase
 * the consistency and trading-days windows count after the latest one before each day.
 */
export function payoutDatesOf(account: Pick<StoredAccount, 'accountSummary'>): string[] {
  return (account.accountSummary?.payoutHistory ?? []).map((payout) => payout.date);
}

export interface JudgedDay {
  conformance: Conformance;
  state: EngineState;
  /** `<prefix>#<version>#<phaseId>`: which rules judged the day. */
  judgedBy: string;
}

export interface DayToJudge {
  date: string;
  performance: PerformanceRow | null;
  fills: readonly DayFill[];
  trades: readonly DayTrade[];
}

/** Judges account-days with the rules engine of each account's program phase, engines built once. */
export class Judge {
  private readonly engines = new Map<string, Promise<RulesEngine | undefined>>();
  /** Each phase is judged with the rule versions its program version pins (decision 36). */
  private readonly rules: RuleBook;

  constructor(
    readonly catalog: ProgramCatalog,
    rules: RuleSource,
  ) {
    this.rules = ruleBookOf(rules);
  }

  /** The program version and phase an account is judged under; undefined without a program phase. */
  private rulesKeyOf(account: StoredAccount): string | undefined {
    const program = account.program;
    return program ? `${program.prefix}#${program.version}#${program.currentPhase}` : undefined;
  }

  /**
   * The key a day of the account is judged under (`judgedBy`): the program version and phase, and
   * from the first day after a staff reset (decision 26) the number of resets in force, so the day
   * after a reset starts afresh like a new phase and re-judging a history restarts at the same day.
   */
  keyOf(account: StoredAccount, date?: string): string | undefined {
    const rules = this.rulesKeyOf(account);
    if (!rules) return undefined;
    const resets = (account.resets ?? []).filter(
      (reset) => reset.afterDate === null || (date !== undefined && reset.afterDate < date),
    ).length;
    return resets > 0 ? `${rules}#reset${resets}` : rules;
  }

  /** The program clock of each program version's phase (explanations' fill times), found once. */
  private readonly zones = new Map<string, Promise<string>>();

  /** The clock an account's explanations name fill times on (`programClockZone`): UTC without one. */
  timeZoneOf(account: StoredAccount): Promise<string> {
    const key = this.rulesKeyOf(account);
    const program = account.program;
    if (!key || !program) return Promise.resolve('UTC');
    let zone = this.zones.get(key);
    if (!zone) {
      zone = this.catalog.version(program.prefix, program.version).then(async (version) => {
        const phase = version && currentPhaseOf(version, program);
        return phase
          ? programClockZone(phase.rules.rules, await this.rules.forPhase(phase))
          : 'UTC';
      });
      this.zones.set(key, zone);
    }
    return zone;
  }

  private engineFor(account: StoredAccount): Promise<RulesEngine | undefined> {
    const key = this.rulesKeyOf(account);
    const program = account.program;
    if (!key || !program) return Promise.resolve(undefined);
    let engine = this.engines.get(key);
    if (!engine) {
      engine = this.catalog.version(program.prefix, program.version).then(async (version) => {
        const phase = version && currentPhaseOf(version, program);
        return phase
          ? createRulesEngine({ phase, definitions: await this.rules.forPhase(phase) })
          : undefined;
      });
      this.engines.set(key, engine);
    }
    return engine;
  }

  /**
   * Judges one day from the state after the account's previous day. A state judged under another key
   * (the account changed program, version or phase, or was reset since) does not carry over: the
   * phase starts afresh. A program upgrade therefore re-judges the account from its first day
   * (`rejudgeAccount` of rejudge.ts), so its history carries over under the new version.
   */
  async judgeDay(
    account: StoredAccount,
    prior: { state: EngineState; judgedBy: string | null } | undefined,
    day: DayToJudge,
  ): Promise<JudgedDay | undefined> {
    const engine = await this.engineFor(account);
    const judgedBy = this.keyOf(account, day.date);
    if (!engine || !judgedBy) return undefined;
    const state =
      prior && prior.judgedBy === judgedBy
        ? prior.state
        : engine.initialState({ startDate: day.date });
    const payoutDates = payoutDatesOf(account);
    const { state: next, conformance } = engine.evaluateDay(state, {
      date: day.date,
      performance: day.performance,
      fills: [...day.fills],
      trades: [...day.trades],
      ...(payoutDates.length > 0 && { payoutDates }),
    });
    return { conformance, state: next, judgedBy };
  }

  /**
   * Whether the next day of the account may start from `prior`: false when the state would carry
   * over (same key) but was judged before a payout dated before its last day was recorded, so its
   * windows since the last payout are wrong (the rules engine's `fitsPayouts`). Such an account is
   * judged again from its first day (rejudge.ts).
   */
  async fitsPayouts(
    account: StoredAccount,
    prior: { state: EngineState; judgedBy: string | null } | undefined,
  ): Promise<boolean> {
    if (!prior?.state.lastDate) return true;
    const payoutDates = payoutDatesOf(account);
    // Without payouts on either side there is no window to be wrong (every night of most accounts).
    if (payoutDates.length === 0 && prior.state.payoutWindowAfter === undefined) return true;
    const engine = await this.engineFor(account);
    if (!engine || prior.judgedBy !== this.keyOf(account, prior.state.lastDate)) return true;
    return engine.fitsPayouts(prior.state, payoutDates);
  }

  /**
   * The account's stored summary after a judged day. Times come from the broker file that brought the
   * day, not the clock, so re-running a date rewrites the same values.
   */
  async summaryRecord(
    account: StoredAccount,
    judged: JudgedDay,
    fileModified: string,
  ): Promise<AccountSummaryRecord | undefined> {
    const engine = await this.engineFor(account);
    if (!engine) return undefined;
    return {
      ...engine.summarizeAccount(judged.state, judged.conformance),
      accountId: account.accountId,
      traderId: account.traderId,
      phase: account.phase,
      payoutHistory: account.accountSummary?.payoutHistory ?? [],
      lastconformanceCheck: fileModified,
      createdAt: account.accountSummary?.createdAt ?? fileModified,
      updatedAt: fileModified,
    };
  }
}

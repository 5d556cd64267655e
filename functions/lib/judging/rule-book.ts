import type { Phase } from '@shared/programs/program';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import { getRuleVersion, listRules } from '../repositories/rule-repository';

/**
 * The rule definitions a phase is judged with (decision 36): each reference's pinned rule version, so
 * editing a rule never changes the judgement of a program version saved before the edit. A reference
 * without a pin (a program version saved before rules were versioned) falls back to the rule's
 * current version (docs/decisions.md). Pinned versions are fetched once per book.
 */
export class RuleBook {
  private readonly current: ReadonlyMap<string, RuleDefinition>;
  private readonly pinned = new Map<string, Promise<RuleDefinition | undefined>>();

  constructor(current: readonly RuleDefinition[]) {
    this.current = new Map(current.map((rule) => [rule.ruleId, rule]));
  }

  /** The book of the catalogue as it is now: Query GSI1 `RULES`. */
  static async load(): Promise<RuleBook> {
    return new RuleBook(await listRules());
  }

  private version(ruleId: string, ruleVersion: number): Promise<RuleDefinition | undefined> {
    const current = this.current.get(ruleId);
    if (current?.ruleVersion === ruleVersion) return Promise.resolve(current);
    const key = `${ruleId}#${ruleVersion}`;
    let found = this.pinned.get(key);
    if (!found) {
      found = getRuleVersion(ruleId, ruleVersion);
      this.pinned.set(key, found);
    }
    return found;
  }

  /** The definitions the phase's references name, each at its pinned version (else the current). */
  async forPhase(phase: Pick<Phase, 'rules'>): Promise<RuleDefinition[]> {
    const definitions = await Promise.all(
      phase.rules.rules.map((reference) =>
        reference.ruleVersion === undefined
          ? Promise.resolve(this.current.get(reference.ruleId))
          : this.version(reference.ruleId, reference.ruleVersion),
      ),
    );
    return definitions.filter((rule): rule is RuleDefinition => rule !== undefined);
  }
}

/** What the Judge takes: a book, or (tests, benches) the definitions themselves, judged as current. */
export type RuleSource = RuleBook | readonly RuleDefinition[];

export const ruleBookOf = (source: RuleSource): RuleBook =>
  source instanceof RuleBook ? source : new RuleBook(source);

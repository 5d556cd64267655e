import type * as z from 'zod';
import {
  ruleDefinitionSchema,
  type RuleCategory,
  type RuleDefinition,
} from '@shared/rules/rule-definition';
import { normalizedName, ruleKeys, withoutKeys } from '../db/keys';
import {
  deleteExisting,
  getItem,
  getItems,
  putExisting,
  putNew,
  queryAll,
  type Item,
} from '../db/table';
import { NotFoundError } from '../errors';

export type RuleDefinitionInput = z.input<typeof ruleDefinitionSchema>;

export interface RuleListQuery {
  category?: RuleCategory;
  /** Matches name or description, case-insensitively (spec 001 §2.17). */
  search?: string;
}

/**
 * A FilterExpression cannot lower-case, so the item carries lower-cased copies of the searched fields;
 * they are helpers of the table, never part of a rule.
 */
function itemOf(rule: RuleDefinition): Item {
  return {
    ...rule,
    ...ruleKeys.definition(rule.ruleId),
    ...ruleKeys.definitionIndex(rule.category, rule.ruleId),
    searchName: normalizedName(rule.name),
    searchDescription: normalizedName(rule.description),
  };
}

function ruleOf(item: Item): RuleDefinition {
  const { searchName: _name, searchDescription: _description, ...rule } = withoutKeys(item);
  return ruleDefinitionSchema.parse(rule);
}

const notFound = (ruleId: string) => `Rule ${ruleId} not found`;

/** Rule definitions: one item each, all in GSI1 partition `RULES` sorted by category then id. */
export const ruleRepository = {
  /**
   * Access pattern "rules, optionally of one category": Query GSI1 `GSI1PK = RULES`, with
   * `begins_with(GSI1SK, <category>#)` when a category is given; a search filters on the lower-cased
   * helper attributes as the partition is read.
   */
  async list(query: RuleListQuery = {}): Promise<RuleDefinition[]> {
    const search = query.search === undefined ? '' : normalizedName(query.search);
    const items = await queryAll({
      IndexName: 'GSI1',
      KeyConditionExpression: query.category
        ? 'GSI1PK = :pk AND begins_with(GSI1SK, :category)'
        : 'GSI1PK = :pk',
      ...(search && {
        FilterExpression: 'contains(searchName, :search) OR contains(searchDescription, :search)',
      }),
      ExpressionAttributeValues: {
        ':pk': ruleKeys.listPartition,
        ...(query.category && { ':category': ruleKeys.categoryPrefix(query.category) }),
        ...(search && { ':search': search }),
      },
    });
    return items.map(ruleOf);
  },

  /** Access pattern "one rule": Get `RULE#<id> / DEFINITION`. */
  async get(ruleId: string): Promise<RuleDefinition | undefined> {
    const item = await getItem(ruleKeys.definition(ruleId));
    return item ? ruleOf(item) : undefined;
  },

  /**
   * Access pattern "the definitions a program references": BatchGet of `RULE#<id> / DEFINITION`.
   * Answers in the order asked, once per id; ids with no definition are left out.
   */
  async getMany(ruleIds: readonly string[]): Promise<RuleDefinition[]> {
    const unique = [...new Set(ruleIds)];
    const found = new Map(
      (await getItems(unique.map(ruleKeys.definition))).map((item) => {
        const rule = ruleOf(item);
        return [rule.ruleId, rule] as const;
      }),
    );
    return unique.flatMap((ruleId) => found.get(ruleId) ?? []);
  },

  /** Creates a rule: Put `attribute_not_exists(PK)`, so an existing id is a 409. */
  async create(input: RuleDefinitionInput): Promise<RuleDefinition> {
    const now = new Date().toISOString();
    const rule = ruleDefinitionSchema.parse({ ...input, createdAt: now, updatedAt: now });
    await putNew(itemOf(rule), `A rule with ID ${rule.ruleId} already exists`);
    return rule;
  },

  /**
   * Replaces a rule whole: Put `attribute_exists(PK)` (404 when missing). The id comes from the
   * path and the creation time from the stored rule; a new category moves the GSI1 key.
   */
  async update(ruleId: string, input: RuleDefinitionInput): Promise<RuleDefinition> {
    const stored = await ruleRepository.get(ruleId);
    if (!stored) throw new NotFoundError(notFound(ruleId));
    const rule = ruleDefinitionSchema.parse({
      ...input,
      ruleId,
      createdAt: stored.createdAt,
      updatedAt: new Date().toISOString(),
    });
    await putExisting(itemOf(rule), notFound(ruleId));
    return rule;
  },

  /** Deletes a rule: Delete `attribute_exists(PK)` (404 when missing). */
  async delete(ruleId: string): Promise<void> {
    await deleteExisting(ruleKeys.definition(ruleId), notFound(ruleId));
  },
};

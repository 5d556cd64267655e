import { isDeepStrictEqual } from 'node:util';
import type * as z from 'zod';
import {
  ruleDefinitionSchema,
  type RuleCategory,
  type RuleDefinition,
} from '@shared/rules/rule-definition';
import { normalizedName, ruleKeys, withoutKeys } from '../db/keys';
import { deleteExisting, getItem, getItems, putIf, putNew, queryAll, type Item } from '../db/table';
import { newestVersionItem, putVersionOnce, versionHistory } from '../db/versions';
import { ConflictError, NotFoundError } from '../errors';

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

/** An immutable version item: the definition as saved, without the list's index keys. */
function versionItemOf(rule: RuleDefinition): Item {
  return { ...rule, ...ruleKeys.version(rule.ruleId, rule.ruleVersion ?? 1) };
}

/** A definition saved before rules were versioned has no `ruleVersion`: it is version 1. */
function ruleOf(item: Item): RuleDefinition {
  const { searchName: _name, searchDescription: _description, ...rule } = withoutKeys(item);
  const parsed = ruleDefinitionSchema.parse(rule);
  return { ...parsed, ruleVersion: parsed.ruleVersion ?? 1 };
}

/** The 409 of a save over a rule version newer than the one the editor loaded (decision 36). */
export const STALE_RULE_MESSAGE =
  'The rule was changed by someone else — reload to see the latest version';

/** What a save changes: the definition without its bookkeeping (times, version, editor). */
function contentOf(rule: RuleDefinition): Record<string, unknown> {
  const { createdAt: _c, updatedAt: _u, updatedBy: _b, ruleVersion: _v, ...content } = rule;
  return JSON.parse(JSON.stringify(content)) as Record<string, unknown>;
}

const versionsOf = (ruleId: string) => ({
  pk: ruleKeys.definition(ruleId).PK,
  versionPrefix: ruleKeys.versionPrefix,
});

/** The newest version of a rule id, also of a rule deleted since (its history stays); 0 for none. */
async function latestVersion(ruleId: string): Promise<number> {
  const item = await newestVersionItem(versionsOf(ruleId));
  return item ? (ruleOf(item).ruleVersion ?? 0) : 0;
}

export interface RuleVersionRef {
  ruleId: string;
  ruleVersion: number;
}

export interface RuleUpdateOptions {
  /** The version the editor loaded; a newer stored version is a 409. */
  expectedVersion?: number;
  /** Who saves (the staff member's email). */
  updatedBy?: string;
}

const notFound = (ruleId: string) => `Rule ${ruleId} not found`;

/*
 * The reads the judging needs (the rule book) are functions of their own, which the repository
 * object below also offers: a bundle that judges but never edits rules leaves the rest out (esbuild
 * drops unused functions, never an object's unused methods).
 */

/**
 * Access pattern "rules, optionally of one category": Query GSI1 `GSI1PK = RULES`, with
 * `begins_with(GSI1SK, <category>#)` when a category is given; a search filters on the lower-cased
 * helper attributes as the partition is read.
 */
export async function listRules(query: RuleListQuery = {}): Promise<RuleDefinition[]> {
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
}

/** Access pattern "one rule": Get `RULE#<id> / DEFINITION`. */
export async function getRule(ruleId: string): Promise<RuleDefinition | undefined> {
  const item = await getItem(ruleKeys.definition(ruleId));
  return item ? ruleOf(item) : undefined;
}

/**
 * Access pattern "one version of a rule": Get `RULE#<id> / VERSION#<n>`; the current definition
 * answers for its own version if its version item was lost (or never written: a rule saved
 * before versioning is version 1).
 */
export async function getRuleVersion(
  ruleId: string,
  version: number,
): Promise<RuleDefinition | undefined> {
  const item = await getItem(ruleKeys.version(ruleId, version));
  if (item) return ruleOf(item);
  const current = await getRule(ruleId);
  return current?.ruleVersion === version ? current : undefined;
}

/** Rule definitions: one item each, all in GSI1 partition `RULES` sorted by category then id. */
export const ruleRepository = {
  list: listRules,
  get: getRule,
  getVersion: getRuleVersion,

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

  /**
   * Access pattern "the rule versions a program version pins": BatchGet of `RULE#<id> / VERSION#<n>`,
   * the current definitions standing in for versions whose item is missing. Keyed `<id>#<n>`.
   */
  async getVersions(refs: readonly RuleVersionRef[]): Promise<Map<string, RuleDefinition>> {
    const key = (ref: RuleVersionRef) => `${ref.ruleId}#${ref.ruleVersion}`;
    const unique = [...new Map(refs.map((ref) => [key(ref), ref])).values()];
    const found = new Map<string, RuleDefinition>();
    for (const item of await getItems(
      unique.map((ref) => ruleKeys.version(ref.ruleId, ref.ruleVersion)),
    )) {
      const rule = ruleOf(item);
      found.set(key({ ruleId: rule.ruleId, ruleVersion: rule.ruleVersion ?? 1 }), rule);
    }
    const missing = unique.filter((ref) => !found.has(key(ref)));
    if (missing.length > 0) {
      for (const rule of await ruleRepository.getMany(missing.map((ref) => ref.ruleId))) {
        const ref = { ruleId: rule.ruleId, ruleVersion: rule.ruleVersion ?? 1 };
        if (missing.some((entry) => key(entry) === key(ref))) found.set(key(ref), rule);
      }
    }
    return found;
  },

  /**
   * The definitions a phase's references judge with (decision 36): each pinned version (BatchGet of
   * `VERSION#<n>`), and the current definition for a reference saved before pinning. Once per id, in
   * the order of the references; a reference whose rule is missing is left out.
   */
  async forReferences(
    references: readonly { ruleId: string; ruleVersion?: number | undefined }[],
  ): Promise<RuleDefinition[]> {
    const pinned: RuleVersionRef[] = [];
    for (const { ruleId, ruleVersion } of references) {
      if (ruleVersion !== undefined) pinned.push({ ruleId, ruleVersion });
    }
    const unpinned = references.filter((reference) => reference.ruleVersion === undefined);
    const [versions, current] = await Promise.all([
      pinned.length > 0 ? ruleRepository.getVersions(pinned) : new Map<string, RuleDefinition>(),
      unpinned.length > 0
        ? ruleRepository.getMany(unpinned.map((reference) => reference.ruleId))
        : [],
    ]);
    const currentById = new Map(current.map((rule) => [rule.ruleId, rule]));
    const seen = new Set<string>();
    return references.flatMap((reference) => {
      if (seen.has(reference.ruleId)) return [];
      seen.add(reference.ruleId);
      const rule =
        reference.ruleVersion === undefined
          ? currentById.get(reference.ruleId)
          : versions.get(`${reference.ruleId}#${reference.ruleVersion}`);
      return rule ? [rule] : [];
    });
  },

  /**
   * Access pattern "a rule's history": Query `RULE#<id>`, `SK begins_with VERSION#`, oldest first,
   * with the current definition standing in for its version if that item is missing.
   */
  async listVersions(ruleId: string): Promise<RuleDefinition[]> {
    return versionHistory(
      versionsOf(ruleId),
      ruleOf,
      (rule) => rule.ruleVersion ?? 1,
      ruleRepository.get(ruleId),
    );
  },

  /**
   * Creates a rule (409 when the id is in use): Put `VERSION#<n>` and then `DEFINITION`, both
   * `attribute_not_exists(PK)`. An id deleted before starts after its last version, so history is
   * never overwritten.
   */
  async create(input: RuleDefinitionInput, updatedBy?: string): Promise<RuleDefinition> {
    const conflict = `A rule with ID ${String(input.ruleId ?? input._id)} already exists`;
    const now = new Date().toISOString();
    const parsed = ruleDefinitionSchema.parse({ ...input, createdAt: now, updatedAt: now });
    if (await getItem(ruleKeys.definition(parsed.ruleId))) throw new ConflictError(conflict);
    const rule: RuleDefinition = {
      ...parsed,
      ruleVersion: (await latestVersion(parsed.ruleId)) + 1,
      ...(updatedBy && { updatedBy }),
    };
    await putVersionOnce(versionItemOf(rule));
    await putNew(itemOf(rule), conflict);
    return rule;
  },

  /**
   * Saves an edit as the rule's next version (decision 36): the pointer moves by a conditional put on
   * the version read (of two editors only one wins; `expectedVersion` older than the stored one is a
   * 409), then the immutable version item is written; the next save repairs it if a crash lost it.
   * A save that changes nothing answers the current version and writes nothing, so a retry is
   * harmless. The id comes from the path and the creation time from the stored rule.
   */
  async update(
    ruleId: string,
    input: RuleDefinitionInput,
    options: RuleUpdateOptions = {},
  ): Promise<RuleDefinition> {
    const storedItem = await getItem(ruleKeys.definition(ruleId));
    if (!storedItem) throw new NotFoundError(notFound(ruleId));
    const stored = ruleOf(storedItem);
    const loaded = stored.ruleVersion ?? 1;
    const parsed = ruleDefinitionSchema.parse({
      ...input,
      ruleId,
      createdAt: stored.createdAt,
      updatedAt: new Date().toISOString(),
    });
    if (isDeepStrictEqual(contentOf(parsed), contentOf(stored))) return stored;
    if (options.expectedVersion !== undefined && options.expectedVersion !== loaded) {
      throw new ConflictError(STALE_RULE_MESSAGE);
    }
    const { updatedBy: _previous, ...fields } = parsed;
    const rule: RuleDefinition = {
      ...fields,
      ruleVersion: loaded + 1,
      ...(options.updatedBy && { updatedBy: options.updatedBy }),
    };
    await putVersionOnce(versionItemOf(stored));
    const versioned = storedItem.ruleVersion !== undefined;
    await putIf(
      itemOf(rule),
      versioned
        ? 'attribute_exists(PK) AND ruleVersion = :loaded'
        : 'attribute_exists(PK) AND attribute_not_exists(ruleVersion)',
      versioned ? { ':loaded': loaded } : undefined,
      STALE_RULE_MESSAGE,
    );
    await putVersionOnce(versionItemOf(rule));
    return rule;
  },

  /** Deletes a rule: Delete `attribute_exists(PK)` (404 when missing); its versions stay as history. */
  async delete(ruleId: string): Promise<void> {
    await deleteExisting(ruleKeys.definition(ruleId), notFound(ruleId));
  },
};

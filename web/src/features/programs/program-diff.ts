import type { Program } from '@shared/programs/program';
import { MISSING } from '@/lib/format';

export interface FieldChange {
  /** Readable path: `phases[phase-1].rules[drawdown-eod].parameterOverrides.maxDrawdown`. */
  field: string;
  before: unknown;
  after: unknown;
}

/** Fields every save changes by itself: not worth a line in the diff. */
const IGNORED = new Set(['version', 'createdAt', 'updatedAt', 'updatedBy']);

/** Arrays of these items are matched by their id, so a reordering is not a change of every item. */
function keyOf(item: unknown): string | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const record = item as Record<string, unknown>;
  for (const key of ['phaseId', 'ruleId']) {
    if (typeof record[key] === 'string') return record[key];
  }
  if (typeof record.type === 'string' && typeof record.recurring === 'string') {
    return `${record.type}/${record.recurring}`;
  }
  return undefined;
}

/** Leaves only: an emptied list or map shows as the removal of each of its entries. */
function flatten(value: unknown, path: string, into: Map<string, unknown>) {
  if (Array.isArray(value)) {
    const keyed = value.every((item) => keyOf(item) !== undefined);
    value.forEach((item, index) => flatten(item, `${path}[${keyed ? keyOf(item) : index}]`, into));
    return;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, child]) => child !== undefined,
    );
    for (const [key, child] of entries) {
      if (path === '' && IGNORED.has(key)) continue;
      flatten(child, path === '' ? key : `${path}.${key}`, into);
    }
    return;
  }
  into.set(path, value);
}

/**
 * Field-by-field differences between two versions of a program (a past version against
 * the current one), in the order the fields appear, the older version's first.
 */
export function diffPrograms(before: Program, after: Program): FieldChange[] {
  const left = new Map<string, unknown>();
  const right = new Map<string, unknown>();
  flatten(before, '', left);
  flatten(after, '', right);
  const fields = [...new Set([...left.keys(), ...right.keys()])];
  return fields
    .filter((field) => JSON.stringify(left.get(field)) !== JSON.stringify(right.get(field)))
    .map((field) => ({ field, before: left.get(field), after: right.get(field) }));
}

export function changeText(value: unknown): string {
  if (value === undefined) return MISSING;
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

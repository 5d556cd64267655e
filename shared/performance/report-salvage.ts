import type * as z from 'zod';
import { performanceReportSchema, type PerformanceReport } from './performance-report';
import { conformanceSchema } from '../rules/conformance';

/** What reading a report had to leave out: values shown as '-' and list entries not shown. */
export interface ReportRepairs {
  /** Values missing or unreadable (a null number, a wrong type), shown as '-'. */
  values: number;
  /** List entries (a trade, a symbol, a rule) that could not be shown at all. */
  entries: number;
}

type Path = readonly PropertyKey[];

function at(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Parses `raw` with `schema`, repairing what one bad value would otherwise fail whole (one
 * conformance rule without a `ruleId` or one null number must not hide the report): a null
 * or wrongly typed value becomes absent, a missing text becomes empty, and an entry of a list that
 * still does not parse is left out. Null when the document itself is unreadable (no date, no
 * account). The repairs are counted so the screen can say something is missing.
 */
export function salvage<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { data: z.infer<S>; repairs: ReportRepairs } | null {
  // The answer is JSON: a JSON copy is exact, and leaves the caller's value as it was.
  const value: unknown = JSON.parse(JSON.stringify(raw ?? null));
  const repairs: ReportRepairs = { values: 0, entries: 0 };
  const tried = new Set<string>();
  // Each round removes or fills one value, so the rounds are bounded by the document's size.
  for (let round = 0; round < 10_000; round += 1) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { data: parsed.data as z.infer<S>, repairs };
    const issue = parsed.error.issues[0];
    if (issue === undefined || issue.path.length === 0) return null;
    const path = issue.path;
    const parent = at(value, path.slice(0, -1));
    const key = path[path.length - 1] as PropertyKey;
    const id = path.map(String).join('\u0000');
    if (!tried.has(id) && parent !== null && typeof parent === 'object') {
      tried.add(id);
      const record = parent as Record<PropertyKey, unknown>;
      if (Array.isArray(parent) && typeof key === 'number') {
        parent.splice(key, 1);
        repairs.entries += 1;
        continue;
      }
      if (
        record[key] === undefined &&
        issue.code === 'invalid_type' &&
        issue.expected === 'string'
      ) {
        record[key] = '';
        repairs.values += 1;
        continue;
      }
      if (record[key] !== undefined) {
        delete record[key];
        repairs.values += 1;
        continue;
      }
    }
    // Still unreadable: leave out the innermost list entry holding the value.
    let index = -1;
    for (let position = path.length - 2; position >= 0; position -= 1) {
      if (typeof path[position] === 'number' && Array.isArray(at(value, path.slice(0, position)))) {
        index = position;
        break;
      }
    }
    if (index < 0) return null;
    (at(value, path.slice(0, index)) as unknown[]).splice(path[index] as number, 1);
    repairs.entries += 1;
  }
  return null;
}

const lists = {
  violationRules: conformanceSchema.shape.violationRules.default([]),
  benchmarkRules: conformanceSchema.shape.benchmarkRules.default([]),
  violations: conformanceSchema.shape.violations.default([]),
  newViolations: conformanceSchema.shape.newViolations.default([]),
  rules: conformanceSchema.shape.rules.default([]),
  unresolvedRules: conformanceSchema.shape.unresolvedRules.default([]),
};

/**
 * The report as the screens can show it: only the day and the account are needed; any figure may be
 * absent (the screens show '-'), lists default to empty. Entries of a list keep their own schema.
 */
const reportViewSchema = performanceReportSchema
  .partial()
  .required({ date: true, Account: true })
  .extend({
    trades: performanceReportSchema.shape.trades,
    symbols: performanceReportSchema.shape.symbols,
    conformance: conformanceSchema
      .partial()
      .required({ evaluationDate: true, overallStatus: true })
      .extend(lists)
      .nullable()
      .default(null),
  });

const repairsOf = new WeakMap<PerformanceReport, ReportRepairs>();

/** The report from the API's answer, read as far as it goes; throws only when nothing is readable. */
export function readPerformanceReport(raw: unknown): PerformanceReport {
  const whole = performanceReportSchema.safeParse(raw);
  if (whole.success) return whole.data;
  const result = salvage(reportViewSchema, raw);
  if (result === null) throw new Error('The performance report could not be read');
  // A figure the day lacks reads '-' on every screen (Money, countText take undefined); the type
  // says present because the whole report usually is.
  const data = result.data as unknown as PerformanceReport;
  repairsOf.set(data, result.repairs);
  return data;
}

/** What reading `report` left out, or undefined when it was read whole. */
export function reportRepairs(report: PerformanceReport): ReportRepairs | undefined {
  return repairsOf.get(report);
}

/** The note above a report read in part. */
export function repairsText(repairs: ReportRepairs): string {
  const parts: string[] = [];
  if (repairs.values > 0)
    parts.push(
      `${repairs.values} value${repairs.values === 1 ? ' was' : 's were'} missing or unreadable and ${repairs.values === 1 ? 'is' : 'are'} shown as '-'`,
    );
  if (repairs.entries > 0)
    parts.push(
      `${repairs.entries} ${repairs.entries === 1 ? 'entry' : 'entries'} could not be read and ${repairs.entries === 1 ? 'is' : 'are'} not shown`,
    );
  return `This report is shown in part: ${parts.join('; ')}.`;
}

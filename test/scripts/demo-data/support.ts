import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse } from 'csv-parse/sync';
import {
  generateDemoData,
  type DemoDataOptions,
  type DemoDataResult,
} from '../../../scripts/demo-data/generate';
import { FILE_KINDS, type FileKind } from '../../../scripts/demo-data/rows';
import { directorySink } from '../../../scripts/demo-data/sinks';

/** Small populations keep the suite fast; the scale figures come from the CLI (docs/demo-data.md). */
export const SMALL: DemoDataOptions = { traders: 6, days: 10, seed: 'jest', accountsPerTrader: 2 };

export interface Generated {
  dir: string;
  result: DemoDataResult;
  remove(): void;
}

export async function generateToTemp(options: DemoDataOptions = SMALL): Promise<Generated> {
  const dir = mkdtempSync(join(tmpdir(), 'demo-data-test-'));
  const result = await generateDemoData(options, directorySink(dir));
  return { dir, result, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every file under `dir` by relative path, with the SHA-256 of its bytes. */
export function hashTree(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else
        hashes.set(
          relative(dir, path),
          createHash('sha256').update(readFileSync(path)).digest('hex'),
        );
    }
  };
  walk(dir);
  return hashes;
}

export type CsvRow = Record<string, string>;

export interface ParsedFile {
  header: string[];
  rows: CsvRow[];
}

/** A broker file parsed as the contract says: header row, RFC 4180 quoting, UTF-8. */
export function parseCsv(text: string): ParsedFile {
  const records = parse(text, { relax_column_count: false }) as string[][];
  const [header = [], ...body] = records;
  return {
    header,
    rows: body.map((cells) =>
      Object.fromEntries(header.map((name, index) => [name, cells[index]!])),
    ),
  };
}

export type Dataset = Record<FileKind, CsvRow[]> & {
  /** Per kind, one parsed file per date, in date order. */
  files: Record<FileKind, ParsedFile[]>;
};

/** All rows of every kind over all dates, in date order, and the files they came from. */
export function loadDataset(dir: string, dates: readonly string[]): Dataset {
  const files = Object.fromEntries(
    FILE_KINDS.map((kind) => [
      kind,
      dates.map((date) => parseCsv(readFileSync(join(dir, 'broker', date, `${kind}.csv`), 'utf8'))),
    ]),
  ) as Record<FileKind, ParsedFile[]>;
  const rows = Object.fromEntries(
    FILE_KINDS.map((kind) => [kind, files[kind].flatMap((file) => file.rows)]),
  ) as Record<FileKind, CsvRow[]>;
  return { ...rows, files };
}

export function readJson<T>(dir: string, key: string): T {
  return JSON.parse(readFileSync(join(dir, ...key.split('/')), 'utf8')) as T;
}

/** Decimal dollars to integer cents, exactly (the files have at most two decimals). */
export function cents(text: string | undefined): number {
  if (text === undefined || text === '') return 0;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not an amount: ${text}`);
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}

/** Groups rows by a key, keeping their order. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const name = key(row);
    const group = groups.get(name);
    if (group) group.push(row);
    else groups.set(name, [row]);
  }
  return groups;
}

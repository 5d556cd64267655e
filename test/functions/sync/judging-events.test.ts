import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotificationEvent } from '@shared/notifications/events';
import type { Program } from '@shared/programs/program';
import { displayDate } from '@shared/common/display-date';
import { accountVerdict } from '../../../functions/accounts/verdict';
import { programImpact } from '../../../functions/lib/judging/program-impact';
import { loadJudge, rejudgeAccount } from '../../../functions/lib/judging/rejudge';
import { onEventPublished } from '../../../functions/lib/notifications/publish';
import { accountRepository } from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { releaseHold } from '../../../functions/sync/quality-actions';
import { startRun } from '../../../functions/sync/runs';
import { failRun } from '../../../functions/sync/sharded-run';
import { directorySink, directorySource, generateDemoData } from '../../../scripts/demo-data';
import type { DemoDataResult } from '../../../scripts/demo-data/generate';
import { runSync } from '../../support/run-sync';
import { scanAll, useNewTable } from './support/table-snapshot';

/*
 * The judging service's events against dynalite (functions/lib/judging/events.ts): each cause is
 * announced once, after the day that caused it was stored; a re-run of the same dates, a Refresh and
 * the impact preview announce nothing new; a held breach is told as held, then as a breach on release.
 */

const DAYS = 8;
let dir: string;
let demo: DemoDataResult;
let published: NotificationEvent[] = [];
let stopListening: () => void;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'deskline-events-'));
  demo = await generateDemoData(
    { traders: 6, days: DAYS, seed: 'judging-same' },
    directorySink(dir),
  );
  stopListening = onEventPublished(async (event) => {
    published.push(event);
  });
}, 60_000);

afterAll(() => {
  stopListening();
  rmSync(dir, { recursive: true, force: true });
});

/** What was published since the last call. */
function drain(): NotificationEvent[] {
  const events = published;
  published = [];
  return events;
}

const eventItems = async () =>
  (await scanAll()).filter((item) => String(item.PK).startsWith('EVENT#'));
const ofType = (events: readonly NotificationEvent[], type: NotificationEvent['type']) =>
  events.filter((event) => event.type === type);

/** A table with every date synced once, and what that night announced. */
interface Night {
  table: string;
  events: NotificationEvent[];
}
let firstNight: Promise<Night> | undefined;

/**
 * The night of every generated date on a new table, synced once for the file: the suspect-inputs test
 * needs only its events, and a sync of the eight dates is most of this file's time.
 */
function syncedNight(): Promise<Night> {
  firstNight ??= (async () => {
    await useNewTable('events-night');
    drain();
    await runSync({ count: DAYS, source: directorySource(dir) });
    return { table: process.env.TABLE_NAME!, events: drain() };
  })();
  return firstNight;
}

describe('a night of judging', () => {
  let night: NotificationEvent[];

  beforeAll(async () => {
    const synced = await syncedNight();
    process.env.TABLE_NAME = synced.table;
    night = synced.events;
  }, 180_000);

  it('announces each cause once, and every announced event is stored once', async () => {
    const keys = night.map((event) => event.key);
    expect(new Set(keys).size).toBe(keys.length);
    const stored = await eventItems();
    expect(stored.map((item) => item.key).sort()).toEqual([...keys].sort());
    for (const type of ['account.passed', 'account.breached', 'account.limit_near'] as const) {
      expect(ofType(night, type).length).toBeGreaterThan(0);
    }
  });

  it('a failed account is announced breached once, with the decisive breach’s sentence', async () => {
    const breached = ofType(night, 'account.breached');
    const failed = (await accountRepository.listAll()).filter(
      (account) => account.status === 'failed',
    );
    expect(breached.map((event) => event.accountId).sort()).toEqual(
      failed.map((account) => account.accountId).sort(),
    );
    for (const account of failed) {
      const event = breached.find((entry) => entry.accountId === account.accountId)!;
      const decisive = account.accountSummary!.decisiveBreach!;
      expect(event).toMatchObject({
        traderId: account.traderId,
        link: `/summaries/account/${account.accountId}`,
        key: `account.breached#${account.accountId}#${account.engineStateKey}#${account.engineState!.failedDate}`,
        data: expect.objectContaining({
          date: account.engineState!.failedDate,
          ruleId: decisive.ruleId,
          limit: decisive.threshold,
        }),
      });
      expect(event.text).toContain(`${decisive.name}: breached on ${displayDate(decisive.date)}`);
      // The sentence the account's verdict shows.
      expect(event.text).toBe((await accountVerdict(account)).explanation.headline);
    }
  });

  it('a passed account is announced passed once, on the day it passed', async () => {
    const passed = (await accountRepository.listAll()).filter(
      (account) => account.engineState?.passedDate && account.status === 'passed',
    );
    const events = ofType(night, 'account.passed');
    expect(events.map((event) => event.accountId).sort()).toEqual(
      passed.map((account) => account.accountId).sort(),
    );
    for (const event of events) {
      const account = passed.find((entry) => entry.accountId === event.accountId)!;
      expect(event.data['date']).toBe(account.engineState!.passedDate);
      expect(event.text).toBe(
        `Passed on ${displayDate(account.engineState!.passedDate)}: every benchmark met.`,
      );
    }
  });

  it('a limit at 80% is announced once per account, day and limit, never for a failed account', async () => {
    const expected: string[] = [];
    for (const account of await accountRepository.listAll()) {
      const { days } = await performanceRepository.listHistory(account.accountId);
      for (const day of days) {
        if (!day.conformance || day.engineState?.failedDate) continue;
        for (const rule of day.conformance.rules) {
          if (rule.category !== 'drawdown' && rule.category !== 'daily-loss') continue;
          if (rule.outcome === 'ok' && rule.severity === 'warning') {
            expected.push(`account.limit_near#${account.accountId}#${day.Date}#${rule.ruleId}`);
          }
        }
      }
    }
    const near = ofType(night, 'account.limit_near');
    expect(near.map((event) => event.key).sort()).toEqual(expected.sort());
    for (const event of near) {
      expect(event.text).toMatch(/warning on \d\d\/\d\d\/\d{4}/);
      expect(event.data).toEqual(
        expect.objectContaining({ value: expect.any(Number), limit: expect.any(Number) }),
      );
    }
  });

  it('a re-run of the same dates, and of the latest date alone, announces nothing new', async () => {
    const before = await eventItems();
    await runSync({ count: DAYS, source: directorySource(dir) });
    expect(drain()).toEqual([]);
    await runSync({ request: { dates: [demo.dates.at(-1)!] }, source: directorySource(dir) });
    expect(drain()).toEqual([]);
    expect(await eventItems()).toEqual(before);
  }, 180_000);

  it('a Refresh of every account re-judges old days and announces nothing new', async () => {
    const judge = await loadJudge();
    for (const account of await accountRepository.listAll()) await rejudgeAccount(account, judge);
    expect(drain()).toEqual([]);
  }, 120_000);

  it('the impact preview of a stricter version changes standings and announces nothing', async () => {
    const [current] = (await programRepository.listCurrent()).filter((program) =>
      program.phases.some((phase) =>
        phase.rules.rules.some((rule) => rule.ruleId.startsWith('drawdown')),
      ),
    );
    const stricter: Program = {
      ...current!,
      version: current!.version + 1,
      phases: current!.phases.map((phase) => ({
        ...phase,
        rules: {
          ...phase.rules,
          rules: phase.rules.rules.map((rule) =>
            rule.ruleId.startsWith('drawdown')
              ? { ...rule, parameterOverrides: { ...rule.parameterOverrides, maxDrawdown: 50 } }
              : rule,
          ),
        },
      })),
    };
    const before = await eventItems();
    const impact = await programImpact(stricter);
    expect(impact.changes.length).toBeGreaterThan(0);
    expect(drain()).toEqual([]);
    expect(await eventItems()).toEqual(before);
  }, 120_000);
});

describe('a breach on suspect inputs', () => {
  it('is announced held once, then breached once when staff release it', async () => {
    // Which account breaches, and when, in a clean night.
    const breach = ofType((await syncedNight()).events, 'account.breached')[0]!;
    const accountId = breach.accountId!;
    const date = String(breach.data['date']);

    // The same files with the breach day's NetPnl off by $25: its balance no longer follows.
    const edited = mkdtempSync(join(tmpdir(), 'deskline-events-held-'));
    cpSync(dir, edited, { recursive: true });
    const file = join(edited, 'broker', date, 'daily-performance.csv');
    const [header, ...rows] = readFileSync(file, 'utf8').trimEnd().split('\n');
    const net = header!.split(',').indexOf('NetPnl');
    writeFileSync(
      file,
      `${[
        header,
        ...rows.map((row) => {
          if (!row.startsWith(`${accountId},`)) return row;
          const cells = row.split(',');
          cells[net] = (Number(cells[net]) + 25).toFixed(2);
          return cells.join(',');
        }),
      ].join('\n')}\n`,
    );

    await useNewTable('events-held');
    drain();
    await runSync({ count: DAYS, source: directorySource(edited) });
    const night = drain();
    const held = ofType(night, 'breach.held').filter((event) => event.accountId === accountId);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      key: `breach.held#${accountId}#${date}`,
      link: '/sync/held-breaches',
      data: expect.objectContaining({ decidedStatus: 'failed', keptStatus: 'active' }),
    });
    expect(held[0]!.text).toContain(`A breach of ${accountId} on ${displayDate(date)} is held`);
    expect(ofType(night, 'account.breached').map((event) => event.accountId)).not.toContain(
      accountId,
    );

    // A re-run holds it again, silently.
    await runSync({ count: DAYS, source: directorySource(edited) });
    expect(drain()).toEqual([]);

    const staff = { userId: 'u1', email: 'admin@example.com', groups: [], role: 'admin' as const };
    await releaseHold(accountId, date, staff, 'Checked with the broker');
    expect(drain()).toEqual([
      expect.objectContaining({
        type: 'account.breached',
        accountId,
        key: breach.key,
        text: breach.text,
      }),
    ]);
    await releaseHold(accountId, date, staff, 'Again');
    expect(drain()).toEqual([]);
    rmSync(edited, { recursive: true, force: true });
  }, 300_000);
});

describe('a sync run that fails', () => {
  it('is announced once, with its error and a link to the run', async () => {
    await useNewTable('events-failed');
    drain();
    const run = await startRun({ count: 1, trigger: 'api' });
    await failRun(run.runId, 'The broker bucket could not be read');
    await failRun(run.runId, 'The broker bucket could not be read');
    expect(drain()).toEqual([
      expect.objectContaining({
        type: 'sync.failed',
        key: `sync.failed#${run.runId}`,
        link: `/sync/runs/${run.runId}`,
        text: 'The sync run failed: The broker bucket could not be read',
        data: expect.objectContaining({ runId: run.runId, trigger: 'api' }),
      }),
    ]);
  });
});

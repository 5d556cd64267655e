import {
  accountRepository,
  type StoredAccount,
} from '../../../functions/lib/repositories/account-repository';
import { commentRepository } from '../../../functions/lib/repositories/comment-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { programRepository } from '../../../functions/lib/repositories/program-repository';
import { getItem, putItem } from '../../../functions/lib/db/table';
import { dayKeys } from '../../../functions/lib/db/keys';
import { handler } from '../../../functions/summaries/handler';
import { accountDetailResponseSchema } from '@shared/summaries/account-detail';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers, OWNER_TRADER_ID } from '../../support/callers';
import { demoStack, syncAllButLast, type DemoStack } from '../../support/demo-firm';

const summary = { method: 'GET', path: '/api/summaries/account/{accountId}' } as const;
const call = (accountId: string, claims?: Record<string, string>) =>
  invoke(handler, httpEvent(summary, { pathParameters: { accountId }, ...(claims && { claims }) }));

let stack: DemoStack;
let owned: StoredAccount;
let othersAccount: StoredAccount;

describe('GET /api/summaries/account/{accountId}', () => {
  useFreshTable();

  beforeAll(async () => {
    stack = await demoStack({ seed: 'account-summary', days: 4 });
    await syncAllButLast(stack);
    const all = await accountRepository.listAll();
    owned = all.find((account) => account.traderId === OWNER_TRADER_ID && account.engineState)!;
    othersAccount = all.find((account) => account.traderId !== OWNER_TRADER_ID)!;
    await commentRepository.add(
      owned.accountId,
      { author: 'Risk desk', text: 'First note', authorId: 'staff-1' },
      new Date('2026-03-01T10:00:00.000Z'),
    );
    await commentRepository.add(
      owned.accountId,
      { author: 'Ops', text: 'Second note', authorId: 'staff-2' },
      new Date('2026-03-02T10:00:00.000Z'),
    );
  }, 60_000);

  afterAll(() => stack.dispose());

  it('answers the account with its program version, summary, days newest first, rules and comments', async () => {
    const answer = await call(owned.accountId, callers.admin);

    expect(answer.status).toBe(200);
    const { data } = accountDetailResponseSchema.parse(answer.body);
    expect(data.accountId).toBe(owned.accountId);
    expect(data.summary).toEqual(owned.accountSummary);
    expect(data.balance).toEqual(owned.summary);
    const program = await programRepository.getVersion(
      owned.program!.prefix,
      owned.program!.version,
    );
    expect(data.programVersion).toEqual(program);
    const days = (await performanceRepository.listAllByAccount(owned.accountId)).map(
      (day) => day.Date,
    );
    expect(data.performances.map((day) => day.date)).toEqual(days);
    expect(days).toEqual([...days].sort().reverse());
    const latest = data.performances[0]!;
    const stored = (await performanceRepository.getStoredDay(owned.accountId, latest.date))!;
    expect(latest).toMatchObject({
      AcctBal: stored.AcctBal,
      CashBal: stored.CashBal,
      NetPnl: stored.NetPnl,
      conformance: {
        overallStatus: stored.conformance!.overallStatus,
        overallScore: stored.conformance!.overallScore,
        violations: stored.conformance!.violations.length,
      },
    });
    const phase = program!.phases.find((entry) => entry.phaseId === owned.program!.currentPhase)!;
    const enabledIds = new Set(phase.rules.rules.map((reference) => reference.ruleId));
    expect(data.rules.length).toBeGreaterThan(0);
    expect(data.rules.every((rule) => enabledIds.has(rule.ruleId))).toBe(true);
    expect(data.descriptions.map((comment) => comment.text)).toEqual(['Second note', 'First note']);
    expect(answer.body.data).not.toHaveProperty('engineState');
    expect(answer.body.data).not.toHaveProperty('accountSummary');
  });

  it("answers the engine's drawdown of every judged day, and derives it for a day stored before it (decision 34)", async () => {
    const stored = await performanceRepository.listAllByAccount(owned.accountId);
    const oldestFirst = [...stored].sort((a, b) => a.Date.localeCompare(b.Date));
    const judged = oldestFirst.filter((day) => day.conformance?.drawdown);
    expect(judged.length).toBeGreaterThan(1);

    const { data } = accountDetailResponseSchema.parse(
      (await call(owned.accountId, callers.admin)).body,
    );
    expect(data.drawdowns).toEqual(
      judged.map((day) => ({ date: day.Date, ...day.conformance!.drawdown! })),
    );
    expect(data.drawdowns.at(-1)).toEqual({
      date: owned.accountSummary!.lastCalculationDate,
      ...owned.accountSummary!.drawdown!,
    });

    // The same day as an older judgement stored it: no drawdown block, only the rule's floors.
    const latest = judged.at(-1)!;
    const full = (await performanceRepository.getStoredDay(owned.accountId, latest.Date))!;
    const { drawdown, ...older } = full.conformance!;
    const putDay = (day: typeof full) =>
      Promise.all(performanceRepository.dayItemsOf(day).map((item) => putItem(item)));
    await putDay({ ...full, conformance: older });
    // Its summary row keeps the rule's floors, which the page derives the day from.
    const row = await getItem(dayKeys.summaryRow(owned.accountId, latest.Date));
    expect(row?.day).not.toHaveProperty('drawdown');
    expect(row?.day).toMatchObject({ drawdownRule: { category: 'drawdown' } });
    const derived = accountDetailResponseSchema
      .parse((await call(owned.accountId, callers.admin)).body)
      .data.drawdowns.at(-1)!;
    expect(derived).toMatchObject({
      date: latest.Date,
      floorInForce: drawdown!.floorInForce,
      maxDrawdown: drawdown!.maxDrawdown,
      balance: drawdown!.balance,
      trough: drawdown!.trough,
      breached: drawdown!.breached,
    });
    await putDay(full);
  });

  it('answers the trader who owns the account without the staff comments, and 404 to another trader as to an unknown id', async () => {
    const owner = await call(owned.accountId, callers.owner);
    const other = await call(othersAccount.accountId, callers.owner);
    const stranger = await call(owned.accountId, callers.other);
    const unknown = await call('NOPE-000001', callers.admin);

    expect(owner.status).toBe(200);
    expect(owner.body.data.accountId).toBe(owned.accountId);
    expect(owner.body.data.descriptions).toEqual([]);
    expect([other.status, stranger.status, unknown.status]).toEqual([404, 404, 404]);
  });

  it('answers 401 without a token and 400 for a bad account id', async () => {
    expect((await call(owned.accountId)).status).toBe(401);
    const bad = await call('bad/id', callers.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('accountId');
  });

  it('answers a null summary and no days for an account not judged yet', async () => {
    await putItem(
      accountRepository.itemOf({ accountId: 'FRESH-000001', traderId: OWNER_TRADER_ID }),
    );

    const answer = await call('FRESH-000001', callers.admin);

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ summary: null, performances: [], descriptions: [] });
  });
});

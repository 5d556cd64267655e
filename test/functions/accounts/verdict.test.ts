import { handler } from '../../../functions/accounts/handler';
import {
  accountRepository,
  type StoredAccount,
} from '../../../functions/lib/repositories/account-repository';
import { performanceRepository } from '../../../functions/lib/repositories/performance-repository';
import { accountVerdictSchema } from '@shared/rules/explain';
import { decisiveBreach } from '@shared/rules/decisive-breach';
import { accountOn, putAccounts } from '../../support/accounts';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, invoke } from '../../support/http-events';
import { callers, OWNER_TRADER_ID } from '../../support/callers';
import { demoStack, syncAllButLast, type DemoStack } from '../../support/demo-firm';

const verdict = { method: 'GET', path: '/api/accounts/{accountId}/verdict' } as const;

const call = (accountId: string, claims?: Record<string, string>) =>
  invoke(handler, httpEvent(verdict, { pathParameters: { accountId }, ...(claims && { claims }) }));

let stack: DemoStack;
let accounts: StoredAccount[];

describe('GET /api/accounts/{accountId}/verdict', () => {
  useFreshTable();

  beforeAll(async () => {
    stack = await demoStack({ seed: 'account-verdict' });
    await syncAllButLast(stack);
    accounts = await accountRepository.listAll();
  }, 120_000);

  afterAll(() => stack.dispose());

  it('explains a failed account from its stored state: the decisive rule first, its day on the path', async () => {
    const failed = accounts.find((account) => account.engineState?.failedDate);
    expect(failed).toBeDefined();
    const answer = await call(failed!.accountId, callers.admin);

    expect(answer.status).toBe(200);
    const body = accountVerdictSchema.parse(answer.body);
    const days = await performanceRepository.listAllByAccount(failed!.accountId);
    const last = await performanceRepository.getStoredDay(failed!.accountId, days[0]!.Date);
    const decisive = decisiveBreach(last!.engineState!);
    expect(body.explanation).toMatchObject({
      status: 'failed',
      failedDate: last!.engineState!.failedDate,
      decisiveRuleId: decisive?.ruleId ?? null,
    });
    if (decisive) {
      expect(body.explanation.rules[0]).toMatchObject({
        ruleId: decisive.ruleId,
        decisive: true,
        standing: 'breached',
        date: decisive.date,
      });
      expect(body.explanation.headline).toBe(body.explanation.rules[0]!.sentence);
      expect(body.explanation.headline).toContain(`${decisive.name}: breached on`);
    }
    // The path is the judged days, oldest first, with the breach day marked.
    const dates = body.path.map((day) => day.date);
    expect(dates).toEqual([...dates].sort());
    expect(body.path.find((day) => day.date === last!.engineState!.failedDate)?.marker).toBe(
      'breach',
    );
    expect(body.program).toBe(`${failed!.program!.prefix} v${failed!.program!.version}`);
  });

  it('answers the owning trader, and 404 to another trader or an unknown account', async () => {
    const owned = accounts.find(
      (account) => account.traderId === OWNER_TRADER_ID && account.engineState,
    )!;
    const mine = await call(owned.accountId, callers.owner);
    expect(mine.status).toBe(200);
    expect(accountVerdictSchema.parse(mine.body).accountId).toBe(owned.accountId);
    expect(mine.body.path.length).toBeGreaterThan(0);

    const other = await call(owned.accountId, callers.other);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('"path"');

    expect((await call('NOPE-000001', callers.admin)).status).toBe(404);
  });

  it('a staff account without any judged day has an empty path and no verdict yet', async () => {
    await putAccounts([accountOn('EMPTY-000001', accounts[0]!.program?.prefix)]);
    const answer = await call('EMPTY-000001', callers.admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      path: [],
      explanation: { status: 'no-data', headline: 'No judged day yet.', rules: [] },
    });
  });
});

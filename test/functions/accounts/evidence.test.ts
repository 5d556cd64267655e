import { handler } from '../../../functions/accounts/handler';
import {
  accountRepository,
  type StoredAccount,
} from '../../../functions/lib/repositories/account-repository';
import { evidencePackSchema, type EvidencePack } from '@shared/evidence/evidence-pack';
import { canonicalSha256 } from '@shared/evidence/canonical-json';
import { formatEvidenceReport, verifyEvidencePack } from '@shared/evidence/verify';
import { useFreshTable } from '../../support/fresh-table';
import { httpEvent, testContext } from '../../support/http-events';
import { callers, OWNER_TRADER_ID } from '../../support/callers';
import { demoStack, syncAll, type DemoStack } from '../../support/demo-firm';

const evidence = { method: 'GET', path: '/api/accounts/{accountId}/evidence' } as const;

async function download(
  accountId: string,
  claims: Record<string, string> | undefined,
  query?: Record<string, string>,
) {
  const result = await handler(
    httpEvent(evidence, {
      pathParameters: { accountId },
      ...(claims && { claims }),
      ...(query && { query }),
    }),
    testContext,
  );
  return {
    status: result.statusCode ?? 200,
    headers: (result.headers ?? {}) as Record<string, string>,
    body: result.body ? JSON.parse(result.body) : undefined,
  };
}

let stack: DemoStack;
let accounts: StoredAccount[];
let owned: StoredAccount;
let othersAccount: StoredAccount;
/** A failed account and the day it failed. */
let failed: StoredAccount;

describe('GET /api/accounts/{accountId}/evidence', () => {
  useFreshTable();

  beforeAll(async () => {
    stack = await demoStack({ seed: 'evidence-pack', days: 10 });
    await syncAll(stack);
    accounts = await accountRepository.listAll();
    owned = accounts.find(
      (account) => account.traderId === OWNER_TRADER_ID && account.engineState,
    )!;
    othersAccount = accounts.find((account) => account.traderId !== OWNER_TRADER_ID)!;
    failed = accounts.find((account) => account.engineState?.failedDate)!;
  }, 180_000);

  afterAll(() => stack.dispose());

  it('answers staff and the owning trader the pack as a JSON download named after the account and its last day', async () => {
    for (const claims of [callers.admin, callers.owner]) {
      const answer = await download(owned.accountId, claims);

      expect(answer.status).toBe(200);
      const pack = evidencePackSchema.parse(answer.body);
      expect(pack).toMatchObject({
        format: 'deskline-evidence',
        accountId: owned.accountId,
        traderId: OWNER_TRADER_ID,
        scope: { kind: 'account' },
      });
      const lastDay = pack.inputs.days.at(-1)!.date;
      expect(lastDay).toBe(owned.engineStateDate);
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="evidence-${owned.accountId}-${lastDay}.json"`,
      );
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(pack.inputsSha256).toBe(await canonicalSha256(answer.body.inputs));
      expect(pack.computed.at(-1)!.state).toEqual(owned.engineState);
    }
  });

  it("answers another trader's account, and the owner's account to another trader, with the 404 of an unknown account", async () => {
    const other = await download(othersAccount.accountId, callers.owner);
    const stranger = await download(owned.accountId, callers.other);
    const unknown = await download('NOPE-000001', callers.admin);

    expect([other.status, stranger.status, unknown.status]).toEqual([404, 404, 404]);
    expect(stranger.body.error.message).toBe(`Account ${owned.accountId} not found`);
    expect(JSON.stringify(stranger.body)).not.toContain('inputs');
    expect((await download(owned.accountId, undefined)).status).toBe(401);
  });

  it('limits a pack to one breach: the days of its judging run up to the breach day, and its violations', async () => {
    const date = failed.engineState!.failedDate!;
    const answer = await download(failed.accountId, callers.admin, { breach: date });

    expect(answer.status).toBe(200);
    const pack: EvidencePack = evidencePackSchema.parse(answer.body);
    expect(pack.scope).toEqual({ kind: 'breach', date });
    expect(pack.inputs.days.at(-1)!.date).toBe(date);
    expect(pack.verdict.status).toBe('failed');
    expect(pack.verdict.failedDate).toBe(date);
    expect(pack.verdict.decisiveBreach?.date).toBe(date);
    expect(pack.verdict.violations.length).toBeGreaterThan(0);
    expect(pack.verdict.violations.every((violation) => violation.date === date)).toBe(true);
    expect(answer.headers['content-disposition']).toContain(
      `evidence-${failed.accountId}-${date}.json`,
    );
    expect((await verifyEvidencePack(answer.body)).ok).toBe(true);
  });

  it('answers 404 for a breach day without a breach, and 400 naming the field for bad input', async () => {
    const none = await download(owned.accountId, callers.admin, { breach: '20200102' });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(`Account ${owned.accountId} has no breach on 01/02/2020`);

    const badDate = await download(owned.accountId, callers.admin, { breach: '2026-11-18' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.error.details[0].field).toBe('breach');
    const badId = await download('a'.repeat(129), callers.admin);
    expect(badId.status).toBe(400);
    expect(badId.body.error.details[0].field).toBe('accountId');
  });

  it("reproduces every demo account's verdict from its pack", async () => {
    expect(accounts.length).toBeGreaterThan(2);
    for (const account of accounts) {
      const answer = await download(account.accountId, callers.admin);
      const report = await verifyEvidencePack(answer.body);

      expect({ account: account.accountId, lines: formatEvidenceReport(report) }).toEqual({
        account: account.accountId,
        lines: expect.arrayContaining(['same verdict']),
      });
      expect(report.daysRecomputed).toBe(answer.body.inputs.days.length);
    }
  });

  it('reports the first difference when one input number of a pack is changed', async () => {
    const answer = await download(failed.accountId, callers.admin);
    const pack = structuredClone(answer.body) as EvidencePack;
    const day = pack.inputs.days.findIndex(
      (entry) => entry.date === failed.engineState!.failedDate,
    );
    // The failing day's balance raised far above any floor or loss limit.
    pack.inputs.days[day]!.performance.AcctBal += 100_000;

    const report = await verifyEvidencePack(pack);

    expect(report.ok).toBe(false);
    expect(report.hash?.ok).toBe(false);
    expect(report.difference).toMatchObject({ date: pack.inputs.days[day]!.date });
    expect(formatEvidenceReport(report).join('\n')).toMatch(
      /first difference on \d\d\/\d\d\/\d{4}/,
    );
    expect(formatEvidenceReport(report)).not.toContain('same verdict');
  });
});

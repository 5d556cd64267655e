import { displayDate } from '@shared/common/display-date';
import { buildEvidencePack, programKeyOfJudgedBy } from '@shared/evidence/build-pack';
import { evidenceFileName } from '@shared/evidence/file-name';
import {
  programKeyOf,
  type EvidencePack,
  type EvidenceProgram,
  type EvidenceQuery,
} from '@shared/evidence/evidence-pack';
import { currentPhaseOf } from '@shared/programs/current-phase';
import { NotFoundError } from '../lib/errors';
import { Reply } from '../lib/http-handler';
import { RuleBook } from '../lib/judging/rule-book';
import { payoutDatesOf } from '../lib/judging/judge';
import { withoutKeys } from '../lib/db/keys';
import { accountRepository, type StoredAccount } from '../lib/repositories/account-repository';
import {
  performanceRepository,
  storedPerformanceSchema,
  type AccountHistory,
  type StoredPerformance,
} from '../lib/repositories/performance-repository';
import { programRepository } from '../lib/repositories/program-repository';

/**
 * The program phase a rules key names (`<prefix>#<version>#<phaseId>`, as `judgedBy` writes it), with
 * the rule definitions at the versions that phase pins: what judged the days under that key.
 */
async function programOfKey(key: string, rules: RuleBook): Promise<EvidenceProgram | undefined> {
  const match = /^([^#]+)#(\d+)#(.+)$/.exec(key);
  if (!match) return undefined;
  const [, prefix, version, phaseId] = match as unknown as [string, string, string, string];
  const program = await programRepository.getVersion(prefix, Number(version));
  const phase = program && currentPhaseOf(program, { currentPhase: phaseId });
  if (!program || !phase) return undefined;
  return {
    key: programKeyOf({ prefix, version: program.version, phaseId }),
    prefix,
    name: program.name,
    version: program.version,
    phaseId,
    phase,
    rules: await rules.forPhase(phase),
  };
}

/**
 * Every stored day of the account, oldest first, read in pages (`accountRepository.dayPages`), and
 * the fills and trades of those days (one range read from the first day on).
 */
async function accountHistory(accountId: string): Promise<AccountHistory> {
  const days: StoredPerformance[] = [];
  for await (const page of accountRepository.dayPages(accountId)) {
    for (const item of page) days.push(storedPerformanceSchema.parse(withoutKeys(item)));
  }
  days.reverse();
  const first = days[0];
  if (!first) return { days, fills: new Map(), trades: new Map() };
  return { days, ...(await performanceRepository.listActivityFrom(accountId, first.Date)) };
}

/**
 * The account's evidence pack (docs/evidence-pack.md) from its stored days: the performance, fill and
 * trade items each day was judged from, the engine state and conformance stored with the day, and the
 * program versions its `judgedBy` keys name. A breach pack of a day without a breach is a 404.
 */
export async function accountEvidence(
  account: StoredAccount,
  query: EvidenceQuery,
  generatedAt = new Date().toISOString(),
): Promise<EvidencePack> {
  const history = await accountHistory(account.accountId);
  const keys = new Set(
    history.days.flatMap((day) => (day.judgedBy ? [programKeyOfJudgedBy(day.judgedBy)] : [])),
  );
  const rules = keys.size > 0 ? await RuleBook.load() : new RuleBook([]);
  const programs = (await Promise.all([...keys].map((key) => programOfKey(key, rules)))).filter(
    (program): program is EvidenceProgram => program !== undefined,
  );
  const pack = await buildEvidencePack({
    accountId: account.accountId,
    traderId: account.traderId,
    generatedAt,
    scope: query.breach ? { kind: 'breach', date: query.breach } : { kind: 'account' },
    programs,
    days: history.days.map((day) => ({
      date: day.Date,
      judgedBy: day.judgedBy,
      performance: day,
      fills: history.fills.get(day.Date) ?? [],
      trades: history.trades.get(day.Date) ?? [],
      state: day.engineState,
      conformance: day.conformance,
    })),
    payoutDates: payoutDatesOf(account),
  });
  if (!pack) {
    throw new NotFoundError(
      `Account ${account.accountId} has no breach on ${displayDate(query.breach)}`,
    );
  }
  return pack;
}

/**
 * The pack as a file download: named after the account and the last day it covers (the breach day
 * of a breach pack), or the day it was made when it covers none.
 */
export function evidenceDownload(pack: EvidencePack): Reply {
  const name = evidenceFileName(pack);
  return new Reply(200, pack, { 'content-disposition': `attachment; filename="${name}"` });
}

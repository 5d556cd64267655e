import { displayDate } from '@shared/common/display-date';
import type { NotificationEventInput } from '@shared/notifications/events';
import type { ConformanceRule } from '@shared/rules/conformance';
import { decisiveBreach } from '@shared/rules/decisive-breach';
import { explainVerdict } from '@shared/rules/explain';
import type { HeldBreach } from '@shared/sync/held-breaches';
import type { StoredAccount } from '../repositories/account-items';
import type { JudgedDay } from './judge';

/*
 * The judging service's events (docs/rules-engine.md "Judging events"): what a judged day
 * changed for its account, each with a cause key, so the outbox writes it once however often the day
 * is judged again. The texts are the verdict's own sentences (shared/rules/explain), never written
 * here apart from the framing of a held breach.
 */

/** The staff screen of an account, as web/src/config/paths.ts names it (`accountDetails`). */
export const accountLink = (accountId: string) =>
  `/summaries/account/${encodeURIComponent(accountId)}`;
/** The staff screen of held breaches (`heldBreaches`). */
export const HELD_BREACHES_LINK = '/sync/held-breaches';

/** The rules whose 80% warning is announced: the two limits the engine warns on. */
const LIMIT_CATEGORIES = new Set(['drawdown', 'daily-loss']);

export interface AnnouncedDay {
  date: string;
  judged: JudgedDay;
  /** The account before the day (or before the re-judgement), and after it passed the gate. */
  before: StoredAccount;
  after: StoredAccount;
  /** The hold the gate opened on the day, if any. */
  held: HeldBreach | undefined;
  /** The program's clock for fill times in the sentences (as the verdict names them); UTC by default. */
  timeZone?: string;
}

const ruleFigures = (rule: ConformanceRule) => ({
  ruleId: rule.ruleId,
  rule: rule.name,
  category: rule.category,
  value: rule.currentValue,
  limit: rule.thresholdValue,
});

/**
 * The events of one judged day that is the account's latest: a pass or a failure the status takes on,
 * a breach the gate held, a limit at 80% or more, and the inactivity warning turning on. Keys:
 * `account.passed#<accountId>#<judgedBy>#<passedDate>`, `account.breached#<accountId>#<judgedBy>#<failedDate>`,
 * `account.limit_near#<accountId>#<date>#<ruleId>`, `account.inactivity_warning#<accountId>#<judgedBy>#<date>`,
 * `breach.held#<accountId>#<date>`.
 */
export function judgedDayEvents(day: AnnouncedDay): NotificationEventInput[] {
  const { date, judged, before, after, held, timeZone } = day;
  const { accountId, traderId } = after;
  const { state, conformance, judgedBy } = judged;
  const program = after.program ? `${after.program.prefix} v${after.program.version}` : null;
  let explained: ReturnType<typeof explainVerdict> | undefined;
  const explanation = () =>
    (explained ??= explainVerdict({ state, latest: conformance, program, timeZone }));
  const sentenceOf = (ruleId: string) =>
    explanation().rules.find((rule) => rule.ruleId === ruleId)?.sentence;
  const base = { traderId, accountId, link: accountLink(accountId) };
  const common = { accountId, date, judgedBy, program };
  const events: NotificationEventInput[] = [];

  if (after.status === 'failed' && before.status !== 'failed' && state.failedDate) {
    const breach = decisiveBreach(state);
    events.push({
      ...base,
      type: 'account.breached',
      key: `account.breached#${accountId}#${judgedBy}#${state.failedDate}`,
      text: explanation().headline,
      data: {
        ...common,
        date: state.failedDate,
        ...(breach && {
          ruleId: breach.ruleId,
          rule: breach.name,
          category: breach.category,
          violationType: breach.ruleType,
          value: breach.value,
          limit: breach.threshold,
        }),
      },
    });
  }
  if (after.status === 'passed' && before.status !== 'passed' && state.passedDate) {
    events.push({
      ...base,
      type: 'account.passed',
      key: `account.passed#${accountId}#${judgedBy}#${state.passedDate}`,
      text: explanation().headline,
      data: {
        ...common,
        date: state.passedDate,
        balance: conformance.currentBalance,
        startingBalance: conformance.startingBalance,
      },
    });
  }
  if (held) {
    const checks = held.failures.map((failure) => failure.message).join('; ');
    const breach = decisiveBreach(state);
    events.push({
      ...base,
      type: 'breach.held',
      key: `breach.held#${accountId}#${date}`,
      link: HELD_BREACHES_LINK,
      text:
        `A breach of ${accountId} on ${displayDate(date)} is held for review: ${checks}.` +
        (breach ? ` ${sentenceOf(breach.ruleId) ?? breach.description}` : ''),
      data: {
        ...common,
        decidedStatus: held.decidedStatus,
        keptStatus: held.previousStatus,
        checks: held.failures.map((failure) => ({ check: failure.check, ...failure.figures })),
        ...(breach && { ruleId: breach.ruleId, rule: breach.name }),
      },
    });
  }
  if (after.status !== 'failed' && state.failedDate === null) {
    for (const rule of conformance.rules) {
      if (!LIMIT_CATEGORIES.has(rule.category)) continue;
      if (rule.outcome !== 'ok' || rule.severity !== 'warning') continue;
      events.push({
        ...base,
        type: 'account.limit_near',
        key: `account.limit_near#${accountId}#${date}#${rule.ruleId}`,
        text: sentenceOf(rule.ruleId) ?? rule.message,
        data: { ...common, ...ruleFigures(rule) },
      });
    }
  }
  const inactive = after.accountSummary?.inactivityWarning && after.status !== 'failed';
  if (inactive && !before.accountSummary?.inactivityWarning) {
    const rule = conformance.rules.find((entry) => entry.category === 'inactivity');
    events.push({
      ...base,
      type: 'account.inactivity_warning',
      key: `account.inactivity_warning#${accountId}#${judgedBy}#${date}`,
      text: (rule && sentenceOf(rule.ruleId)) ?? `${accountId} has been inactive for a while.`,
      data: { ...common, ...(rule && ruleFigures(rule)) },
    });
  }
  return events;
}

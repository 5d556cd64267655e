import { displayDate } from '../../common/display-date';
import { centsToDollars, decimalFraction, dollarsToCents } from '../../money/decimal';
import { formatUsdCents } from '../../money/format';
import type { Conformance, ConformanceRule, Violation } from '../conformance';
import { decisiveBreach } from '../decisive-breach';
import type { EngineState } from '../engine-state';
import type { RuleDefinition } from '../rule-definition';
import { zoneClock } from '../time-zones';
import type {
  ExplainedFill,
  PathDay,
  RuleExplanation,
  Standing,
  VerdictExplanation,
} from './schema';

/**
 * The verdict explained, rule by rule, from the engine's own records: the state after the last
 * judged day (breaches with the figures each rule recorded in `details`, `decisiveBreach`) and that
 * day's conformance (each rule's value, limit and details). No screen writes its own copy: the
 * sentences are built here, so the staff page, the trader's page and e-mails read alike.
 */
export interface ExplainSource {
  state: Pick<
    EngineState,
    | 'failedDate'
    | 'passedDate'
    | 'violationLog'
    | 'lastTradingDate'
    | 'daysEvaluated'
    | 'startingBalanceCents'
  >;
  /** The conformance of the last judged day with data; null before the first. */
  latest: Pick<Conformance, 'evaluationDate' | 'rules' | 'drawdown'> | null;
  /** The account's path (to name the day the floor locked and a breach day's close). */
  path?: readonly PathDay[];
  /** "EVAL50K v3": named after a drawdown breach, as the firm's help desk would. */
  program?: string | null;
  /** The program's clock for fills of rules that have no zone of their own (default UTC). */
  timeZone?: string;
}

type Figures = RuleExplanation['figures'];

interface Context {
  source: ExplainSource;
  startCents: number;
  timeZone: string;
}

const usd = (dollars: number): string => formatUsdCents(dollarsToCents(dollars));
const usdDifference = (a: number, b: number): string =>
  formatUsdCents(Math.abs(dollarsToCents(a) - dollarsToCents(b)));
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A fraction as a whole-ish percentage: 0.4583 → "45.8%", 0.4 → "40%". */
export function percentText(ratio: number): string {
  const tenths = Math.round(ratio * 1000);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}%`;
}

/**
 * The program's clock for explanations: the time zone of the phase's trading-hours rule (its
 * reference's override, else the definition's), the clock its traders read; UTC without one.
 */
export function programClockZone(
  references: readonly { ruleId: string; parameterOverrides?: Record<string, unknown> | null }[],
  definitions: readonly Pick<RuleDefinition, 'ruleId' | 'category' | 'testParameters'>[],
): string {
  for (const reference of references) {
    const definition = definitions.find((rule) => rule.ruleId === reference.ruleId);
    if (definition?.category !== 'trading-hours') continue;
    const zone = { ...definition.testParameters, ...reference.parameterOverrides }['timezone'];
    if (typeof zone === 'string' && zone) return zone;
  }
  return 'UTC';
}

/** HH:MM:SS of a broker fill time on a zone's clock (UTC when the zone is unknown). */
export function clockTime(time: string, zone: string): { localTime: string; timeZone: string } {
  const instant = Date.parse(time);
  if (Number.isNaN(instant)) return { localTime: time, timeZone: zone };
  let clock;
  let timeZone = zone;
  try {
    clock = zoneClock(zone);
  } catch {
    clock = zoneClock('UTC');
    timeZone = 'UTC';
  }
  const seconds = Math.floor(clock.timeOfDay(instant) / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const localTime = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  return { localTime, timeZone };
}

interface RecordedFill {
  time: string;
  symbol: string;
}

function recordedFills(details: Record<string, unknown> | undefined): RecordedFill[] {
  const fills = details?.['fills'];
  if (!Array.isArray(fills)) return [];
  return fills.filter(
    (fill): fill is RecordedFill & Record<string, unknown> =>
      typeof fill === 'object' &&
      fill !== null &&
      typeof (fill as RecordedFill).time === 'string' &&
      typeof (fill as RecordedFill).symbol === 'string',
  );
}

function explainedFill(fill: RecordedFill, zone: string, broke: string): ExplainedFill {
  return { time: fill.time, symbol: fill.symbol, broke, ...clockTime(fill.time, zone) };
}

const fillList = (fills: readonly ExplainedFill[], total: number): string => {
  const listed = fills.map((fill) => `${fill.symbol} at ${fill.localTime}`).join(', ');
  return total > fills.length ? `${listed} and ${total - fills.length} more` : listed;
};

/** What a rule's explanation is made of before its name and standing are added. */
interface Part {
  standing: Standing;
  date: string | null;
  text: string;
  figures: Figures;
  fills?: ExplainedFill[];
}

// ---------------------------------------------------------------------------------------------
// Drawdown

/** How the floor came to be where it is: static, trailed, or locked (and on which day). */
function floorStory(
  context: Context,
  resetType: string | null,
  floor: number,
  maxDrawdown: number | null,
  locked: boolean,
  upTo: string | null,
  past: boolean,
): string {
  const start = centsToDollars(context.startCents);
  const had = past ? 'had ' : '';
  if (resetType === 'static') {
    return `the floor is static at ${usd(floor)}${maxDrawdown === null ? '' : ` (the starting balance less ${usd(maxDrawdown)})`}`;
  }
  if (locked) {
    const lockDay = context.source.path?.find(
      (day) => day.locked && (upTo === null || day.date <= upTo),
    )?.date;
    const level =
      dollarsToCents(floor) === context.startCents ? 'the starting balance' : usd(floor);
    return `the floor ${had}locked at ${level}${lockDay ? ` on ${displayDate(lockDay)}` : ''}`;
  }
  const initial = maxDrawdown === null ? null : start - maxDrawdown;
  if (initial === null || dollarsToCents(initial) >= dollarsToCents(floor)) {
    return `the floor ${had}not moved from ${usd(floor)}`;
  }
  return `the floor ${had}trailed from ${usd(initial)} to ${usd(floor)}`;
}

function drawdownBreach(context: Context, breach: Violation): Part {
  const details = breach.details ?? {};
  const floor = num(details['floorInForce']);
  const trough = num(details['trough']);
  const closeFloor = num(details['closeFloor']);
  const resetType = str(details['resetType']);
  const maxDrawdown = num(details['maxDrawdown']) ?? breach.threshold;
  const program = context.source.program ? ` (program ${context.source.program})` : '';
  const close = context.source.path?.find((day) => day.date === breach.date)?.balance ?? null;
  const figures: Figures = {
    resetType,
    floor,
    trough,
    maxDrawdown,
    drawdown: breach.value,
    balance: close,
  };
  const breached = (text: string): Part => ({
    standing: 'breached',
    date: breach.date,
    figures,
    text: `breached on ${displayDate(breach.date)}. ${text}`,
  });
  if (floor !== null && trough !== null && trough < floor) {
    const story = floorStory(
      context,
      resetType,
      floor,
      maxDrawdown,
      details['locked'] === true,
      breach.date,
      true,
    );
    figures['below'] = centsToDollars(dollarsToCents(floor) - dollarsToCents(trough));
    return breached(
      `Lowest intraday balance ${usd(trough)} was ${usdDifference(floor, trough)} below ` +
        `the floor of ${usd(floor)}; ${story}${program}.`,
    );
  }
  if (closeFloor !== null && close !== null && close < closeFloor) {
    figures['floor'] = closeFloor;
    figures['below'] = centsToDollars(dollarsToCents(closeFloor) - dollarsToCents(close));
    return breached(
      `Closing balance ${usd(close)} was ${usdDifference(closeFloor, close)} below the ` +
        `floor of ${usd(closeFloor)}, raised that day by the intraday high${program}.`,
    );
  }
  // A breach recorded before the rule kept its figures: the value and limit the engine stored.
  return breached(
    `Drawdown ${breach.value === null ? '' : `${usd(breach.value)} `}went beyond the ` +
      `${maxDrawdown === null ? '' : `${usd(maxDrawdown)} `}allowed${program}.`,
  );
}

function drawdownStanding(context: Context, rule: ConformanceRule, standing: Standing): Part {
  const latest = context.source.latest;
  const drawdown = latest?.drawdown ?? null;
  const details = rule.details ?? {};
  const resetType = str(details['resetType']);
  const date = latest?.evaluationDate ?? null;
  if (!drawdown) {
    return { standing, date, figures: {}, text: `${standing} on ${displayDate(date)}.` };
  }
  const { floor, balance, used, maxDrawdown, trough, floorInForce } = drawdown;
  const story = floorStory(context, resetType, floor, maxDrawdown, drawdown.locked, null, false);
  const touched =
    trough !== null && dollarsToCents(trough) === dollarsToCents(floorInForce)
      ? ` The day's lowest balance ${usd(trough)} touched the floor; touching is not a breach.`
      : '';
  return {
    standing,
    date,
    figures: {
      resetType,
      balance,
      floor,
      room: centsToDollars(dollarsToCents(balance) - dollarsToCents(floor)),
      used,
      maxDrawdown,
      usage: drawdown.usage,
      trough,
      locked: drawdown.locked,
    },
    text:
      `${standing === 'warning' ? 'warning' : 'ok'} on ${displayDate(date)}. Balance ` +
      `${usd(balance)} is ${usdDifference(balance, floor)} above the floor of ${usd(floor)}; ` +
      `${usd(used)} of the ${usd(maxDrawdown)} allowed drawdown used (${percentText(drawdown.usage)}); ` +
      `${story}.${touched}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Single-day limits

function dailyLoss(rule: ConformanceRule, breach: Violation | null, date: string | null): Part {
  const loss = breach?.value ?? rule.currentValue ?? 0;
  const limit = breach?.threshold ?? rule.thresholdValue ?? 0;
  const figures: Figures = { loss, limit, usage: limit > 0 ? Math.min(1, loss / limit) : null };
  if (breach) {
    const beyond = dollarsToCents(loss) - dollarsToCents(limit);
    const how =
      beyond > 0
        ? `of ${usd(loss)} was ${formatUsdCents(beyond)} beyond the ${usd(limit)} limit`
        : `of ${usd(loss)} reached the ${usd(limit)} limit (reaching the limit counts)`;
    return breach.soft
      ? {
          standing: 'warning',
          date: breach.date,
          figures,
          text: `limit reached on ${displayDate(breach.date)}, trading paused for the day. The day's loss ${how}.`,
        }
      : {
          standing: 'breached',
          date: breach.date,
          figures,
          text: `breached on ${displayDate(breach.date)}. The day's loss ${how}.`,
        };
  }
  const standing: Standing = rule.severity === 'warning' ? 'warning' : 'ok';
  return {
    standing,
    date,
    figures,
    text:
      loss > 0
        ? `${standing} on ${displayDate(date)}. The day's worst loss ${usd(loss)} is ${percentText(loss / limit)} of the ${usd(limit)} limit.`
        : `${standing} on ${displayDate(date)}. No loss that day; the limit is ${usd(limit)}.`,
  };
}

function inactivity(
  context: Context,
  rule: ConformanceRule,
  breach: Violation | null,
  date: string | null,
): Part {
  const idle = breach?.value ?? rule.currentValue ?? 0;
  const allowed = breach?.threshold ?? rule.thresholdValue ?? 0;
  const last = context.source.state.lastTradingDate;
  const figures: Figures = { idleDays: idle, maxInactiveDays: allowed, lastTradingDate: last };
  if (breach) {
    return {
      standing: 'breached',
      date: breach.date,
      figures,
      text: `breached on ${displayDate(breach.date)}. ${plural(idle, 'calendar day')} without a trade, more than the ${allowed} allowed.`,
    };
  }
  const standing: Standing = rule.severity === 'warning' ? 'warning' : 'ok';
  return {
    standing,
    date,
    figures,
    text:
      idle === 0
        ? `${standing} on ${displayDate(date)}. Traded that day; at most ${plural(allowed, 'day')} without a trade allowed.`
        : `${standing} on ${displayDate(date)}. ${plural(idle, 'day')} since ${last ? `the last trading day ${displayDate(last)}` : 'the first day'}; at most ${allowed} allowed.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Fill-based rules

function tradingHours(context: Context, breach: Violation): Part {
  const details = breach.details ?? {};
  const zone = str(details['timezone']) ?? context.timeZone;
  const open = str(details['openTime']);
  const close = str(details['closeTime']);
  const window =
    open && close ? `the ${open}–${close} window (${zone})` : `the trading hours (${zone})`;
  let fills = recordedFills(details).map((fill) => explainedFill(fill, zone, `outside ${window}`));
  const first = str(details['firstFillOutside']);
  if (fills.length === 0 && first)
    fills = [explainedFill({ time: first, symbol: '' }, zone, window)];
  const count = breach.value ?? fills.length;
  return {
    standing: 'breached',
    date: breach.date,
    figures: { fillsOutside: count, openTime: open, closeTime: close, timeZone: zone },
    fills,
    text: `breached on ${displayDate(breach.date)}. ${plural(count, 'fill')} outside ${window}: ${fillList(fills, count)}.`,
  };
}

function newsTrading(breach: Violation): Part {
  const details = breach.details ?? {};
  const buffer = num(details['bufferMinutes']);
  const raw = Array.isArray(details['fills'])
    ? (details['fills'] as Record<string, unknown>[])
    : [];
  const fills = recordedFills(details).map((fill, index) => {
    const entry = raw[index] ?? {};
    const zone = str(entry['timezone']) ?? 'Eastern';
    const eventAt = str(entry['eventAt']);
    const event = str(entry['event']) || 'a news event';
    const minutes = eventAt
      ? Math.round((Date.parse(fill.time) - Date.parse(eventAt)) / 60_000)
      : null;
    const when =
      minutes === null || !eventAt
        ? event
        : `${minutes === 0 ? 'at' : `${Math.abs(minutes)} min ${minutes < 0 ? 'before' : 'after'}`} ${event} (${clockTime(eventAt, zone).localTime.slice(0, 5)})`;
    return explainedFill(fill, zone, when);
  });
  const count = breach.value ?? fills.length;
  const events = Array.isArray(details['events']) ? (details['events'] as string[]) : [];
  const listed = fills.map(
    (fill) => `${fill.symbol} at ${fill.localTime} ${fill.timeZone}, ${fill.broke}`,
  );
  return {
    standing: 'breached',
    date: breach.date,
    figures: { fillsNearNews: count, bufferMinutes: buffer, events: events.join(', ') },
    fills,
    text:
      `breached on ${displayDate(breach.date)}. ${plural(count, 'fill')} within ` +
      `${buffer === null ? 'the buffer' : plural(buffer, 'minute')} of ${events.length ? events.join(', ') : 'a news event'}` +
      `${listed.length ? `: ${listed.join('; ')}` : ''}.`,
  };
}

function instruments(context: Context, breach: Violation): Part {
  const details = breach.details ?? {};
  const forbidden = Array.isArray(details['forbiddenSymbols'])
    ? (details['forbiddenSymbols'] as string[])
    : [];
  const allowed = Array.isArray(details['allowed']) ? (details['allowed'] as string[]) : null;
  const fills = recordedFills(details).map((fill) =>
    explainedFill(fill, context.timeZone, `${fill.symbol} is not allowed`),
  );
  const count = breach.value ?? fills.length;
  return {
    standing: 'breached',
    date: breach.date,
    figures: {
      fillsNotAllowed: count,
      symbols: forbidden.join(', '),
      allowed: allowed?.join(', ') ?? null,
      timeZone: context.timeZone,
    },
    fills,
    text:
      `breached on ${displayDate(breach.date)}. ${plural(count, 'fill')} in ${forbidden.join(', ') || 'instruments'} not allowed` +
      `${allowed ? ` (allowed: ${allowed.join(', ') || 'none'})` : ''}` +
      `${fills.length ? `: ${fillList(fills, count)} (${context.timeZone})` : ''}.`,
  };
}

function positionSize(context: Context, breach: Violation): Part {
  const details = breach.details ?? {};
  const peakAt = str(details['peakAt']);
  const symbol = str(details['peakSymbol']);
  const peak = breach.value ?? 0;
  const limit = breach.threshold ?? 0;
  const fills = peakAt
    ? [explainedFill({ time: peakAt, symbol: symbol ?? '' }, context.timeZone, `above ${limit}`)]
    : [];
  const at = fills[0]
    ? ` at ${fills[0].localTime} (${fills[0].timeZone})${symbol ? ` with a fill in ${symbol}` : ''}`
    : '';
  return {
    standing: 'breached',
    date: breach.date,
    figures: { contracts: peak, maxPositionSize: limit },
    fills,
    text: `breached on ${displayDate(breach.date)}. Position reached ${peak} contracts${at}, above the limit of ${limit}.`,
  };
}

function overnight(context: Context, breach: Violation): Part {
  const details = breach.details ?? {};
  const positions = (details['positions'] ?? {}) as Record<string, number>;
  const symbols = Array.isArray(details['openSymbols'])
    ? (details['openSymbols'] as string[])
    : Object.keys(positions);
  const closeTime = str(details['closeTime']);
  const last = str(details['lastFill']);
  const held = symbols.map((symbol) => {
    const net = positions[symbol];
    return net === undefined ? symbol : `${symbol} ${net > 0 ? 'long' : 'short'} ${Math.abs(net)}`;
  });
  const fills = last
    ? [
        explainedFill(
          { time: last, symbol: symbols[0] ?? '' },
          context.timeZone,
          'last fill of the day',
        ),
      ]
    : [];
  const count = breach.value ?? 0;
  return {
    standing: 'breached',
    date: breach.date,
    figures: { openContracts: count, closeTime, symbols: symbols.join(', ') },
    fills,
    text:
      `breached on ${displayDate(breach.date)}. ${plural(count, 'contract')} left open after the day's last fill` +
      `${fills[0] ? ` at ${fills[0].localTime} (${fills[0].timeZone})` : ''}: ${held.join(', ')}` +
      `${closeTime ? `; positions must be flat by ${closeTime}` : ''}.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Benchmarks

function profitTarget(rule: ConformanceRule): Part {
  const profit = rule.currentValue ?? 0;
  const target = rule.thresholdValue ?? 0;
  const toGo = Math.max(0, dollarsToCents(target) - dollarsToCents(profit));
  const figures: Figures = { profit, target, toGo: centsToDollars(toGo) };
  return rule.outcome === 'met'
    ? {
        standing: 'met',
        date: null,
        figures,
        text: `met. Profit ${usd(profit)} reached the ${usd(target)} target.`,
      }
    : {
        standing: 'missing',
        date: null,
        figures,
        text:
          profit < 0
            ? `${formatUsdCents(toGo)} to go. The balance is ${usd(-profit)} below the start; the target is ${usd(target)}.`
            : `${formatUsdCents(toGo)} to go. Profit ${usd(profit)} of the ${usd(target)} target.`,
      };
}

function tradingDays(rule: ConformanceRule): Part {
  const days = rule.currentValue ?? 0;
  const needed = rule.thresholdValue ?? 0;
  const figures: Figures = { days, minDays: needed, toGo: Math.max(0, needed - days) };
  return rule.outcome === 'met'
    ? { standing: 'met', date: null, figures, text: `met. ${days} of ${needed} trading days.` }
    : {
        standing: 'missing',
        date: null,
        figures,
        text: `${plural(needed - days, 'trading day')} to go. ${days} of ${needed} trading days.`,
      };
}

function consistency(rule: ConformanceRule): Part {
  const details = rule.details ?? {};
  const period = str(details['period']) ?? 'daily';
  const unit = period === 'weekly' ? 'week' : period === 'monthly' ? 'month' : 'day';
  const best = num(details['bestPeriod']) ?? 0;
  const total = num(details['total']) ?? 0;
  const limit = rule.thresholdValue ?? 0;
  const ratio = rule.currentValue;
  const figures: Figures = { period, bestPeriod: best, total, ratio, limit };
  if (rule.outcome === 'met') {
    return {
      standing: 'met',
      date: null,
      figures,
      text: `met. Best ${unit} ${usd(best)} is ${percentText(ratio ?? 0)} of the profit ${usd(total)}, under ${percentText(limit)}.`,
    };
  }
  if (ratio === null || total <= 0) {
    return {
      standing: 'missing',
      date: null,
      figures,
      text: `no profit yet; the best ${unit} must stay under ${percentText(limit)} of the profit.`,
    };
  }
  // best / total' < limit ⇔ total' > best / limit: the profit still needed without a bigger period.
  let more = '';
  if (limit > 0) {
    const { numerator, denominator } = decimalFraction(limit);
    const neededCents =
      Math.floor((dollarsToCents(best) * denominator) / numerator) + 1 - dollarsToCents(total);
    figures['profitNeeded'] = centsToDollars(neededCents);
    more = ` ${formatUsdCents(neededCents)} more profit without a bigger ${unit} brings it under.`;
  }
  return {
    standing: 'missing',
    date: null,
    figures,
    text: `best ${unit} is ${percentText(ratio)} of profit, must be under ${percentText(limit)}.${more}`,
  };
}

// ---------------------------------------------------------------------------------------------

const FILL_RULES = new Set([
  'trading-hours',
  'news-trading',
  'instruments',
  'position-size',
  'overnight-holding',
]);

function explainRule(context: Context, rule: ConformanceRule, decisive: Violation | null): Part {
  const { source } = context;
  const date = source.latest?.evaluationDate ?? null;
  const tally = source.state.violationLog.rules[rule.ruleId];
  const firstHard = tally ? (tally.first.soft ? tally.firstHard : tally.first) : undefined;
  const breach =
    (decisive?.ruleId === rule.ruleId ? decisive : null) ??
    firstHard ??
    // A soft breach (daily loss `pause`) speaks only on its own day.
    (tally?.last.date === date ? tally.last : null);
  const standing: Standing =
    rule.severity === 'warning' && rule.outcome === 'ok' ? 'warning' : 'ok';
  switch (rule.category) {
    case 'drawdown':
      return breach ? drawdownBreach(context, breach) : drawdownStanding(context, rule, standing);
    case 'daily-loss':
      return dailyLoss(rule, breach, date);
    case 'inactivity':
      return inactivity(context, rule, breach, date);
    case 'profit-target':
      return profitTarget(rule);
    case 'trading-days':
      return tradingDays(rule);
    case 'consistency':
      return consistency(rule);
    case 'trading-hours':
      if (breach) return tradingHours(context, breach);
      break;
    case 'news-trading':
      if (breach) return newsTrading(breach);
      break;
    case 'instruments':
      if (breach) return instruments(context, breach);
      break;
    case 'position-size':
      if (breach) return positionSize(context, breach);
      break;
    case 'overnight-holding':
      if (breach) return overnight(context, breach);
      break;
  }
  const days = source.state.daysEvaluated;
  return {
    standing,
    date,
    figures: { daysJudged: days },
    text: FILL_RULES.has(rule.category)
      ? `ok. No breach in ${plural(days, 'judged day')}.`
      : `${standing} on ${displayDate(date)}.`,
  };
}

const ORDER: Record<Standing, number> = { breached: 0, warning: 1, missing: 2, ok: 3, met: 4 };

/** The missing benchmarks in one line: "$640.00 and 2 trading days to go; best day is 46% …". */
function missingLine(rules: readonly RuleExplanation[]): string | null {
  const toGo: string[] = [];
  const rest: string[] = [];
  for (const rule of rules) {
    if (rule.standing !== 'missing') continue;
    if (rule.category === 'profit-target') toGo.push(usd(Number(rule.figures['toGo'])));
    else if (rule.category === 'trading-days')
      toGo.push(plural(Number(rule.figures['toGo']), 'trading day'));
    else
      rest.push(
        rule.sentence
          .slice(rule.name.length + 2)
          .split('. ')[0]!
          .replace(/\.$/, ''),
      );
  }
  const parts = [...(toGo.length ? [`${toGo.join(' and ')} to go`] : []), ...rest];
  return parts.length ? parts.join('; ') : null;
}

/** The account's verdict explained, rule by rule, decisive rule first. */
export function explainVerdict(source: ExplainSource): VerdictExplanation {
  const context: Context = {
    source,
    startCents: source.state.startingBalanceCents,
    timeZone: source.timeZone ?? 'UTC',
  };
  const decisive = decisiveBreach(source.state);
  const latest = source.latest;
  const rules: RuleExplanation[] = (latest?.rules ?? []).map((rule) => {
    const part = explainRule(context, rule, decisive);
    return {
      ruleId: rule.ruleId,
      name: rule.name,
      category: rule.category,
      type: rule.type,
      standing: part.standing,
      decisive: decisive?.ruleId === rule.ruleId,
      date: part.date,
      sentence: `${rule.name}: ${part.text}`,
      figures: part.figures,
      fills: part.fills ?? [],
    };
  });
  rules.sort(
    (a, b) => Number(b.decisive) - Number(a.decisive) || ORDER[a.standing] - ORDER[b.standing],
  );
  const { failedDate, passedDate } = source.state;
  const status = failedDate ? 'failed' : passedDate ? 'passed' : latest ? 'active' : 'no-data';
  const decisiveRule = rules.find((rule) => rule.decisive);
  let headline: string;
  if (status === 'failed') {
    headline = decisiveRule?.sentence ?? `Failed on ${displayDate(failedDate)}.`;
  } else if (status === 'passed') {
    headline = `Passed on ${displayDate(passedDate)}: every benchmark met.`;
  } else if (status === 'no-data') {
    headline = 'No judged day yet.';
  } else {
    const missing = missingLine(rules);
    const warned = rules.filter((rule) => rule.standing === 'warning').map((rule) => rule.name);
    headline =
      (missing ? `Active: ${missing}.` : 'Active: every benchmark met.') +
      (warned.length ? ` Near a limit: ${warned.join(', ')}.` : '');
  }
  return {
    status,
    headline,
    decisiveRuleId: decisive?.ruleId ?? null,
    evaluationDate: latest?.evaluationDate ?? null,
    failedDate,
    passedDate,
    rules,
  };
}

import { epochDayOfDate } from '../calendar';
import {
  offendingFill,
  OFFENDING_FILLS_KEPT,
  type OffendingFill,
  type RuleEvaluator,
} from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { productRoot } from '../symbols';
import { instantOfLocalTime } from '../time-zones';
import { formatCount } from '../value-format';
import { clockTimeToMillis } from './trading-hours';

interface ScheduledEvent {
  title: string;
  instant: number;
  /** The zone the event is scheduled in (spec 001 §3 news zones): the explanation's clock. */
  timezone: string;
  /** Product roots the event covers; null covers every instrument. */
  roots: ReadonlySet<string> | null;
}

/** A fill near an event: which event, when (an instant) and in which zone it was scheduled. */
type NewsFill = OffendingFill & { event: string; eventAt: string; timezone: string };

/**
 * News trading (contract "Fill-based rules"): breached by a fill within `bufferMinutes` before or
 * after an event (edges included) in an instrument the event covers. Events are resolved to instants
 * once, sorted, and each fill looks up its neighbours by binary search.
 */
export function compileNewsTrading(
  params: RuleParametersByCategory['news-trading'],
): RuleEvaluator {
  const events: ScheduledEvent[] = params.newsEvents
    .map((event) => ({
      title: event.title,
      timezone: event.timezone,
      instant: instantOfLocalTime(
        event.timezone,
        epochDayOfDate(event.date.replaceAll('-', '')),
        clockTimeToMillis(event.time),
      ),
      roots: event.instruments.length ? new Set(event.instruments.map(productRoot)) : null,
    }))
    .sort((a, b) => a.instant - b.instant);
  const instants = Float64Array.from(events, (event) => event.instant);
  const buffer = params.bufferMinutes * 60_000;

  /** Index of the first event at or after `instant`. */
  const firstFrom = (instant: number): number => {
    let low = 0;
    let high = instants.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (instants[middle]! < instant) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  return {
    format: formatCount,
    usesFills: true,
    tracksPositions: false,
    soft: false,
    stateful: false,
    evaluate(day, state, _breachedBefore, out) {
      const book = day.fills;
      let offending = 0;
      let titles: string[] | undefined;
      let fills: NewsFill[] | undefined;
      // Most days have no event near their fills: one search over the day's span rules them out.
      const from = book.count > 0 ? firstFrom(book.instants[0]! - buffer) : events.length;
      const nearby =
        from < events.length && instants[from]! <= book.instants[book.count - 1]! + buffer;
      for (let index = 0; nearby && index < book.count; index += 1) {
        const time = book.instants[index]!;
        for (let at = firstFrom(time - buffer); at < events.length; at += 1) {
          const event = events[at]!;
          if (event.instant > time + buffer) break;
          if (event.roots !== null && !event.roots.has(book.roots[book.symbolIndexes[index]!]!)) {
            continue;
          }
          offending += 1;
          if (offending <= OFFENDING_FILLS_KEPT) {
            (fills ??= []).push({
              ...offendingFill(book, index),
              event: event.title,
              eventAt: new Date(event.instant).toISOString(),
              timezone: event.timezone,
            });
          }
          titles ??= [];
          if (!titles.includes(event.title)) titles.push(event.title);
          break;
        }
      }
      out.breached = offending > 0;
      out.closeness = out.breached ? 1 : 0;
      out.currentValue = offending;
      out.thresholdValue = 0;
      if (titles) out.details = { events: titles, bufferMinutes: params.bufferMinutes, fills };
      return state;
    },
  };
}

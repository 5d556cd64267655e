import { zoneClock } from '../time-zones';
import {
  fillTime,
  offendingFill,
  OFFENDING_FILLS_KEPT,
  type OffendingFill,
  type RuleEvaluator,
} from '../evaluation';
import type { RuleParametersByCategory } from '../rule-parameters';
import { formatCount } from '../value-format';

const MS_PER_MINUTE = 60_000;

export function clockTimeToMillis(time: string): number {
  return (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * MS_PER_MINUTE;
}

function formatMillisOfDay(millis: number): string {
  const seconds = Math.floor(millis / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * Trading hours (contract "Fill-based rules"): breached by a fill whose wall-clock time `t` in the
 * rule's zone lies outside the window, inside meaning `openTime ≤ t < closeTime` to the millisecond
 * (a fill at exactly the close is outside: "flat before 15:10"). A close before the open spans
 * midnight (17:00–15:10); equal times mean a window of the whole day.
 */
export function compileTradingHours(
  params: RuleParametersByCategory['trading-hours'],
): RuleEvaluator {
  const open = clockTimeToMillis(params.openTime);
  const close = clockTimeToMillis(params.closeTime);
  const zone = params.timezone;
  const clock = zoneClock(zone);
  const inside = (time: number): boolean =>
    open === close || (open < close ? time >= open && time < close : time >= open || time < close);
  return {
    format: formatCount,
    usesFills: true,
    tracksPositions: false,
    soft: false,
    stateful: false,
    evaluate(day, state, _breachedBefore, out) {
      const book = day.fills;
      let outside = 0;
      let first = -1;
      let firstLocal = 0;
      let fills: OffendingFill[] | undefined;
      for (let index = 0; index < book.count; index += 1) {
        const local = clock.timeOfDay(book.instants[index]!);
        if (inside(local)) continue;
        outside += 1;
        if (first < 0) {
          first = index;
          firstLocal = local;
        }
        if (outside <= OFFENDING_FILLS_KEPT) (fills ??= []).push(offendingFill(book, index));
      }
      out.breached = outside > 0;
      out.closeness = out.breached ? 1 : 0;
      out.currentValue = outside;
      out.thresholdValue = 0;
      if (first >= 0) {
        // "Fill outside the trading hours at {actual}": the fill's time in the rule's zone.
        out.actualText = formatMillisOfDay(firstLocal);
        out.details = {
          timezone: zone,
          firstFillOutside: fillTime(book, first),
          localTime: formatMillisOfDay(firstLocal),
          openTime: params.openTime,
          closeTime: params.closeTime,
          fills,
        };
      }
      return state;
    },
  };
}

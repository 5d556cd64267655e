import { FIRM_TIME_ZONE } from '@shared/common/firm-time-zone';
import { dateOfEpochDay, epochDayOfDate } from '@shared/rules/calendar';
import type { RefusedDate, SyncRequest } from '@shared/sync/sync-run';
import type { BrokerFileSource } from './s3-source';

/*
 * Which date folders a run syncs (docs/sync-at-scale.md, "Which dates a run syncs"). A folder is
 * refused, never synced, when it is dated after today in the firm's time zone (a broker cannot have
 * reported a day that has not begun) or in the far past (before 2000-01-01, or more than
 * FAR_PAST_YEARS years before today): neither may become "latest data date" or be judged.
 */

/** The firm's time zone: "today" of a run is its date there. */
export { FIRM_TIME_ZONE };
/** The earliest date folder a run syncs, whatever the clock. */
export const EARLIEST_SYNC_DATE = '20000101';
/** Folders more than this many years before today are refused. */
export const FAR_PAST_YEARS = 5;

const todayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: FIRM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYYMMDD` of the instant `now` in the firm's time zone. */
export function firmDateOf(now: number): string {
  return todayFormat.format(new Date(now)).replaceAll('-', '');
}

/** The oldest date a run at `now` syncs: FAR_PAST_YEARS years before today, and not before 2000. */
export function earliestSyncDate(now: number): string {
  const today = firmDateOf(now);
  const year = String(Number(today.slice(0, 4)) - FAR_PAST_YEARS).padStart(4, '0');
  // 29 February, FAR_PAST_YEARS back in a common year, is 1 March.
  const bound = Number.isNaN(epochDayOfDate(`${year}${today.slice(4)}`))
    ? `${year}0301`
    : `${year}${today.slice(4)}`;
  return bound < EARLIEST_SYNC_DATE ? EARLIEST_SYNC_DATE : bound;
}

/** Why a folder dated `date` is refused on a run at `now`; undefined when it may be synced. */
export function refusalOf(date: string, now: number): string | undefined {
  const today = firmDateOf(now);
  if (date > today) {
    return `Dated after today (${today} in ${FIRM_TIME_ZONE}): a future folder is not synced`;
  }
  const earliest = earliestSyncDate(now);
  if (date < earliest) {
    return `Dated before ${earliest} (${FAR_PAST_YEARS} years before today, and never before ${EARLIEST_SYNC_DATE}): a folder from the far past is not synced`;
  }
  return undefined;
}

/** The dates a request names, oldest first; none for `{ count }`. */
export function namedDatesOf(request: SyncRequest): string[] {
  if ('dates' in request) return [...new Set(request.dates)].sort();
  if ('from' in request) {
    const dates: string[] = [];
    for (let day = epochDayOfDate(request.from); day <= epochDayOfDate(request.to); day += 1)
      dates.push(dateOfEpochDay(day));
    return dates;
  }
  return [];
}

/** How many days a request asks for: its count, or how many dates it names. */
export function requestedDays(request: SyncRequest): number {
  return 'count' in request ? request.count : namedDatesOf(request).length;
}

export interface DateSelection {
  /** The folders to sync, oldest first. */
  dates: string[];
  refusedDates: RefusedDate[];
  /** Named dates without a folder. */
  missingDates: string[];
}

/**
 * The run's dates: for `{ count }` the latest `count` folders that are not refused (a refused folder
 * among the newest is reported, and the count reaches past it); for named dates those that have a
 * folder and are not refused.
 */
export async function selectDates(
  source: BrokerFileSource,
  request: SyncRequest,
  now: number,
): Promise<DateSelection> {
  const folders = await source.listDates();
  const refusedDates: RefusedDate[] = [];
  if ('count' in request) {
    const dates: string[] = [];
    for (let index = folders.length - 1; index >= 0 && dates.length < request.count; index -= 1) {
      const date = folders[index] as string;
      const reason = refusalOf(date, now);
      if (reason) refusedDates.push({ date, reason });
      else dates.push(date);
    }
    return { dates: dates.reverse(), refusedDates: refusedDates.reverse(), missingDates: [] };
  }
  const present = new Set(folders);
  const dates: string[] = [];
  const missingDates: string[] = [];
  for (const date of namedDatesOf(request)) {
    const reason = refusalOf(date, now);
    if (reason) refusedDates.push({ date, reason });
    else if (present.has(date)) dates.push(date);
    else missingDates.push(date);
  }
  return { dates, refusedDates, missingDates };
}

import type { Construct } from 'constructs';
import { FIRM_TIME_ZONE } from '@shared/common/firm-time-zone';
import { parseFrameAncestors, parseFrameSources } from './frame-ancestors';
import { parseMembership, type MembershipProps } from './membership';

/**
 * 16:30 Chicago time, Monday to Friday: after the CME close (16:00 CT) and the broker's files of the
 * trading day, before the next session opens at 17:00 CT, in summer and winter alike. The files'
 * completion marker usually starts the run earlier (docs/sync-at-scale.md).
 */
export const defaultSyncSchedule = 'cron(30 16 ? * MON-FRI *)';
/** The time zone of the sync schedule: the firm's (and the CME's). */
export const syncScheduleTimeZone = FIRM_TIME_ZONE;

/** The settings an operator gives in cdk.json's `context` or with `cdk synth -c key=value`. */
export interface DesklineContext {
  /** `deskline:frameAncestors`: https origins that may embed the app. */
  readonly frameAncestors: readonly string[];
  /** `deskline:frameSources`: https origins the trader area shows in frames (membership site, tools). */
  readonly frameSources: readonly string[];
  /** `deskline:syncSchedule`: when the daily sync runs, a cron expression in Chicago time. */
  readonly syncSchedule: string;
  /** `deskline:alarmEmail`: who is mailed when a sync could not run; nobody when unset. */
  readonly alarmEmail?: string;
  /**
   * `deskline:membershipUrl` (and `membershipSiteUrl`, `toolsUrl`, `membershipSessionCookie`): the
   * membership system; the api stack's placeholder when unset.
   */
  readonly membership?: MembershipProps;
}

export function desklineContext(scope: Construct): DesklineContext {
  const context = (key: string): unknown => scope.node.tryGetContext(`deskline:${key}`);
  return {
    frameAncestors: parseFrameAncestors(context('frameAncestors')),
    frameSources: parseFrameSources(context('frameSources')),
    syncSchedule: parseSyncSchedule(context('syncSchedule')),
    alarmEmail: parseAlarmEmail(context('alarmEmail')),
    membership: parseMembership(context),
  };
}

// Minutes, hours, day of month, month, day of week, year.
const cronExpression = /^cron\((\S+) (\S+) (\S+) (\S+) (\S+) (\S+)\)$/;

/**
 * An EventBridge cron expression, or the default when unset. Checked here because EventBridge
 * would only refuse it during the deployment: six fields, and exactly one of day of month and day
 * of week must be `?`.
 */
export function parseSyncSchedule(value: unknown): string {
  if (value === undefined || value === null || value === '') return defaultSyncSchedule;
  const expression = String(value).trim();
  const fields = cronExpression.exec(expression);
  if (!fields || (fields[3] === '?') === (fields[5] === '?')) {
    throw new Error(
      `deskline:syncSchedule: "${expression}" is not an EventBridge cron expression like ${defaultSyncSchedule} (Chicago time; one of day of month and day of week is ?)`,
    );
  }
  return expression;
}

export function parseAlarmEmail(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const email = String(value).trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new Error(`deskline:alarmEmail: "${email}" is not an email address`);
  }
  return email;
}

import { displayDate } from '@shared/common/display-date';
import { logger } from '../logger';
import { emitEvent } from '../notifications/outbox';

/*
 * The sync's failure event, apart from the judged days' events (events.ts) so that what reads the
 * runs and the lock does not carry the explanations.
 */

/** The staff screen of a sync run, as web/src/config/paths.ts names it (`syncRun`). */
export const syncRunLink = (runId: string) => `/sync/runs/${encodeURIComponent(runId)}`;

/**
 * Tells that a sync run failed (`sync.failed#<runId>`, once per run): from the workflow's fail step,
 * a run that could not be started, and a run whose lock expired. An event that cannot be emitted is
 * logged and never hides the failure it tells of.
 */
export async function announceSyncFailed(
  runId: string,
  error: string,
  run: { dates?: readonly string[]; trigger?: string } = {},
): Promise<void> {
  const dates = run.dates ?? [];
  const which = dates.length > 0 ? ` of ${dates.map(displayDate).join(', ')}` : '';
  try {
    await emitEvent({
      type: 'sync.failed',
      key: `sync.failed#${runId}`,
      text: `The sync run${which} failed: ${error}`,
      link: syncRunLink(runId),
      data: { runId, error, dates: [...dates], ...(run.trigger && { trigger: run.trigger }) },
    });
  } catch (failure) {
    logger.error('sync.failed event not emitted', { runId, error: (failure as Error).message });
  }
}

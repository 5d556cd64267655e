import { programImpact } from '../lib/judging/program-impact';
import { logger } from '../lib/logger';
import { impactPreviewRepository } from '../lib/repositories/impact-preview-repository';

/** Progress is written at most this often, so a large preview does not write once per account. */
const PROGRESS_INTERVAL_MS = 1_000;

/**
 * Judges a started preview (the workflow function's step, or the background of this process where
 * there is no workflow): every account of the program again under the unsaved version, with
 * progress on the preview's item, then the accounts that would flip. Nothing but the preview's own
 * item is written. A preview already finished is left as it is.
 */
export async function runImpactPreview(previewId: string): Promise<void> {
  const stored = await impactPreviewRepository.get(previewId);
  if (!stored || stored.status !== 'running') return;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  try {
    const impact = await programImpact(stored.program, (judged, total) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = now;
      writing = writing.then(() => impactPreviewRepository.saveProgress(previewId, judged, total));
    });
    await writing;
    await impactPreviewRepository.finish({
      ...stored,
      status: 'done',
      total: impact.total,
      judged: impact.total,
      errors: impact.errors,
      changes: impact.changes,
      finishedAt: new Date().toISOString(),
    });
  } catch (error) {
    logger.error('impact preview failed', { previewId, error });
    await writing.catch(() => undefined);
    await impactPreviewRepository.finish({
      ...stored,
      status: 'failed',
      error: 'The preview could not be completed: try again',
      finishedAt: new Date().toISOString(),
    });
  }
}

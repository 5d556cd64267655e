import { dispatchRun, startRun } from '../../functions/sync/runs';
import { markerDate, startRunForMarker, type MarkerDeps } from '../../functions/sync/files-trigger';

/** How long a marker waits before it is tried again while another run holds the lock. */
export const LOCAL_MARKER_RETRY_MS = 30_000;

/**
 * The completion-marker trigger of the local stack: what S3 → EventBridge → SQS → the sync function
 * does in AWS (infra/sync-stack.ts), in this process. s3rver's object-created event of
 * `broker/<date>/_COMPLETE` starts a run of that date at once (in the background of this process,
 * as a POST does); while another run holds the lock the marker waits and is tried again every
 * `retryMs`, so its run is never lost. A date already waiting is not queued twice.
 */
export class LocalMarkerTrigger {
  private readonly waiting = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly log: (message: string) => void,
    private readonly deps: MarkerDeps = { startRun, dispatchRun },
    private readonly retryMs = LOCAL_MARKER_RETRY_MS,
  ) {}

  /** An object was created: a marker's key starts (or queues) its date's run; others are ignored. */
  objectCreated(key: string): void {
    const date = markerDate(key);
    if (date === undefined || this.waiting.has(date)) return;
    void this.attempt(key, date);
  }

  /** Dates whose marker waits for the lock. */
  pending(): string[] {
    return [...this.waiting.keys()].sort();
  }

  stop(): void {
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
  }

  private async attempt(key: string, date: string): Promise<void> {
    this.waiting.delete(date);
    try {
      const outcome = await startRunForMarker(key, this.deps);
      if (outcome.kind === 'started') {
        this.log(`Files of ${date} complete: sync run ${outcome.run.runId} started`);
        return;
      }
      if (outcome.kind === 'ignored') return;
      this.log(
        `Files of ${date} complete: a sync is running, tried again in ${this.retryMs / 1000} s`,
      );
    } catch (error) {
      this.log(
        `Files of ${date} complete, but the run could not start: ${(error as Error).message}`,
      );
    }
    const timer = setTimeout(() => void this.attempt(key, date), this.retryMs);
    timer.unref?.();
    this.waiting.set(date, timer);
  }
}

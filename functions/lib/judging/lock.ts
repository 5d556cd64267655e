import { randomUUID } from 'node:crypto';
import { logger } from '../logger';
import {
  acquireRunLock,
  getRunLock,
  releaseExpiredRunLock,
  releaseRunLock,
  renewRunLock,
} from '../repositories/run-lock-repository';
import { failRunIfRunning } from '../repositories/sync-repository';
import { announceSyncFailed } from './sync-events';

/*
 * The sync lock is a lease (docs/sync-at-scale.md): whoever holds it (a sync run, a re-judgement)
 * renews it every HEARTBEAT_MS from a timer while its work goes on, however long one date takes. A
 * holder that dies stops renewing; once LEASE_MS have passed since its last renewal, the next thing
 * that reads the runs or the lock (the runs list or a run, a start, an account refresh, a program
 * update) frees the lock and records the dead run as failed. So a crashed run frees the sync within
 * LEASE_MS plus the time to the next look, under 2 minutes on the Daily Sync page, which polls.
 * A module of its own in functions/lib/judging: every re-judgement (in the accounts, performance and
 * programs bundles) needs it without loading the sync's runs.ts and the S3 and Step Functions SDKs.
 */

/** How long a lease lasts without a renewal. */
export const LEASE_MS = 90_000;
/** How often a holder renews it: four renewals may fail or be late before it is lost. */
export const HEARTBEAT_MS = 20_000;

/** What a run whose process died (its lock expired and was taken over) shows instead of running. */
export const RUN_ABANDONED = 'The run stopped before it finished (its lock expired)';

/** A holder whose lease was taken over by another (it had expired): its work must stop. */
export class LeaseLostError extends Error {
  constructor(holder: string) {
    super(`The run lost its lock to another run (${holder})`);
    this.name = 'LeaseLostError';
  }
}

/** Records a run that held an expired lease as failed, unless it has finished meanwhile. */
export async function markAbandoned(runId: string, now: number): Promise<void> {
  if (await failRunIfRunning(runId, RUN_ABANDONED, new Date(now).toISOString())) {
    await abandoned(runId);
  }
}

/** A run recorded as abandoned: logged, and told once (`sync.failed`). */
async function abandoned(runId: string): Promise<void> {
  logger.warn('sync run abandoned', { runId });
  await announceSyncFailed(runId, RUN_ABANDONED);
}

/**
 * Takes the lease for `holder` (409 'A sync is already running' while another holds a live one). An
 * expired lease is taken over, and the run that held it recorded as failed.
 */
export async function acquireLease(holder: string, now = Date.now()): Promise<void> {
  const abandoned = await acquireRunLock(holder, now, now + LEASE_MS);
  if (abandoned) await markAbandoned(abandoned, now);
}

/** Renews a held lease for another LEASE_MS; throws {@link LeaseLostError} if another took it. */
export async function renewLease(holder: string, now = Date.now()): Promise<void> {
  if (!(await renewRunLock(holder, now + LEASE_MS))) throw new LeaseLostError(holder);
}

/**
 * What every reader of the runs does first: an expired lease is freed and its run recorded as
 * failed; so is any of `runningRunIds` (runs the reader sees running) that does not hold the lock,
 * which can only be a run whose lease was freed or taken over without it being recorded. Answers
 * the runs it recorded as failed.
 */
export async function reapExpiredLease(
  now = Date.now(),
  runningRunIds: readonly string[] = [],
): Promise<string[]> {
  const lock = await getRunLock();
  const reaped: string[] = [];
  let holder = lock?.runId;
  if (lock && lock.expiresAt < now && (await releaseExpiredRunLock(lock.runId, now))) {
    holder = undefined;
    if (await failRunIfRunning(lock.runId, RUN_ABANDONED, iso(now))) {
      await abandoned(lock.runId);
      reaped.push(lock.runId);
    }
  }
  for (const runId of runningRunIds) {
    if (runId === holder || reaped.includes(runId)) continue;
    // A run is saved running only once it holds the lock, and released only once saved finished.
    if (await failRunIfRunning(runId, RUN_ABANDONED, iso(now))) {
      await abandoned(runId);
      reaped.push(runId);
    }
  }
  return reaped;
}

const iso = (now: number) => new Date(now).toISOString();

/**
 * A lease's heartbeat: renews it every `intervalMs` from a timer, so a long date never outlives it.
 * A renewal that fails for a passing reason (a throttled write) is tried again on the next beat; a
 * lease taken over is lost for good, and {@link check} throws from then on.
 */
export class Heartbeat {
  private timer: ReturnType<typeof setInterval> | undefined;
  private lost: Error | undefined;
  private beating: Promise<void> | undefined;

  constructor(
    private readonly renew: () => Promise<void>,
    private readonly intervalMs = HEARTBEAT_MS,
  ) {}

  start(): this {
    this.timer ??= setInterval(() => void this.beat(), this.intervalMs);
    // Never what keeps a process alive.
    this.timer.unref?.();
    return this;
  }

  /** One renewal (the timer's; tests call it with their own clock). */
  async beat(): Promise<void> {
    if (this.lost || this.beating) return this.beating;
    this.beating = this.renew()
      .catch((error: unknown) => {
        if (error instanceof LeaseLostError) this.lost = error;
        else logger.warn('sync lease renewal failed; retried on the next beat', { error });
      })
      .finally(() => (this.beating = undefined));
    return this.beating;
  }

  /** Throws once the lease is lost: the work stops at its next check. */
  check(): void {
    if (this.lost) throw this.lost;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * Runs `work` with a heartbeat renewing the lease (`renew`); `work` gets a check to call between
 * steps, which throws once the lease is lost. A lost lease fails the work even if it got through.
 */
export async function withHeartbeat<T>(
  renew: () => Promise<void>,
  work: (check: () => void) => Promise<T>,
): Promise<T> {
  const heartbeat = new Heartbeat(renew);
  // A first renewal at once: a step retried after a backoff starts with a full lease, and one whose
  // lease was taken over does not start at all.
  await heartbeat.beat();
  heartbeat.check();
  heartbeat.start();
  try {
    const result = await work(() => heartbeat.check());
    heartbeat.check();
    return result;
  } finally {
    heartbeat.stop();
  }
}

/**
 * Runs `work` holding the sync lock, so a re-judgement never interleaves with a sync run, an upgrade
 * or another re-judgement of the same accounts (409 'A sync is already running' otherwise). The
 * lease is renewed while it works, and taken over from a dead run if it had expired.
 */
export async function withSyncLock<T>(purpose: string, work: () => Promise<T>): Promise<T> {
  const lockId = `${purpose}-${randomUUID()}`;
  await acquireLease(lockId);
  try {
    return await withHeartbeat(
      () => renewLease(lockId),
      () => work(),
    );
  } finally {
    await releaseRunLock(lockId);
  }
}

/**
 * Keeps the lease `holder` holds, or takes it (409 'A sync is already running' while another holds
 * a live one): what each step of a background job does first, since a job holds the sync lock from
 * its start to its end across many invocations (functions/lib/jobs/), renewing it between them.
 */
export async function holdLease(holder: string, now = Date.now()): Promise<void> {
  if (await renewRunLock(holder, now + LEASE_MS)) return;
  await acquireLease(holder, now);
}

/** Frees the lease `holder` holds (nothing if another holds it). */
export function releaseLease(holder: string): Promise<void> {
  return releaseRunLock(holder);
}

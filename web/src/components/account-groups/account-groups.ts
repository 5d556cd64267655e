import type { AccountPhase, RithmicStatus } from '@shared/accounts/account';

/** Spec 000 §9: the phase order of the account overviews, then Active first. */
export const PHASE_ORDER: readonly AccountPhase[] = [
  'evaluation',
  'sim-funded',
  'live-funded',
  'demo',
];
export const STATUS_ORDER: readonly RithmicStatus[] = ['Active', 'Inactive', 'Admin Only'];

/** Spec 000 §2: the section titles of the account lists. */
export const PHASE_TITLES: Record<AccountPhase, string> = {
  evaluation: 'Evaluation Phase',
  'sim-funded': 'Sim Funded Phase',
  'live-funded': 'Live Funded Phase',
  demo: 'Demo Phase',
};

export interface StatusGroup<Row> {
  status: RithmicStatus;
  rows: Row[];
}

export interface PhaseGroup<Row> {
  phase: AccountPhase;
  rows: number;
  statuses: StatusGroup<Row>[];
}

/**
 * Rows grouped by phase in the spec's order, each split into Active, Inactive and Admin Only; a
 * phase without rows is left out (spec 000 §2), an empty status group is kept so its heading can say
 * so. Rows keep their order inside a group.
 */
export function groupByPhaseAndStatus<Row>(
  rows: readonly Row[],
  phaseOf: (row: Row) => AccountPhase,
  statusOf: (row: Row) => RithmicStatus,
): PhaseGroup<Row>[] {
  const buckets = new Map<AccountPhase, Map<RithmicStatus, Row[]>>();
  for (const phase of PHASE_ORDER) {
    buckets.set(phase, new Map(STATUS_ORDER.map((status) => [status, []])));
  }
  for (const row of rows) {
    buckets.get(phaseOf(row))?.get(statusOf(row))?.push(row);
  }
  const groups: PhaseGroup<Row>[] = [];
  for (const phase of PHASE_ORDER) {
    const statuses = STATUS_ORDER.map((status) => ({
      status,
      rows: buckets.get(phase)?.get(status) ?? [],
    }));
    const count = statuses.reduce((sum, group) => sum + group.rows.length, 0);
    if (count > 0) groups.push({ phase, rows: count, statuses });
  }
  return groups;
}

/** The key of a status group, for open/closed state and page parameters: `evaluation-admin-only`. */
export function groupKey(phase: AccountPhase, status: RithmicStatus): string {
  return `${phase}-${status.toLowerCase().replace(/\s+/g, '-')}`;
}

/** Spec 000 §2: Inactive and Admin Only start collapsed. */
export function openByDefault(status: RithmicStatus): boolean {
  return status === 'Active';
}

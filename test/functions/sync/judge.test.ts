import type { StoredAccount } from '../../../functions/lib/repositories/account-repository';
import { ProgramCatalog, withProgramAttached } from '../../../functions/lib/judging/judge';
import { demoPrograms } from '../../../scripts/demo-data';
import type { Program } from '@shared/programs/program';

const [evaluation] = demoPrograms('2026-01-01T00:00:00.000Z');
const program = (prefix: string, version = 1): Program => ({ ...evaluation!, prefix, version });
const catalog = new ProgramCatalog(
  new Map(
    [program('EVAL'), program('EVAL50K', 3), program('SIM')].map((entry) => [entry.prefix, entry]),
  ),
);
const account = (accountId: string, extra: Partial<StoredAccount> = {}): StoredAccount => ({
  accountId,
  traderId: 'T1',
  name: '',
  currency: 'USD',
  phase: 'evaluation',
  status: 'active',
  rithmicStatus: 'Active',
  resetCount: 0,
  ...extra,
});

describe('attaching accounts to programs', () => {
  it('picks the longest prefix the account id starts with, ignoring case', () => {
    expect(catalog.programForAccount('eval50k-000001')?.prefix).toBe('EVAL50K');
    expect(catalog.programForAccount('EVAL100K-000002')?.prefix).toBe('EVAL');
    expect(catalog.programForAccount('LIVE-1')).toBeUndefined();
  });

  it('attaches the current version and its current phase', () => {
    const attached = withProgramAttached(account('EVAL50K-1'), catalog);

    expect(attached.program).toMatchObject({
      prefix: 'EVAL50K',
      version: 3,
      currentPhase: evaluation!.currentPhase,
      assignedExplicitly: false,
    });
    expect(attached.phase).toBe('evaluation');
  });

  it('keeps an explicit assignment, and the version of a program the account already trades', () => {
    const assigned = account('EVAL50K-2', {
      program: {
        prefix: 'SIM',
        name: 'Sim',
        version: 1,
        currentPhase: 'x',
        currentPhaseData: { type: 'sim-funded', startingBalance: 1 },
        assignedExplicitly: true,
      },
    });
    const older = account('EVAL50K-3', {
      program: {
        prefix: 'EVAL50K',
        name: 'Old',
        version: 2,
        currentPhase: 'x',
        currentPhaseData: { type: 'evaluation', startingBalance: 1 },
        assignedExplicitly: false,
      },
    });

    expect(withProgramAttached(assigned, catalog)).toBe(assigned);
    expect(withProgramAttached(older, catalog).program?.version).toBe(2);
  });
});

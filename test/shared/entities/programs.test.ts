import {
  PHASE_MESSAGES,
  PROGRAM_CREATE_MESSAGES,
  PROGRAM_EDIT_MESSAGES,
  phaseBodySchema,
  programCopyBodySchema,
  programCreateBodySchema,
  programUpdateBodySchema,
} from '@shared/programs/program-body';
import {
  createDefaultEditPhase,
  createFee,
  createNewPhase,
  createNewProgram,
  PROGRAM_EDIT_DEFAULTS,
} from '@shared/programs/program-defaults';
import {
  phaseRuleReferenceSchema,
  phaseSchema,
  phaseTypeSchema,
  programSchema,
  programStatusSchema,
  programTypeSchema,
} from '@shared/programs/program';
import { programRulesMapSchema } from '@shared/programs/program-rules';
import { phaseInput, programInput } from './examples';

function messages(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('program enumerations', () => {
  it('lists the program types and phase types of spec 001 §3, and its four statuses (decision 13)', () => {
    expect(programTypeSchema.options).toEqual([
      'eval',
      'hybrid-eval',
      'performance',
      'sim-funded',
      'live-funded',
      'demo',
    ]);
    expect(programStatusSchema.options).toEqual(['active', 'inactive', 'suspended', 'deprecated']);
    expect(phaseTypeSchema.options).toEqual([
      'evaluation',
      'sim-funded',
      'pre-payout',
      'payout-qualified',
      'live-funded',
      'demo',
    ]);
  });
});

describe('create program body', () => {
  it('reports every missing field with the spec messages', () => {
    const result = programCreateBodySchema.safeParse({});

    expect(messages(result)).toEqual([
      'Program prefix is required',
      'Program name is required',
      'Description is required',
      'Program type is required',
      'Current phase is required',
      'Created By is required',
      'At least one phase is required',
    ]);
  });

  it('upper-cases the program prefix as typed', () => {
    expect(programCreateBodySchema.parse({ ...programInput, prefix: ' eval50k ' }).prefix).toBe(
      'EVAL50K',
    );
  });

  it('rejects a program prefix with spaces or other characters', () => {
    for (const prefix of ['EVAL 50K', 'eval 50k', 'EVAL_50K']) {
      const result = programCreateBodySchema.safeParse({ ...programInput, prefix });

      expect(messages(result)).toEqual([
        'Program prefix can only contain letters, numbers, and hyphens',
      ]);
    }
  });

  it('says only that a blank prefix is required', () => {
    const result = programCreateBodySchema.safeParse({ ...programInput, prefix: '  ' });

    expect(messages(result)).toEqual(['Program prefix is required']);
  });

  it('refuses an empty phase list', () => {
    const result = programCreateBodySchema.safeParse({ ...programInput, phases: [] });

    expect(messages(result)).toEqual([PROGRAM_CREATE_MESSAGES.phasesRequired]);
  });

  it('defaults status to active and version to 1', () => {
    const { status: _status, version: _version, ...rest } = programInput;

    const body = programCreateBodySchema.parse(rest);

    expect(body).toMatchObject({ status: 'active', version: 1 });
  });

  it('produces a program the stored schema accepts', () => {
    const body = programCreateBodySchema.parse(programInput);

    expect(programSchema.parse(body)).toEqual(body);
  });
});

describe('edit program body', () => {
  it('reports every missing field with the edit wording', () => {
    const result = programUpdateBodySchema.safeParse({});

    expect(messages(result)).toEqual([
      'Program Prefix is required',
      'Program Name is required',
      'Description is required',
      'Program Type is required',
      'Program Status is required',
      'Current Phase is required',
      'Created By is required',
      PROGRAM_EDIT_MESSAGES.versionRequired,
      'At least one phase is required',
    ]);
  });

  it('requires the current phase to be one of the phases', () => {
    const result = programUpdateBodySchema.safeParse({ ...programInput, currentPhase: 'funded' });

    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['currentPhase'],
        message: 'Current Phase must exist in the phases array',
      }),
    ]);
  });

  it('checks the current phase even when a phase has errors', () => {
    const result = programUpdateBodySchema.safeParse({
      ...programInput,
      currentPhase: 'funded',
      phases: [{ ...phaseInput, phaseName: '' }],
    });

    expect(messages(result)).toEqual([
      'Phase 1: Phase Name is required',
      'Current Phase must exist in the phases array',
    ]);
  });

  it('prefixes each phase problem with its phase number', () => {
    const { rules: _rules, fees: _fees, ...bare } = phaseInput;
    const result = programUpdateBodySchema.safeParse({
      ...programInput,
      phases: [
        phaseInput,
        {
          ...bare,
          phaseId: ' ',
          phaseName: undefined,
          type: undefined,
          accountSize: 0,
          startingBalance: -5,
          currency: '',
        },
        { ...phaseInput, phaseId: 'funded', rules: { evaluationOrder: 'priority' } },
      ],
    });

    expect(messages(result)).toEqual([
      'Phase 2: Phase ID is required',
      'Phase 2: Phase Name is required',
      'Phase 2: Phase Type is required',
      'Phase 2: Account Size must be greater than 0',
      'Phase 2: Starting Balance must be greater than 0',
      'Phase 2: Currency is required',
      'Phase 2: Rules configuration is required',
      'Phase 2: Fees array is required',
      'Phase 3: Rules configuration needs a Program ID',
      'Phase 3: Rules configuration needs a Phase ID',
      'Phase 3: Rules configuration needs a rules array',
    ]);
  });

  it('names an unknown phase type with the allowed ones', () => {
    const result = programUpdateBodySchema.safeParse({
      ...programInput,
      phases: [{ ...phaseInput, type: 'funded' }],
    });

    expect(messages(result)).toEqual([
      `Phase 1: Phase Type must be one of ${phaseTypeSchema.options.join(', ')}`,
    ]);
  });

  it('uses the bare phase messages when a phase is validated alone', () => {
    const result = phaseBodySchema.safeParse({ ...phaseInput, accountSize: 0 });

    expect(messages(result)).toEqual([PHASE_MESSAGES.accountSizePositive]);
  });
});

describe('copy program body', () => {
  it('upper-cases and trims the new prefix', () => {
    expect(programCopyBodySchema.parse({ newPrefix: ' eval50k-copy ' })).toEqual({
      newPrefix: 'EVAL50K-COPY',
    });
  });

  it('refuses an empty new prefix', () => {
    expect(messages(programCopyBodySchema.safeParse({ newPrefix: '   ' }))).toEqual([
      'New prefix is required',
    ]);
  });

  it('refuses a new prefix with characters a prefix cannot hold', () => {
    expect(messages(programCopyBodySchema.safeParse({ newPrefix: 'eval 50k' }))).toEqual([
      'Program prefix can only contain letters, numbers, and hyphens',
    ]);
  });
});

describe('program defaults (spec 001 §9)', () => {
  it('builds a new phase with the spec defaults', () => {
    const phase = phaseBodySchema.parse(createNewPhase(2, 'EVAL50K'));

    expect(phase).toMatchObject({
      phaseId: 'phase-2',
      phaseName: 'Phase 2',
      type: 'evaluation',
      accountSize: 50_000,
      startingBalance: 50_000,
      currency: 'USD',
      rules: { programId: 'EVAL50K', phaseId: 'phase-2', evaluationOrder: 'priority', rules: [] },
      fees: [{ type: 'purchase', fee: 99, recurring: 'one-time', feeCurrency: 'USD' }],
      phaseManagement: { payoutEligible: false, maxAccountsPerTrader: 1 },
    });
  });

  it('starts a new program as an active eval at phase-1, version 1', () => {
    const program = createNewProgram();

    expect(program).toMatchObject({
      type: 'eval',
      status: 'active',
      currentPhase: 'phase-1',
      version: 1,
    });
    expect(program.phases).toEqual([createNewPhase(1, '')]);
  });

  it('makes a new program valid once the user fills the required fields', () => {
    const program = createNewProgram();
    const filled = {
      ...program,
      prefix: 'NEW',
      name: 'New',
      description: 'A new program',
      createdBy: 'admin',
      phases: [createNewPhase(1, 'NEW')],
    };

    expect(programCreateBodySchema.safeParse(filled).success).toBe(true);
  });

  it('gives a program without phases the evaluation-1 phase', () => {
    expect(phaseSchema.parse(createDefaultEditPhase('OLD'))).toMatchObject({
      phaseId: 'evaluation-1',
      phaseName: 'Phase 1 Evaluation',
      accountSize: 50_000,
      startingBalance: 50_000,
      currency: 'USD',
    });
    expect(PROGRAM_EDIT_DEFAULTS).toEqual({ status: 'active', version: 1, createdBy: 'admin' });
  });

  it('creates a missing fee as one-time USD', () => {
    expect(createFee('reset', 49)).toEqual({
      type: 'reset',
      fee: 49,
      recurring: 'one-time',
      feeCurrency: 'USD',
    });
  });

  it('starts a rule reference enabled with priority 100', () => {
    expect(phaseRuleReferenceSchema.parse({ ruleId: 'drawdown-eod' })).toMatchObject({
      enabled: true,
      priority: 100,
      parameterOverrides: {},
    });
  });
});

describe('program rules map', () => {
  it('defaults the evaluation order of an entry to priority', () => {
    const map = programRulesMapSchema.parse({
      EVAL50K: { programId: 'EVAL50K', phaseId: 'evaluation', rules: [{ ruleId: 'x' }] },
    });

    expect(map.EVAL50K?.evaluationOrder).toBe('priority');
  });
});

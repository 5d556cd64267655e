import { syncResultOf } from '@shared/sync/sync-run';
import {
  accountPhaseOf,
  accountPhaseSchema,
  accountSchema,
  pbtStatusSchema,
  rithmicStatusSchema,
} from '@shared/accounts/account';
import {
  AUDIT_PAGE_SIZES,
  auditDeleteQuerySchema,
  auditListQuerySchema,
} from '@shared/audit/audit-query';
import { AUDIT_ACTIONS, AUDIT_STATUSES } from '@shared/audit/audit-trail';
import {
  COMMENT_REQUIRED_MESSAGE,
  accountCommentBodySchema,
  commentBodyOf,
  commentFieldsOf,
} from '@shared/comments/account-comment';
import {
  brokerNameSchema,
  createNewBroker,
  createNewManagementAccount,
  managementAccountSchema,
  managementAccountTypeSchema,
} from '@shared/firms/broker';
import { FIRM_REQUIRED_MESSAGE, firmSaveBodySchemaFor, firmStatusSchema } from '@shared/firms/firm';
import {
  CREATE_USER_REQUIRED_MESSAGE,
  MEMBERSHIP_USERS_LIMIT,
  createMembershipUserBodySchema,
  membershipStatusLabel,
  membershipUserListSchema,
  membershipUserSchema,
} from '@shared/membership/membership-user';
import { phaseTypeSchema } from '@shared/programs/program';
import { revenueQuerySchema } from '@shared/revenue/daily-revenue';
import {
  paymentProviderSchema,
  transactionStatusSchema,
  transactionTypeSchema,
} from '@shared/revenue/transaction';
import { syncRequestBodySchema } from '@shared/sync/sync-run';
import { TRADER_STATUSES, traderSchema } from '@shared/traders/trader';
import {
  releaseBodySchema,
  whatsNewCategorySchema,
  whatsNewPrioritySchema,
} from '@shared/whats-new/release';
import { accountInput, firmInput, membershipUserInput } from './examples';

function messages(result: { error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('enumerations', () => {
  it.each([
    [
      'account phase',
      accountPhaseSchema.options,
      ['evaluation', 'sim-funded', 'live-funded', 'demo'],
    ],
    ['rithmic status', rithmicStatusSchema.options, ['Active', 'Inactive', 'Admin Only']],
    ['pbt status', pbtStatusSchema.options, ['active', 'pending']],
    ['known trader status', TRADER_STATUSES, ['enabled', 'disabled']],
    ['audit action', AUDIT_ACTIONS, ['NEW', 'FILL', 'CANCEL', 'REPLACE']],
    ['audit status', AUDIT_STATUSES, ['FILLED', 'REJECTED', 'CANCELLED']],
    [
      'payment provider',
      paymentProviderSchema.options,
      ['stripe', 'paypal', 'manual', 'bank_transfer', 'other'],
    ],
    [
      'transaction type',
      transactionTypeSchema.options,
      ['payment', 'refund', 'chargeback', 'payout', 'fee', 'adjustment'],
    ],
    [
      'transaction status',
      transactionStatusSchema.options,
      ['pending', 'succeeded', 'failed', 'canceled', 'disputed'],
    ],
    [
      "What's New category",
      whatsNewCategorySchema.options,
      ['feature', 'improvement', 'bugfix', 'security', 'deprecation', 'other'],
    ],
    ["What's New priority", whatsNewPrioritySchema.options, ['critical', 'high', 'medium', 'low']],
    ['firm status', firmStatusSchema.options, ['active', 'inactive', 'suspended']],
    ['broker name', brokerNameSchema.options, ['Rithmic', 'Ninja']],
    [
      'management account type',
      managementAccountTypeSchema.options,
      ['FCM', 'IB', 'FMC-TEST', 'IB-TEST', 'AMEMBER'],
    ],
    ['audit page size', AUDIT_PAGE_SIZES, [25, 50, 100, 250]],
  ])('lists the %s values exactly as the specs do', (_name, actual, expected) => {
    expect([...actual]).toEqual(expected);
  });
});

describe('account', () => {
  it('defaults phase to evaluation, currency to USD and the broker status to Active', () => {
    const account = accountSchema.parse({ accountId: 'A-1', traderId: 'T-1' });

    expect(account).toMatchObject({
      phase: 'evaluation',
      currency: 'USD',
      rithmicStatus: 'Active',
      status: 'active',
      resetCount: 0,
      name: '',
    });
  });

  it('keeps the program reference of an account', () => {
    const account = accountSchema.parse(accountInput);

    expect(account.program).toMatchObject({
      prefix: 'EVAL50K',
      currentPhaseData: { type: 'evaluation', startingBalance: 50_000 },
      assignedExplicitly: false,
    });
  });

  it('derives the account phase from every program phase type', () => {
    expect(phaseTypeSchema.options.map(accountPhaseOf)).toEqual([
      'evaluation',
      'sim-funded',
      'sim-funded',
      'sim-funded',
      'live-funded',
      'demo',
    ]);
  });
});

describe('trader', () => {
  it('accepts a status other than enabled or disabled', () => {
    const trader = traderSchema.parse({ traderId: 'T-1', email: 'a@b.example', status: 'locked' });

    expect(trader.status).toBe('locked');
    expect(trader.amember).toBeUndefined();
    expect(trader.phone).toEqual({});
  });
});

describe('audit trail query', () => {
  it('defaults to page 1 of 50, newest process date first', () => {
    expect(auditListQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 50,
      sort: 'serverProcessDate',
      sortDirection: 'desc',
    });
  });

  it('trims filters and treats a blank filter as none', () => {
    const query = auditListQuerySchema.parse({
      instrument: '  ESH6 ',
      accountNumber: '   ',
      page: ' 3 ',
      pageSize: '250',
    });

    expect(query).toEqual({
      instrument: 'ESH6',
      page: 3,
      pageSize: 250,
      sort: 'serverProcessDate',
      sortDirection: 'desc',
    });
  });

  it('accepts only the spec page sizes', () => {
    expect(messages(auditListQuerySchema.safeParse({ pageSize: '20' }))).toEqual([
      'pageSize must be one of 25, 50, 100, 250',
    ]);
  });

  it('names the date filter written in the wrong form', () => {
    expect(messages(auditListQuerySchema.safeParse({ startDate: '2026-03-01' }))).toEqual([
      'startDate must be a calendar date written YYYYMMDD',
    ]);
  });

  it('refuses a range ending before it starts', () => {
    const result = auditListQuerySchema.safeParse({ startDate: '20260305', endDate: '20260301' });

    expect(messages(result)).toEqual(['endDate must not be before startDate']);
  });

  it('refuses a bulk delete without confirm=true', () => {
    expect(messages(auditDeleteQuerySchema.safeParse({ confirm: 'yes' }))).toEqual([
      'confirm=true is required to delete',
    ]);
    expect(auditDeleteQuerySchema.parse({ action: 'NEW', confirm: 'true' })).toEqual({
      action: 'NEW',
      confirm: 'true',
    });
  });
});

describe('revenue query', () => {
  it('leaves the provider out for all providers', () => {
    expect(revenueQuerySchema.parse({ startDate: '20260201', endDate: '20260302' })).toEqual({
      startDate: '20260201',
      endDate: '20260302',
    });
  });

  it('requires both dates', () => {
    expect(messages(revenueQuerySchema.safeParse({}))).toEqual([
      'startDate is required',
      'endDate is required',
    ]);
  });
});

describe('account comment', () => {
  it('asks for both fields with the spec sentence', () => {
    expect(messages(accountCommentBodySchema.safeParse({ comment: ' ', adminUser: 'x' }))).toEqual([
      COMMENT_REQUIRED_MESSAGE,
    ]);
    expect(COMMENT_REQUIRED_MESSAGE).toBe('Please enter both your name and a comment.');
  });

  it('reads the wire shape as a reader expects: the text is comment, the name adminUser (decision 24)', () => {
    const body = accountCommentBodySchema.parse(commentBodyOf(' Sam ', ' Called the trader '));

    expect(body).toEqual({ comment: 'Called the trader', adminUser: 'Sam' });
    expect(commentFieldsOf(body)).toEqual({ author: 'Sam', text: 'Called the trader' });
  });
});

describe('membership users', () => {
  it('requires login and email with one message', () => {
    expect(messages(createMembershipUserBodySchema.safeParse({ email: 'a@b.example' }))).toEqual([
      CREATE_USER_REQUIRED_MESSAGE,
    ]);
    expect(messages(createMembershipUserBodySchema.safeParse({ login: 'x', email: ' ' }))).toEqual([
      'Login and email are required',
    ]);
  });

  it('defaults status to 1 and leaves an empty password to the server', () => {
    const body = createMembershipUserBodySchema.parse({
      login: 'jdoe',
      email: 'jane@example.com',
      pass: '',
    });

    expect(body).toEqual({
      login: 'jdoe',
      email: 'jane@example.com',
      name_f: '',
      name_l: '',
      pass: undefined,
      status: 1,
    });
  });

  it('reads numeric strings of the membership API as numbers', () => {
    expect(membershipUserSchema.parse(membershipUserInput)).toMatchObject({
      user_id: '17',
      status: 1,
      is_approved: 1,
    });
  });

  it('labels the statuses, anything unknown as Inactive', () => {
    expect([0, 1, 2, 7, undefined].map(membershipStatusLabel)).toEqual([
      'Pending',
      'Active',
      'Expired',
      'Inactive',
      'Inactive',
    ]);
  });

  it('reads an indexed users object with _total as a list of at most 100', () => {
    const indexed: Record<string, unknown> = { _total: 150 };
    for (let index = 149; index >= 0; index -= 1) {
      indexed[String(index)] = { ...membershipUserInput, user_id: index };
    }

    const users = membershipUserListSchema.parse(indexed);

    expect(users).toHaveLength(MEMBERSHIP_USERS_LIMIT);
    expect(users.slice(0, 3).map((user) => user.user_id)).toEqual(['0', '1', '2']);
  });
});

describe('firm save body', () => {
  const firmSaveBodySchema = firmSaveBodySchemaFor(() => 2026);

  it.each(['id', 'name', 'email', 'industry'])('requires %s with the spec message', (field) => {
    const result = firmSaveBodySchema.safeParse({ ...firmInput, [field]: '  ' });

    expect(messages(result)).toEqual([FIRM_REQUIRED_MESSAGE]);
    expect(FIRM_REQUIRED_MESSAGE).toBe('Please fill in all required fields');
  });

  it('defaults the status to active and reads one manager software entry as a list', () => {
    const firm = firmSaveBodySchema.parse(firmInput);

    expect(firm.status).toBe('active');
    expect(firm.managerSoftware).toEqual([
      expect.objectContaining({ name: 'R Trader Pro', apiKeys: {} }),
    ]);
  });

  it.each([
    [1799, ['Established year must be 1800 or later']],
    [1800, []],
    [2026, []],
    [2027, ['Established year must not be after 2026']],
  ])('bounds the established year %s by 1800 and the current year', (year, expected) => {
    expect(messages(firmSaveBodySchema.safeParse({ ...firmInput, establishedYear: year }))).toEqual(
      expected,
    );
  });

  it('reads the current year when it validates', () => {
    let year = 2026;
    const schema = firmSaveBodySchemaFor(() => year);
    year = 2030;

    expect(schema.safeParse({ ...firmInput, establishedYear: 2029 }).success).toBe(true);
  });

  it('applies the same bounds to a broker', () => {
    const result = firmSaveBodySchema.safeParse({
      ...firmInput,
      brokers: [{ name: 'Ninja', establishedYear: 2027 }],
    });

    expect(messages(result)).toEqual(['Established year must not be after 2026']);
  });

  it.each([
    [{ numberOfEmployees: 0 }, 'Number of employees must be at least 1'],
    [{ revenue: -0.01 }, 'Revenue must not be negative'],
    [{ revenue: 10.001 }, 'Revenue has at most two decimals'],
    [{ website: 'acme' }, 'Enter a valid URL'],
    [{ email: 'ops-at-acme' }, 'Enter a valid email address'],
    [{ id: 'acme.inc' }, 'Firm ID can only contain letters, numbers, hyphens and underscores'],
  ])('refuses %o', (change, message) => {
    expect(messages(firmSaveBodySchema.safeParse({ ...firmInput, ...change }))).toEqual([message]);
  });

  it('accepts empty optional URL and email fields', () => {
    const firm = firmSaveBodySchema.parse({
      ...firmInput,
      website: '',
      brokers: [{ email: '', website: '' }],
    });

    expect(firm.website).toBeUndefined();
    expect(firm.brokers[0]).toMatchObject({
      name: 'Rithmic',
      email: undefined,
      website: undefined,
    });
  });

  it('starts a new broker and a new management account with the spec defaults', () => {
    expect(createNewBroker(2026)).toEqual({
      name: 'Rithmic',
      establishedYear: 2026,
      numberOfEmployees: 1,
      revenue: 0,
      mgrAccount: [],
    });
    expect(managementAccountSchema.parse(createNewManagementAccount()).accountType).toBe('FCM');
  });
});

describe('sync request', () => {
  it('defaults to one day', () => {
    expect(syncRequestBodySchema.parse({})).toEqual({ count: 1 });
  });

  it.each([0, 31, 1.5, '5'])('refuses %p with a message naming count', (count) => {
    expect(messages(syncRequestBodySchema.safeParse({ count }))).toEqual([
      'count must be a whole number from 1 to 30',
    ]);
  });
});

describe("What's New release body", () => {
  it('makes a new release an active draft with no items', () => {
    expect(
      releaseBodySchema.parse({ version: '1.4.0', releaseDate: '20260301', title: ' March ' }),
    ).toEqual({
      version: '1.4.0',
      releaseDate: '20260301',
      title: 'March',
      summary: '',
      isActive: true,
      items: [],
    });
  });
});

describe('syncResultOf', () => {
  const base = {
    runId: 'r1',
    trigger: 'api' as const,
    count: 1,
    dates: ['20260302'],
    startedAt: '2026-03-02T23:30:00.000Z',
    finishedAt: null,
    summary: null,
  };

  it('has no result while the run is running', () => {
    expect(syncResultOf({ ...base, status: 'running' })).toBeUndefined();
  });

  it('reports a failed run with its error and a finished one as a success', () => {
    expect(syncResultOf({ ...base, status: 'failed', error: 'Bucket missing' })).toEqual({
      success: false,
      error: 'Bucket missing',
    });
    expect(syncResultOf({ ...base, status: 'succeeded' })).toEqual({ success: true });
  });
});

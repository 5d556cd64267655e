import { parse } from 'csv-parse/sync';
import { accountSchema } from '@shared/accounts/account';
import { auditTrailRecordSchema } from '@shared/audit/audit-trail';
import { BROKER_FILE_KINDS } from '@shared/broker-files/kinds';
import {
  brokerFileKey,
  brokerFiles,
  missingColumns,
  naturalKeyIdOf,
  naturalKeyOf,
  parseBrokerFileKey,
  parseBrokerRow,
  type BrokerRowByKind,
} from '@shared/broker-files/registry';
import { dailyPerformanceSchema } from '@shared/performance/daily-performance';
import {
  performanceSymbolSchema,
  performanceTradeSchema,
} from '@shared/performance/performance-report';
import { dailyRevenueRecordSchema } from '@shared/revenue/daily-revenue';
import { dayFillSchema } from '@shared/rules/day-input';
import { syncRecordCountsShape } from '@shared/sync/sync-run';
import { traderSchema } from '@shared/traders/trader';

function row<K extends keyof BrokerRowByKind>(
  kind: K,
  record: Record<string, string>,
): BrokerRowByKind[K] {
  const result = parseBrokerRow(kind, record);
  if (!result.success) throw new Error(result.reason);
  return result.row;
}

function reason(kind: keyof BrokerRowByKind, record: Record<string, string>): string {
  const result = parseBrokerRow(kind, record);
  return result.success ? 'accepted' : result.reason;
}

const performance = {
  Account: 'EVAL50K-0001',
  Date: '20260302',
  NetPnl: '-1234.50',
  AcctBal: '48765.50',
  Trades: '7',
};
const fill = {
  Account: 'EVAL50K-0001',
  Date: '20260302',
  Symbol: 'MES',
  Side: 'B',
  FillPrice: '5012.25',
  FillSize: '2',
  FillId: 'F-9',
  FillTime: '2026-03-02T08:31:05.123-06:00',
};

describe('broker file registry', () => {
  it('has one entry per kind, named <kind>.csv', () => {
    expect(Object.keys(brokerFiles)).toEqual([...BROKER_FILE_KINDS]);
    for (const kind of BROKER_FILE_KINDS) {
      expect(brokerFiles[kind]).toMatchObject({ kind, fileName: `${kind}.csv` });
    }
  });

  it('lists the contract columns in the contract order', () => {
    expect(brokerFiles['daily-fills'].columns).toEqual([
      'Account',
      'Date',
      'Symbol',
      'Exchange',
      'Side',
      'FillPrice',
      'FillSize',
      'OrderId',
      'FillId',
      'FillTime',
    ]);
    expect(brokerFiles['audit-trail'].columns).toHaveLength(18);
    expect(brokerFiles['daily-performance'].columns).toHaveLength(28);
  });

  it.each(BROKER_FILE_KINDS)('keys %s rows by required columns', (kind) => {
    const { columns, requiredColumns, naturalKeyColumns } = brokerFiles[kind];
    const columnList: readonly string[] = columns;
    const requiredList: readonly string[] = requiredColumns;

    expect(requiredColumns.filter((column) => !columnList.includes(column))).toEqual([]);
    expect(naturalKeyColumns.filter((column) => !requiredList.includes(column))).toEqual([]);
  });

  it.each(BROKER_FILE_KINDS)('refuses a %s row missing a required column, naming it', (kind) => {
    for (const column of brokerFiles[kind].requiredColumns) {
      expect(reason(kind, {})).toContain(`${column} is required`);
    }
  });

  it('feeds each kind into its own sync summary count', () => {
    const fields = BROKER_FILE_KINDS.map((kind) => brokerFiles[kind].countField);

    expect(new Set(fields).size).toBe(BROKER_FILE_KINDS.length);
    expect([...fields].sort()).toEqual(Object.keys(syncRecordCountsShape).sort());
  });

  it('finds the required columns a header lacks', () => {
    expect(missingColumns('daily-performance', ['Account', ' Date ', 'NetPnl', 'Extra'])).toEqual([
      'AcctBal',
      'Trades',
    ]);
    expect(missingColumns('traders', ['email', 'traderId'])).toEqual([]);
  });
});

describe('broker row cells', () => {
  it('reads decimal dollars as numbers and drops unknown columns', () => {
    expect(row('daily-performance', { ...performance, Unknown: 'x' })).toEqual({
      Account: 'EVAL50K-0001',
      Date: '20260302',
      NetPnl: -1234.5,
      AcctBal: 48_765.5,
      Trades: 7,
    });
  });

  it('treats empty and blank cells as missing and trims the others', () => {
    const parsed = row('daily-performance', {
      ...performance,
      Account: '  EVAL50K-0001 ',
      ClosedPnl: '',
      Commissions: '   ',
    });

    expect(parsed.Account).toBe('EVAL50K-0001');
    expect('ClosedPnl' in parsed && parsed.ClosedPnl !== undefined).toBe(false);
    expect(parsed.Commissions).toBeUndefined();
  });

  it('says a blank required cell is required', () => {
    expect(reason('daily-performance', { ...performance, NetPnl: ' ' })).toBe('NetPnl is required');
  });

  it.each([
    ['NetPnl', '$1,234.50', 'NetPnl must be an amount in dollars, like -1234.50'],
    ['NetPnl', '12.3.4', 'NetPnl must be an amount in dollars, like -1234.50'],
    ['Date', '20260230', 'Date must be a calendar date written YYYYMMDD'],
    ['Date', '2026-03-02', 'Date must be a calendar date written YYYYMMDD'],
    ['Trades', '2.5', 'Trades must be a whole number of at least 0'],
    ['Trades', '-1', 'Trades must be a whole number of at least 0'],
    ['WinPct', '120', 'WinPct must be a percentage from 0 to 100'],
    ['NetQty', 'many', 'NetQty must be a whole number'],
  ])('refuses %s %p, naming the column', (column, value, expected) => {
    expect(reason('daily-performance', { ...performance, [column]: value })).toBe(expected);
  });

  it('reports every bad cell of a row', () => {
    expect(reason('daily-performance', { ...performance, Date: '2026', AcctBal: 'x' })).toBe(
      'Date must be a calendar date written YYYYMMDD; AcctBal must be an amount in dollars, like -1234.50',
    );
  });

  it('accepts ISO times with an offset or Z, and nothing else', () => {
    expect(row('daily-fills', { ...fill, FillTime: '2026-03-02T14:31:05Z' }).FillTime).toBe(
      '2026-03-02T14:31:05Z',
    );
    for (const time of [
      '2026-03-02T14:31:05',
      '2026-03-02 14:31:05-06:00',
      '2026-02-30T14:31:05Z',
    ]) {
      expect(reason('daily-fills', { ...fill, FillTime: time })).toBe(
        'FillTime must be an ISO 8601 time with an offset',
      );
    }
  });

  it('reads fill sides, sizes and prices', () => {
    expect(row('daily-fills', fill)).toMatchObject({ Side: 'B', FillSize: 2, FillPrice: 5012.25 });
    expect(reason('daily-fills', { ...fill, Side: 'Buy' })).toBe('Side must be one of B, S');
    expect(reason('daily-fills', { ...fill, FillSize: '0' })).toBe('FillSize must be at least 1');
  });

  it('reads revenue as integer cents', () => {
    const revenue = { date: '20260302', provider: 'stripe', grossIncome: '165000' };

    expect(row('daily-revenue', { ...revenue, netIncome: '-2500' })).toMatchObject({
      grossIncome: 165_000,
      netIncome: -2500,
    });
    expect(reason('daily-revenue', { ...revenue, grossIncome: '1650.00' })).toBe(
      'grossIncome must be whole cents',
    );
    expect(reason('daily-revenue', { ...revenue, provider: 'venmo' })).toBe(
      'provider must be one of stripe, paypal, manual, bank_transfer, other',
    );
  });

  it('keeps audit actions and statuses the screens do not know', () => {
    const audit = row('audit-trail', {
      serverProcessDate: '20260302',
      serverTimestamp: '2026-03-02T14:31:05.123-06:00',
      accountNumber: 'EVAL50K-0001',
      action: 'MODIFY',
      status: 'PENDING',
      serverTransactionNumber: '42',
    });

    expect(audit).toMatchObject({ action: 'MODIFY', status: 'PENDING' });
  });

  it('checks the account statuses of accounts.csv', () => {
    expect(reason('accounts', { accountId: 'A-1', traderId: 'T-1', rithmicStatus: 'active' })).toBe(
      'rithmicStatus must be one of Active, Inactive, Admin Only',
    );
  });
});

describe('natural keys', () => {
  it.each([
    ['traders', { traderId: 'T-1', email: 'a@b.example' }, ['T-1']],
    ['accounts', { accountId: 'A-1', traderId: 'T-1' }, ['A-1']],
    ['relationships', { userId: 'U-1', accountId: 'A-1' }, ['U-1', 'A-1']],
    ['daily-performance', performance, ['EVAL50K-0001', '20260302']],
    ['daily-fills', fill, ['EVAL50K-0001', '20260302', 'F-9']],
    [
      'daily-trades',
      { Account: 'A-1', Date: '20260302', Symbol: 'ES', FillId: 'F-1' },
      ['A-1', '20260302', 'F-1'],
    ],
    [
      'daily-symbols',
      { Account: 'A-1', Date: '20260302', Symbol: 'ES' },
      ['A-1', '20260302', 'ES'],
    ],
    [
      'audit-trail',
      {
        serverProcessDate: '20260302',
        serverTimestamp: '2026-03-02T14:31:05Z',
        accountNumber: 'A-1',
        action: 'NEW',
        serverTransactionNumber: '42',
      },
      ['A-1', '20260302', '42'],
    ],
    [
      'daily-revenue',
      { date: '20260302', provider: 'paypal', grossIncome: '1' },
      ['20260302', 'paypal'],
    ],
  ] as const)('keys %s rows by the contract natural key', (kind, record, expected) => {
    const parsed = row(kind, record);

    expect(naturalKeyOf(kind, parsed)).toEqual(expected);
  });

  it('tells keys apart even when a value holds the separator of another', () => {
    // `:` is an id character (broker-files bounds) and a common separator: the key keeps them apart.
    const first = row('relationships', { userId: 'U-1:A', accountId: '1' });
    const second = row('relationships', { userId: 'U-1', accountId: 'A:1' });

    expect(naturalKeyIdOf('relationships', first)).not.toBe(
      naturalKeyIdOf('relationships', second),
    );
  });
});

describe('broker file keys', () => {
  it('places a kind of one date under broker/<date>/', () => {
    expect(brokerFileKey('20260302', 'daily-fills')).toBe('broker/20260302/daily-fills.csv');
    expect(brokerFileKey('20260302', 'audit-trail', true)).toBe(
      'broker/20260302/audit-trail.csv.gz',
    );
  });

  it('reads a key back, and nothing that is not a broker file', () => {
    expect(parseBrokerFileKey('broker/20260302/audit-trail.csv.gz')).toEqual({
      date: '20260302',
      kind: 'audit-trail',
      gzip: true,
    });
    for (const key of [
      'broker/20260302/positions.csv',
      'broker/20260230/traders.csv',
      'broker/20260302/traders.txt',
      'other/20260302/traders.csv',
    ]) {
      expect(parseBrokerFileKey(key)).toBeNull();
    }
  });
});

describe('broker rows and the entities they feed', () => {
  it('parses a quoted CSV file with columns in any order', () => {
    const csv = [
      'email,traderId,firstName,lastName,Unknown',
      'jane@example.com,T-1,"Doe, Jane",,x',
      ',T-2,John,Smith,y',
    ].join('\n');
    const records: Record<string, string>[] = parse(csv, { columns: true });

    const results = records.map((record) => parseBrokerRow('traders', record));

    expect(results).toEqual([
      {
        success: true,
        row: { traderId: 'T-1', email: 'jane@example.com', firstName: 'Doe, Jane' },
      },
      { success: false, reason: 'email is required' },
    ]);
  });

  it('gives rows the entity schemas accept', () => {
    const perf = row('daily-performance', { ...performance, WinPct: '55.5' });
    const fillRow = row('daily-fills', fill);
    const trade = row('daily-trades', {
      Account: 'A-1',
      Date: '20260302',
      Symbol: 'ES',
      FillId: 'F-1',
      Pnl: '125.00',
      TradeDate: '20260302',
    });
    const symbol = row('daily-symbols', {
      Account: 'A-1',
      Date: '20260302',
      Symbol: 'ES',
      Trades: '3',
    });
    const audit = row('audit-trail', {
      serverProcessDate: '20260302',
      serverTimestamp: '2026-03-02T14:31:05Z',
      accountNumber: 'A-1',
      action: 'FILL',
      quantity: '2',
      fillPrice: '5012.25',
      serverTransactionNumber: '42',
    });
    const revenue = row('daily-revenue', {
      date: '20260302',
      provider: 'stripe',
      grossIncome: '165000',
      netIncome: '160000',
      totalFees: '5000',
      transactionCount: '10',
      traderCount: '9',
    });
    const { date, provider, collectionTimestamp, ...metrics } = revenue;

    expect(() => {
      dailyPerformanceSchema.parse({ ...perf, date: perf.Date, conformance: null });
      dayFillSchema.parse(fillRow);
      performanceTradeSchema.parse(trade);
      performanceSymbolSchema.parse(symbol);
      auditTrailRecordSchema.parse(audit);
      dailyRevenueRecordSchema.parse({ date, provider, collectionTimestamp, metrics });
      traderSchema.parse(row('traders', { traderId: 'T-1', email: 'a@b.example' }));
      accountSchema.parse(
        row('accounts', { accountId: 'A-1', traderId: 'T-1', createdDate: '20260101' }),
      );
    }).not.toThrow();
  });
});

import * as z from 'zod';
import { isCalendarDate } from '@shared/rules/calendar';
import { FILE_KINDS, type FileKind } from '../../../scripts/demo-data/rows';
import { missingColumns, parseBrokerRow } from '@shared/broker-files/registry';
import {
  cents,
  generateToTemp,
  groupBy,
  loadDataset,
  readJson,
  type CsvRow,
  type Dataset,
  type Generated,
} from './support';

/** contracts/broker-files.md, column by column; `*` marks the required (bold) ones. */
const CONTRACT: Record<FileKind, string> = {
  traders:
    '*traderId firstName lastName username *email phoneNumber status tradingStatus rithmicUserId',
  accounts: '*accountId name *traderId fcm ib currency rithmicStatus pbtStatus createdDate',
  relationships: '*userId *accountId fcm ib role',
  'daily-performance':
    '*Account *Date FCM IB ClosedPnl *NetPnl Commissions CashBal *AcctBal ' +
    'AutoLiquidateThresholdValue HighPnl LowPnl AvgWin AvgLoss *Trades WinTrades LoserTrades WinPct ' +
    'LoserPct NoTradingDays BuyQty SellQty NetQty QtyTraded MaxConsecWin MaxConsecLoss ' +
    'AvgWinDuration AvgLossDuration',
  'daily-fills':
    '*Account *Date *Symbol Exchange *Side *FillPrice *FillSize OrderId *FillId *FillTime',
  'daily-trades':
    '*Account *Date *Symbol Exchange FillPrice FillSize OrderId *FillId Pnl NetChange TradeDate ' +
    'Commission',
  'daily-symbols':
    '*Account *Date *Symbol Exchange ClosedPnl NetPnl Commissions Trades WinTrades LoserTrades ' +
    'WinPct LoserPct BuyQty SellQty NetQty QtyTraded',
  'audit-trail':
    '*serverProcessDate *serverTimestamp *accountNumber firmUserId instrument *action status ' +
    'quantity buySellIndicator limitPrice stopPrice fillPrice positionDisposition orderNumber ' +
    'orderType *serverTransactionNumber message exchange',
  'daily-revenue':
    '*date *provider *grossIncome netIncome totalFees transactionCount traderCount ' +
    'collectionTimestamp',
};
const columnsOf = (kind: FileKind) =>
  CONTRACT[kind].split(' ').map((name) => name.replace('*', ''));
const requiredOf = (kind: FileKind) =>
  CONTRACT[kind]
    .split(' ')
    .filter((name) => name.startsWith('*'))
    .map((name) => name.slice(1));

/** Chicago's UTC offset (minutes) at an instant, from the platform's time-zone database. */
const chicago = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
});
const offsetByHour = new Map<number, number>();
function chicagoOffset(instant: number): number {
  const hour = Math.floor(instant / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const parts = chicago.formatToParts(hour * 3_600_000);
    const field = (type: string) => Number(parts.find((part) => part.type === type)!.value);
    const wall = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'));
    offset = (wall - hour * 3_600_000) / 60_000;
    offsetByHour.set(hour, offset);
  }
  return offset;
}

const money = z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'dollars with at most two decimals');
const whole = z.string().regex(/^-?\d+$/, 'a whole number');
const count = z.string().regex(/^\d+$/, 'a count');
const days = z.string().regex(/^\d+\.\d{6}$/, 'days with six decimals');
const size = count.refine((value) => Number(value) >= 1, 'at least 1');
const percent = money.refine((value) => Number(value) >= 0 && Number(value) <= 100, '0 to 100');
const date = z.string().refine(isCalendarDate, 'a YYYYMMDD calendar date');
const id = z.string().regex(/^\d{1,15}$/, 'a numeric id below 2^53');
const text = z.string();
const instant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/, 'ISO 8601 with offset')
  .refine((value) => {
    const offset = value.slice(-6);
    const minutes =
      (offset.startsWith('-') ? -1 : 1) *
      (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));
    return chicagoOffset(Date.parse(value)) === minutes;
  }, 'the Central offset in force at that instant');
const empty = z.literal('');
const optional = <T extends z.ZodType>(schema: T) => z.union([empty, schema]);
const symbol = z.string().regex(/^(ES|NQ|MES|MNQ|CL|GC)[FGHJKMNQUVXZ]\d$/, 'a CME contract');
const side = z.enum(['B', 'S']);

const ROW_SCHEMAS: Record<FileKind, z.ZodType<CsvRow>> = {
  traders: z.strictObject({
    traderId: z.string().regex(/^TR\d{6}$/),
    firstName: text,
    lastName: text,
    username: text,
    email: z.email(),
    phoneNumber: z.string().regex(/^\+1-\d{3}-555-01\d{2}$/),
    status: z.enum(['enabled', 'disabled']),
    tradingStatus: z.enum(['active', 'inactive']),
    rithmicUserId: text,
  }),
  accounts: z.strictObject({
    accountId: z.string().regex(/^[A-Z0-9]+-\d{6}$/),
    name: text,
    traderId: text,
    fcm: text,
    ib: text,
    currency: z.literal('USD'),
    rithmicStatus: z.enum(['Active', 'Inactive', 'Admin Only']),
    pbtStatus: z.enum(['active', 'pending']),
    createdDate: date,
  }),
  relationships: z.strictObject({
    userId: text,
    accountId: text,
    fcm: text,
    ib: text,
    role: text,
  }),
  'daily-performance': z.strictObject({
    Account: text,
    Date: date,
    FCM: text,
    IB: text,
    ClosedPnl: money,
    NetPnl: money,
    Commissions: money,
    CashBal: money,
    AcctBal: money,
    AutoLiquidateThresholdValue: optional(money),
    HighPnl: money,
    LowPnl: money,
    AvgWin: money,
    AvgLoss: money,
    Trades: count,
    WinTrades: count,
    LoserTrades: count,
    WinPct: percent,
    LoserPct: percent,
    NoTradingDays: count,
    BuyQty: count,
    SellQty: count,
    NetQty: whole,
    QtyTraded: count,
    MaxConsecWin: count,
    MaxConsecLoss: count,
    AvgWinDuration: days,
    AvgLossDuration: days,
  }),
  'daily-fills': z.strictObject({
    Account: text,
    Date: date,
    Symbol: symbol,
    Exchange: z.enum(['CME', 'NYMEX', 'COMEX']),
    Side: side,
    FillPrice: money,
    FillSize: size,
    OrderId: id,
    FillId: id,
    FillTime: instant,
  }),
  'daily-trades': z.strictObject({
    Account: text,
    Date: date,
    Symbol: symbol,
    Exchange: z.enum(['CME', 'NYMEX', 'COMEX']),
    FillPrice: money,
    FillSize: size,
    OrderId: id,
    FillId: id,
    Pnl: money,
    NetChange: money,
    TradeDate: date,
    Commission: money,
  }),
  'daily-symbols': z.strictObject({
    Account: text,
    Date: date,
    Symbol: symbol,
    Exchange: z.enum(['CME', 'NYMEX', 'COMEX']),
    ClosedPnl: money,
    NetPnl: money,
    Commissions: money,
    Trades: count,
    WinTrades: count,
    LoserTrades: count,
    WinPct: percent,
    LoserPct: percent,
    BuyQty: count,
    SellQty: count,
    NetQty: whole,
    QtyTraded: count,
  }),
  'audit-trail': z.strictObject({
    serverProcessDate: date,
    serverTimestamp: instant,
    accountNumber: text,
    firmUserId: text,
    instrument: symbol,
    action: z.enum(['NEW', 'FILL', 'CANCEL', 'REPLACE']),
    status: z.enum(['OPEN', 'FILLED', 'PARTIALLY FILLED', 'CANCELLED', 'REJECTED']),
    quantity: size,
    buySellIndicator: side,
    limitPrice: optional(money),
    stopPrice: optional(money),
    fillPrice: optional(money),
    positionDisposition: z.enum(['OPEN', 'CLOSE']),
    orderNumber: id,
    orderType: z.enum(['MARKET', 'LIMIT', 'STOP MARKET']),
    serverTransactionNumber: id,
    message: text,
    exchange: z.enum(['CME', 'NYMEX', 'COMEX']),
  }),
  'daily-revenue': z.strictObject({
    date,
    provider: z.enum(['stripe', 'paypal', 'manual', 'bank_transfer', 'other']),
    grossIncome: count,
    netIncome: whole,
    totalFees: count,
    transactionCount: count,
    traderCount: count,
    collectionTimestamp: instant,
  }),
};

const TICK_HUNDREDTHS: Record<string, number> = { ES: 25, NQ: 25, MES: 25, MNQ: 25, CL: 1, GC: 10 };
const root = (symbol: string) => symbol.slice(0, -2);

let generated: Generated;
let data: Dataset;
let startingBalance: Map<string, number>;
let hoursScenarioAccount: string;

beforeAll(async () => {
  generated = await generateToTemp();
  data = loadDataset(generated.dir, generated.result.dates);
  const programs = readJson<Array<{ prefix: string; phases: Array<{ startingBalance: number }> }>>(
    generated.dir,
    'seed/programs.json',
  );
  const prefixes = programs.map((program) => program.prefix);
  startingBalance = new Map(
    data.accounts.map((account) => {
      const prefix = longestPrefix(prefixes, account.accountId!)!;
      const program = programs.find((candidate) => candidate.prefix === prefix)!;
      return [account.accountId!, program.phases[0]!.startingBalance * 100];
    }),
  );
  hoursScenarioAccount = generated.result.manifest.scenarios.find(
    (scenario) => scenario.name === 'trading-hours-breach',
  )!.accountId;
});

afterAll(() => generated.remove());

function longestPrefix(prefixes: readonly string[], accountId: string): string | undefined {
  return prefixes
    .filter((prefix) => accountId.toLowerCase().startsWith(prefix.toLowerCase()))
    .sort((a, b) => b.length - a.length)[0];
}

const accountDay = (row: CsvRow) => `${row.Account}|${row.Date}`;

describe('demo broker files', () => {
  it("passes the sync's own row validation: every row of every kind, nothing rejected", () => {
    for (const kind of FILE_KINDS) {
      for (const file of data.files[kind]) {
        expect(missingColumns(kind, file.header)).toEqual([]);
        const rejected = file.rows
          .map((row) => parseBrokerRow(kind, row))
          .filter((result) => !result.success);
        expect({ kind, rejected }).toEqual({ kind, rejected: [] });
      }
    }
  });

  it('writes every kind for every date with the header the contract names', () => {
    for (const kind of FILE_KINDS) {
      expect(data.files[kind]).toHaveLength(generated.result.dates.length);
      for (const { header } of data.files[kind]) {
        expect(header).toEqual(expect.arrayContaining(requiredOf(kind)));
        expect([...header].sort()).toEqual(columnsOf(kind).sort());
      }
      expect(data[kind].length).toBeGreaterThan(0);
    }
  });

  it.each(FILE_KINDS)('writes %s rows whose cells have the contract formats', (kind) => {
    for (const [index, row] of data[kind].entries()) {
      const parsed = ROW_SCHEMAS[kind].safeParse(row);
      if (!parsed.success) throw new Error(`${kind} row ${index}: ${parsed.error.message}`);
      for (const column of requiredOf(kind)) expect(row[column]).not.toBe('');
    }
  });

  it('quotes cells that hold commas, as RFC 4180 does', () => {
    expect(data.accounts.some((account) => account.name!.includes(', '))).toBe(true);
  });

  it('keeps the natural keys of the contract unique', () => {
    const unique = (kind: FileKind, key: (row: CsvRow) => string) => {
      const keys = data[kind].map(key);
      expect(new Set(keys).size).toBe(keys.length);
    };
    const perDate = (kind: FileKind, dateColumn: string, key: (row: CsvRow) => string) =>
      unique(kind, (row) => `${row[dateColumn]}|${key(row)}`);
    // Traders, accounts and relationships are listed again every date.
    const uniquePerFile = (kind: FileKind, key: (row: CsvRow) => string) => {
      for (const file of data.files[kind]) {
        const keys = file.rows.map(key);
        expect(new Set(keys).size).toBe(keys.length);
      }
    };
    uniquePerFile('traders', (row) => row.traderId!);
    uniquePerFile('accounts', (row) => row.accountId!);
    uniquePerFile('relationships', (row) => `${row.userId}|${row.accountId}`);
    unique('daily-performance', accountDay);
    perDate('daily-fills', 'Date', (row) => `${row.Account}|${row.FillId}`);
    perDate('daily-trades', 'Date', (row) => `${row.Account}|${row.FillId}`);
    perDate('daily-symbols', 'Date', (row) => `${row.Account}|${row.Symbol}`);
    perDate(
      'audit-trail',
      'serverProcessDate',
      (row) => `${row.accountNumber}|${row.serverTransactionNumber}`,
    );
    perDate('daily-revenue', 'date', (row) => row.provider!);
  });

  it('attaches every account to a program by its prefix and every account to a listed trader', () => {
    const traders = new Map(data.traders.map((trader) => [trader.traderId!, trader]));
    for (const account of data.accounts) {
      expect(startingBalance.get(account.accountId!)).toBeGreaterThan(0);
      const trader = traders.get(account.traderId!);
      expect(trader).toBeDefined();
      expect(
        data.relationships.some(
          (link) => link.accountId === account.accountId && link.userId === trader!.rithmicUserId,
        ),
      ).toBe(true);
    }
  });

  it('reports performance only for listed accounts that are not Inactive', () => {
    const statusByDay = new Map<string, string>();
    generated.result.dates.forEach((date, index) => {
      for (const account of data.files.accounts[index]!.rows) {
        statusByDay.set(`${account.accountId}|${date}`, account.rithmicStatus!);
      }
    });
    for (const row of data['daily-performance']) {
      const status = statusByDay.get(accountDay(row));
      expect(status).toBeDefined();
      expect(status).not.toBe('Inactive');
      if (status === 'Admin Only') expect(row.Trades).toBe('0');
    }
  });

  it('keeps balances running and the day P&L coherent per account-day', () => {
    const byAccount = groupBy(data['daily-performance'], (row) => row.Account!);
    for (const [account, rows] of byAccount) {
      let balance = startingBalance.get(account)!;
      for (const row of rows) {
        const net = cents(row.NetPnl);
        expect(net).toBe(cents(row.ClosedPnl) - cents(row.Commissions));
        balance += net;
        expect(cents(row.AcctBal)).toBe(balance);
        expect(row.CashBal).toBe(row.AcctBal);
        expect(cents(row.HighPnl)).toBeGreaterThanOrEqual(Math.max(net, 0));
        expect(cents(row.LowPnl)).toBeLessThanOrEqual(Math.min(net, 0));
        const trades = Number(row.Trades);
        expect(Number(row.WinTrades) + Number(row.LoserTrades)).toBeLessThanOrEqual(trades);
        if (trades > 0) {
          expect(Number(row.WinPct)).toBeCloseTo((Number(row.WinTrades) * 100) / trades, 2);
        }
        expect(Number(row.NetQty)).toBe(0);
        expect(Number(row.QtyTraded)).toBe(Number(row.BuyQty) + Number(row.SellQty));
      }
    }
  });

  it('makes fills, trades, symbols and performance agree for every account-day', () => {
    const fills = groupBy(data['daily-fills'], accountDay);
    const trades = groupBy(data['daily-trades'], accountDay);
    const symbols = groupBy(data['daily-symbols'], accountDay);
    const sum = (rows: CsvRow[] | undefined, column: string) =>
      (rows ?? []).reduce((total, row) => total + cents(row[column]), 0);
    const quantity = (rows: CsvRow[] | undefined, sideName: string) =>
      (rows ?? [])
        .filter((row) => row.Side === sideName)
        .reduce((total, row) => total + Number(row.FillSize), 0);
    let traded = 0;
    for (const row of data['daily-performance']) {
      const key = accountDay(row);
      const dayFills = fills.get(key);
      const dayTrades = trades.get(key);
      const daySymbols = symbols.get(key) ?? [];
      expect(dayTrades?.length ?? 0).toBe(Number(row.Trades));
      expect(sum(dayTrades, 'Pnl')).toBe(cents(row.ClosedPnl));
      expect(sum(dayTrades, 'Commission')).toBe(cents(row.Commissions));
      expect(sum(daySymbols, 'ClosedPnl')).toBe(cents(row.ClosedPnl));
      expect(sum(daySymbols, 'Commissions')).toBe(cents(row.Commissions));
      expect(sum(daySymbols, 'NetPnl')).toBe(cents(row.NetPnl));
      expect(quantity(dayFills, 'B')).toBe(Number(row.BuyQty));
      expect(quantity(dayFills, 'S')).toBe(Number(row.SellQty));
      expect(new Set((dayFills ?? []).map((fill) => fill.Symbol))).toEqual(
        new Set(daySymbols.map((symbolRow) => symbolRow.Symbol)),
      );
      for (const symbolRow of daySymbols) {
        const ofSymbol = (dayFills ?? []).filter((fill) => fill.Symbol === symbolRow.Symbol);
        expect(quantity(ofSymbol, 'B')).toBe(Number(symbolRow.BuyQty));
        expect(quantity(ofSymbol, 'S')).toBe(Number(symbolRow.SellQty));
      }
      for (const trade of dayTrades ?? []) {
        const fill = dayFills!.find((candidate) => candidate.FillId === trade.FillId)!;
        expect(fill).toBeDefined();
        expect([fill.Symbol, fill.FillPrice, fill.FillSize, fill.OrderId]).toEqual([
          trade.Symbol,
          trade.FillPrice,
          trade.FillSize,
          trade.OrderId,
        ]);
      }
      for (const fill of dayFills ?? []) {
        expect(cents(fill.FillPrice) % TICK_HUNDREDTHS[root(fill.Symbol!)]!).toBe(0);
      }
      if (dayFills) traded += 1;
    }
    expect(traded).toBeGreaterThan(20);
    // No fills or trades without a performance row.
    const reported = new Set(data['daily-performance'].map(accountDay));
    expect(
      [...fills.keys(), ...trades.keys(), ...symbols.keys()].every((key) => reported.has(key)),
    ).toBe(true);
  });

  it('gives the average win and loss durations in days: a trade lasts less than its session', () => {
    let withWins = 0;
    for (const row of data['daily-performance']) {
      for (const [duration, tradeCount] of [
        [row.AvgWinDuration, row.WinTrades],
        [row.AvgLossDuration, row.LoserTrades],
      ] as const) {
        const value = Number(duration);
        if (Number(tradeCount) === 0) expect(value).toBe(0);
        else {
          expect(value).toBeGreaterThan(0);
          expect(value).toBeLessThan(1);
        }
      }
      if (Number(row.WinTrades) > 0) withWins += 1;
    }
    expect(withWins).toBeGreaterThan(10);
  });

  it('writes order events that match the fills one to one, numbered in time order', () => {
    const auditKey = (row: CsvRow) => `${row.accountNumber}|${row.serverProcessDate}`;
    const events = groupBy(data['audit-trail'], auditKey);
    const fills = groupBy(data['daily-fills'], accountDay);
    expect(new Set(events.keys())).toEqual(new Set(fills.keys()));
    for (const [key, rows] of events) {
      const fillEvents = rows
        .filter((row) => row.action === 'FILL')
        .map((row) =>
          [
            row.orderNumber,
            row.serverTimestamp,
            row.instrument,
            row.buySellIndicator,
            row.quantity,
            row.fillPrice,
          ].join(),
        );
      const dayFills = fills
        .get(key)!
        .map((fill) =>
          [
            fill.OrderId,
            fill.FillTime,
            fill.Symbol,
            fill.Side,
            fill.FillSize,
            fill.FillPrice,
          ].join(),
        );
      expect(fillEvents.sort()).toEqual(dayFills.sort());
      // Every order is placed before it fills, is cancelled or is replaced.
      const placed = new Set<string>();
      let previous = Number.NEGATIVE_INFINITY;
      let previousNumber = 0;
      for (const row of rows) {
        const time = Date.parse(row.serverTimestamp!);
        expect(time).toBeGreaterThanOrEqual(previous);
        expect(Number(row.serverTransactionNumber)).toBeGreaterThan(previousNumber);
        previous = time;
        previousNumber = Number(row.serverTransactionNumber);
        if (row.action === 'NEW') placed.add(row.orderNumber!);
        else expect(placed.has(row.orderNumber!)).toBe(true);
      }
    }
  });

  it('keeps fills inside the CME session of their date and the firm trading hours', () => {
    for (const fill of data['daily-fills']) {
      const day = Date.UTC(
        +fill.Date!.slice(0, 4),
        +fill.Date!.slice(4, 6) - 1,
        +fill.Date!.slice(6),
      );
      const offset = fill.FillTime!.slice(-6);
      const local = Date.parse(fill.FillTime!.slice(0, -6) + 'Z');
      // The CME day runs from 17:00 Central the evening before to 16:00.
      expect(local).toBeGreaterThanOrEqual(day - 7 * 3_600_000);
      expect(local).toBeLessThan(day + 16 * 3_600_000);
      expect(['-05:00', '-06:00']).toContain(offset);
      if (fill.Account !== hoursScenarioAccount) {
        expect(local).toBeLessThanOrEqual(day + (15 * 60 + 10) * 60_000);
      }
    }
  });

  it('collects revenue from stripe and paypal every date, in cents that add up', () => {
    const byDate = groupBy(data['daily-revenue'], (row) => row.date!);
    expect([...byDate.keys()]).toEqual(generated.result.dates);
    for (const rows of byDate.values()) {
      expect(rows.map((row) => row.provider).sort()).toEqual(['paypal', 'stripe']);
      for (const row of rows) {
        expect(Number(row.netIncome) + Number(row.totalFees)).toBe(Number(row.grossIncome));
        expect(Number(row.traderCount)).toBeLessThanOrEqual(Number(row.transactionCount));
      }
    }
  });

  it('covers every phase and every broker status', () => {
    const { manifest } = generated.result;
    const phases = new Set(manifest.scenarios.map((scenario) => scenario.phase));
    expect([...phases].sort()).toEqual(['demo', 'evaluation', 'live-funded', 'sim-funded']);
    expect(new Set(data.accounts.map((account) => account.rithmicStatus))).toEqual(
      new Set(['Active', 'Inactive', 'Admin Only']),
    );
    expect(manifest.accounts).toBe(15 + 6 * 2);
  });
});

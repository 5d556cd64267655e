import * as z from 'zod';
import { pbtStatusSchema, rithmicStatusSchema } from '../accounts/account';
import { paymentProviderSchema } from '../revenue/transaction';
import {
  cents,
  count,
  date,
  decimal,
  identifier,
  instant,
  integer,
  money,
  oneOf,
  optional,
  percentage,
  required,
  size,
  symbol,
  text,
} from './cells';

/**
 * One row schema per kind of broker file, column for column as contracts/broker-files.md lists them
 * (required columns are bold there). Unknown columns are dropped; values come out typed. Identifier and
 * symbol cells are bounded (cells.ts), so every key a row forms is one DynamoDB and the API accept.
 */

/** Loose on purpose: a broker email that merely has an @ is kept, not rejected with its trader. */
const email = (column: string) =>
  z.string().regex(/^[^\s@]+@[^\s@]+$/, { error: `${column} must be an email address` });
/** Three-letter currency code. */
const currency = (column: string) =>
  z.string().regex(/^[A-Z]{3}$/, { error: `${column} must be a three-letter code like USD` });

export const traderRowSchema = z.object({
  traderId: required('traderId', identifier),
  firstName: optional('firstName', text),
  lastName: optional('lastName', text),
  username: optional('username', text),
  email: required('email', email),
  phoneNumber: optional('phoneNumber', text),
  status: optional('status', text),
  tradingStatus: optional('tradingStatus', text),
  rithmicUserId: optional('rithmicUserId', text),
});
export type TraderRow = z.infer<typeof traderRowSchema>;

export const accountRowSchema = z.object({
  accountId: required('accountId', identifier),
  name: optional('name', text),
  traderId: required('traderId', identifier),
  fcm: optional('fcm', text),
  ib: optional('ib', text),
  currency: optional('currency', currency),
  rithmicStatus: optional('rithmicStatus', oneOf(rithmicStatusSchema.options)),
  pbtStatus: optional('pbtStatus', oneOf(pbtStatusSchema.options)),
  createdDate: optional('createdDate', date),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

export const relationshipRowSchema = z.object({
  userId: required('userId', identifier),
  accountId: required('accountId', identifier),
  fcm: optional('fcm', text),
  ib: optional('ib', text),
  role: optional('role', text),
});
export type RelationshipRow = z.infer<typeof relationshipRowSchema>;

export const dailyPerformanceRowSchema = z.object({
  Account: required('Account', identifier),
  Date: required('Date', date),
  FCM: optional('FCM', text),
  IB: optional('IB', text),
  ClosedPnl: optional('ClosedPnl', money),
  NetPnl: required('NetPnl', money),
  Commissions: optional('Commissions', money),
  CashBal: optional('CashBal', money),
  AcctBal: required('AcctBal', money),
  AutoLiquidateThresholdValue: optional('AutoLiquidateThresholdValue', money),
  HighPnl: optional('HighPnl', money),
  LowPnl: optional('LowPnl', money),
  AvgWin: optional('AvgWin', money),
  AvgLoss: optional('AvgLoss', money),
  Trades: required('Trades', count),
  WinTrades: optional('WinTrades', count),
  LoserTrades: optional('LoserTrades', count),
  WinPct: optional('WinPct', percentage),
  LoserPct: optional('LoserPct', percentage),
  NoTradingDays: optional('NoTradingDays', count),
  BuyQty: optional('BuyQty', count),
  SellQty: optional('SellQty', count),
  NetQty: optional('NetQty', integer),
  QtyTraded: optional('QtyTraded', count),
  MaxConsecWin: optional('MaxConsecWin', count),
  MaxConsecLoss: optional('MaxConsecLoss', count),
  AvgWinDuration: optional('AvgWinDuration', decimal),
  AvgLossDuration: optional('AvgLossDuration', decimal),
});
export type DailyPerformanceRow = z.infer<typeof dailyPerformanceRowSchema>;

export const FILL_SIDES = ['B', 'S'] as const;

export const dailyFillRowSchema = z.object({
  Account: required('Account', identifier),
  Date: required('Date', date),
  Symbol: required('Symbol', symbol),
  Exchange: optional('Exchange', text),
  Side: required('Side', oneOf(FILL_SIDES)),
  FillPrice: required('FillPrice', decimal),
  FillSize: required('FillSize', size),
  OrderId: optional('OrderId', identifier),
  FillId: required('FillId', identifier),
  FillTime: required('FillTime', instant),
});
export type DailyFillRow = z.infer<typeof dailyFillRowSchema>;

export const dailyTradeRowSchema = z.object({
  Account: required('Account', identifier),
  Date: required('Date', date),
  Symbol: required('Symbol', symbol),
  Exchange: optional('Exchange', text),
  FillPrice: optional('FillPrice', decimal),
  FillSize: optional('FillSize', size),
  OrderId: optional('OrderId', identifier),
  FillId: required('FillId', identifier),
  Pnl: optional('Pnl', money),
  NetChange: optional('NetChange', decimal),
  TradeDate: optional('TradeDate', date),
  Commission: optional('Commission', money),
});
export type DailyTradeRow = z.infer<typeof dailyTradeRowSchema>;

export const dailySymbolRowSchema = z.object({
  Account: required('Account', identifier),
  Date: required('Date', date),
  Symbol: required('Symbol', symbol),
  Exchange: optional('Exchange', text),
  ClosedPnl: optional('ClosedPnl', money),
  NetPnl: optional('NetPnl', money),
  Commissions: optional('Commissions', money),
  Trades: optional('Trades', count),
  WinTrades: optional('WinTrades', count),
  LoserTrades: optional('LoserTrades', count),
  WinPct: optional('WinPct', percentage),
  LoserPct: optional('LoserPct', percentage),
  BuyQty: optional('BuyQty', count),
  SellQty: optional('SellQty', count),
  NetQty: optional('NetQty', integer),
  QtyTraded: optional('QtyTraded', count),
});
export type DailySymbolRow = z.infer<typeof dailySymbolRowSchema>;

export const auditTrailRowSchema = z.object({
  serverProcessDate: required('serverProcessDate', date),
  serverTimestamp: required('serverTimestamp', instant),
  accountNumber: required('accountNumber', identifier),
  firmUserId: optional('firmUserId', identifier),
  instrument: optional('instrument', text),
  action: required('action', text),
  status: optional('status', text),
  quantity: optional('quantity', count),
  buySellIndicator: optional('buySellIndicator', text),
  limitPrice: optional('limitPrice', decimal),
  stopPrice: optional('stopPrice', decimal),
  fillPrice: optional('fillPrice', decimal),
  positionDisposition: optional('positionDisposition', text),
  orderNumber: optional('orderNumber', text),
  orderType: optional('orderType', text),
  serverTransactionNumber: required('serverTransactionNumber', identifier),
  message: optional('message', text),
  exchange: optional('exchange', text),
});
export type AuditTrailRow = z.infer<typeof auditTrailRowSchema>;

export const dailyRevenueRowSchema = z.object({
  date: required('date', date),
  provider: required('provider', oneOf(paymentProviderSchema.options)),
  grossIncome: required('grossIncome', cents),
  netIncome: optional('netIncome', cents),
  totalFees: optional('totalFees', cents),
  transactionCount: optional('transactionCount', count),
  traderCount: optional('traderCount', count),
  collectionTimestamp: optional('collectionTimestamp', instant),
});
export type DailyRevenueRow = z.infer<typeof dailyRevenueRowSchema>;

import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { PerformanceSymbol, PerformanceTrade } from '@shared/performance/performance-report';
import { Money, Percent } from '@/components/figures/money-text';
import { formatCount, formatDate, formatDecimal, formatPoints, orMissing } from '@/lib/format';

const mono = (text: string) => (
  <Text as="span" fontFamily="mono">
    {text}
  </Text>
);

/** A right-aligned figure column of a performance report's rows. */
function figure<Row>(id: string, header: string, text: (row: Row) => ReactNode): ColumnDef<Row> {
  return { id, header, meta: { numeric: true }, cell: ({ row }) => text(row.original) };
}

/**
 * The columns of a day's trades (spec 000 §2, Trade Details), by name: the Performance Report
 * shows all ten, Daily Performance a few.
 */
export const tradeColumns = {
  symbol: { id: 'symbol', header: 'Symbol', cell: ({ row }) => mono(row.original.Symbol) },
  exchange: {
    id: 'exchange',
    header: 'Exchange',
    cell: ({ row }) => orMissing(row.original.Exchange),
  },
  fillPrice: figure('fillPrice', 'Fill Price', (trade) => formatDecimal(trade.FillPrice, 2)),
  fillSize: figure('fillSize', 'Fill Size', (trade) => formatCount(trade.FillSize)),
  orderId: {
    id: 'orderId',
    header: 'Order ID',
    cell: ({ row }) => mono(orMissing(row.original.OrderId)),
  },
  fillId: { id: 'fillId', header: 'Fill ID', cell: ({ row }) => mono(row.original.FillId) },
  pnl: figure('pnl', 'P&L', (trade) => <Money value={trade.Pnl} signed />),
  netChange: figure('netChange', 'Net Change', (trade) => formatPoints(trade.NetChange)),
  tradeDate: {
    id: 'tradeDate',
    header: 'Trade Date',
    cell: ({ row }) => formatDate(row.original.TradeDate),
  },
  commission: figure('commission', 'Commission', (trade) => <Money value={trade.Commission} />),
} satisfies Record<string, ColumnDef<PerformanceTrade>>;

/** The columns of a day's per-symbol figures (spec 000 §2, Symbol Performance), by name. */
export const symbolColumns = {
  symbol: { id: 'symbol', header: 'Symbol', cell: ({ row }) => mono(row.original.Symbol) },
  exchange: {
    id: 'exchange',
    header: 'Exchange',
    cell: ({ row }) => orMissing(row.original.Exchange),
  },
  closedPnl: figure('closedPnl', 'Closed P&L', (symbol) => (
    <Money value={symbol.ClosedPnl} signed />
  )),
  netPnl: figure('netPnl', 'Net P&L', (symbol) => <Money value={symbol.NetPnl} signed />),
  commissions: figure('commissions', 'Commissions', (symbol) => (
    <Money value={symbol.Commissions} />
  )),
  trades: figure('trades', 'Trades', (symbol) => formatCount(symbol.Trades)),
  winTrades: figure('winTrades', 'Win Trades', (symbol) => formatCount(symbol.WinTrades)),
  lossTrades: figure('lossTrades', 'Loss Trades', (symbol) => formatCount(symbol.LoserTrades)),
  winPct: figure('winPct', 'Win %', (symbol) => <Percent value={symbol.WinPct} decimals={2} />),
  lossPct: figure('lossPct', 'Loss %', (symbol) => (
    <Percent value={symbol.LoserPct} decimals={2} />
  )),
  buyQty: figure('buyQty', 'Buy Qty', (symbol) => formatCount(symbol.BuyQty)),
  sellQty: figure('sellQty', 'Sell Qty', (symbol) => formatCount(symbol.SellQty)),
  netQty: figure('netQty', 'Net Qty', (symbol) => formatCount(symbol.NetQty)),
  qtyTraded: figure('qtyTraded', 'Qty Traded', (symbol) => formatCount(symbol.QtyTraded)),
} satisfies Record<string, ColumnDef<PerformanceSymbol>>;

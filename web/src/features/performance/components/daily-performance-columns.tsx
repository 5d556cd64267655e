import { Text } from '@chakra-ui/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { PerformanceSymbol, PerformanceTrade } from '@shared/performance/performance-report';
import { Money } from '@/components/figures/money-text';
import { formatCount, formatDate, formatPercent, orMissing } from '@/lib/format';

const mono = (text: string) => (
  <Text as="span" fontFamily="mono">
    {text}
  </Text>
);

/** The day's per-symbol figures (spec 000 §2, Symbol Breakdown). */
export const symbolColumns: ColumnDef<PerformanceSymbol>[] = [
  { id: 'symbol', header: 'Symbol', cell: ({ row }) => mono(row.original.Symbol) },
  { id: 'exchange', header: 'Exchange', cell: ({ row }) => orMissing(row.original.Exchange) },
  {
    id: 'netPnl',
    header: 'Net P&L',
    meta: { numeric: true },
    cell: ({ row }) => <Money value={row.original.NetPnl} signed />,
  },
  {
    id: 'trades',
    header: 'Trades',
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.Trades),
  },
  {
    id: 'winTrades',
    header: 'Win Trades',
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.WinTrades),
  },
  {
    id: 'lossTrades',
    header: 'Loss Trades',
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.LoserTrades),
  },
  {
    id: 'winPct',
    header: 'Win %',
    meta: { numeric: true },
    cell: ({ row }) => formatPercent(row.original.WinPct, 2),
  },
  {
    id: 'buyQty',
    header: 'Buy Qty',
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.BuyQty),
  },
  {
    id: 'sellQty',
    header: 'Sell Qty',
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.SellQty),
  },
  {
    id: 'commissions',
    header: 'Commissions',
    meta: { numeric: true },
    cell: ({ row }) => <Money value={row.original.Commissions} />,
  },
];

/** The day's fills (spec 000 §2, Trade Details). */
export const tradeColumns: ColumnDef<PerformanceTrade>[] = [
  { id: 'symbol', header: 'Symbol', cell: ({ row }) => mono(row.original.Symbol) },
  { id: 'exchange', header: 'Exchange', cell: ({ row }) => orMissing(row.original.Exchange) },
  {
    id: 'fillPrice',
    header: 'Fill Price',
    meta: { numeric: true },
    cell: ({ row }) => orMissing(row.original.FillPrice),
  },
  {
    id: 'fillSize',
    header: 'Fill Size',
    meta: { numeric: true },
    cell: ({ row }) => formatCount(row.original.FillSize),
  },
  {
    id: 'pnl',
    header: 'P&L',
    meta: { numeric: true },
    cell: ({ row }) => <Money value={row.original.Pnl} signed />,
  },
  {
    id: 'commission',
    header: 'Commission',
    meta: { numeric: true },
    cell: ({ row }) => <Money value={row.original.Commission} />,
  },
  { id: 'tradeDate', header: 'Trade Date', cell: ({ row }) => formatDate(row.original.TradeDate) },
];

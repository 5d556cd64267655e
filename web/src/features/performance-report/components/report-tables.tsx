import type { PerformanceSymbol, PerformanceTrade } from '@shared/performance/performance-report';
import { DataTable } from '@/components/data-table/data-table';
import { symbolColumns, tradeColumns } from '@/lib/performance/performance-columns';

const TRADE_COLUMNS = [
  tradeColumns.symbol,
  tradeColumns.exchange,
  tradeColumns.fillPrice,
  tradeColumns.fillSize,
  tradeColumns.orderId,
  tradeColumns.fillId,
  tradeColumns.pnl,
  tradeColumns.netChange,
  tradeColumns.tradeDate,
  tradeColumns.commission,
];

/** Trade Details (spec 000 §2): every trade of the day with its ten fields. */
export function TradeDetailsTable({ trades }: { trades: readonly PerformanceTrade[] }) {
  return (
    <DataTable
      label="Trade details"
      sortable={false}
      maxH="480px"
      data={trades}
      columns={TRADE_COLUMNS}
      getRowId={(trade, index) => `${trade.FillId}-${index}`}
    />
  );
}

const SYMBOL_COLUMNS = Object.values(symbolColumns);

/** Symbol Performance (spec 000 §2): the day's figures per symbol, percentages with 2 decimals. */
export function SymbolPerformanceTable({ symbols }: { symbols: readonly PerformanceSymbol[] }) {
  return (
    <DataTable
      label="Symbol performance"
      sortable={false}
      maxH="480px"
      data={symbols}
      columns={SYMBOL_COLUMNS}
      getRowId={(symbol, index) => `${symbol.Symbol}-${symbol.Exchange ?? ''}-${index}`}
    />
  );
}

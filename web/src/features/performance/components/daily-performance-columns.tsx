import { symbolColumns, tradeColumns } from '@/lib/performance/performance-columns';

/** Daily Performance's Symbol Breakdown: the report's symbol columns it shows. */
export const dailySymbolColumns = [
  symbolColumns.symbol,
  symbolColumns.exchange,
  symbolColumns.netPnl,
  symbolColumns.trades,
  symbolColumns.winTrades,
  symbolColumns.lossTrades,
  symbolColumns.winPct,
  symbolColumns.buyQty,
  symbolColumns.sellQty,
  symbolColumns.commissions,
];

/** Daily Performance's Trade Details: the report's trade columns it shows. */
export const dailyTradeColumns = [
  tradeColumns.symbol,
  tradeColumns.exchange,
  tradeColumns.fillPrice,
  tradeColumns.fillSize,
  tradeColumns.pnl,
  tradeColumns.commission,
  tradeColumns.tradeDate,
];

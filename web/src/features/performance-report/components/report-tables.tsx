import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { PerformanceSymbol, PerformanceTrade } from '@shared/performance/performance-report';
import { formatCount, formatDate, formatDecimal, formatPoints, orMissing } from '@/lib/format';
import { Money, Percent } from '@/components/figures/money-text';

function ReportTable({
  label,
  headers,
  children,
}: {
  label: string;
  headers: readonly string[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="480px" tabIndex={0}>
      <Table.Root size="sm" stickyHeader aria-label={label}>
        <Table.Header>
          <Table.Row>
            {headers.map((name) => (
              <Table.ColumnHeader key={name} whiteSpace="nowrap">
                {name}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

const TRADE_HEADERS = [
  'Symbol',
  'Exchange',
  'Fill Price',
  'Fill Size',
  'Order ID',
  'Fill ID',
  'P&L',
  'Net Change',
  'Trade Date',
  'Commission',
] as const;

/** Trade Details (spec 000 §2): every trade of the day with its ten fields. */
export function TradeDetailsTable({ trades }: { trades: readonly PerformanceTrade[] }) {
  return (
    <ReportTable label="Trade details" headers={TRADE_HEADERS}>
      {trades.map((trade, index) => (
        <Table.Row key={`${trade.FillId}-${index}`}>
          <Table.Cell fontFamily="mono">{trade.Symbol}</Table.Cell>
          <Table.Cell>{orMissing(trade.Exchange)}</Table.Cell>
          <Table.Cell textAlign="end">{formatDecimal(trade.FillPrice, 2)}</Table.Cell>
          <Table.Cell textAlign="end">{formatCount(trade.FillSize)}</Table.Cell>
          <Table.Cell fontFamily="mono">{orMissing(trade.OrderId)}</Table.Cell>
          <Table.Cell fontFamily="mono">{trade.FillId}</Table.Cell>
          <Table.Cell textAlign="end">
            <Money value={trade.Pnl} signed />
          </Table.Cell>
          <Table.Cell textAlign="end">{formatPoints(trade.NetChange)}</Table.Cell>
          <Table.Cell>{formatDate(trade.TradeDate)}</Table.Cell>
          <Table.Cell textAlign="end">
            <Money value={trade.Commission} />
          </Table.Cell>
        </Table.Row>
      ))}
    </ReportTable>
  );
}

const SYMBOL_HEADERS = [
  'Symbol',
  'Exchange',
  'Closed P&L',
  'Net P&L',
  'Commissions',
  'Trades',
  'Win Trades',
  'Loss Trades',
  'Win %',
  'Loss %',
  'Buy Qty',
  'Sell Qty',
  'Net Qty',
  'Qty Traded',
] as const;

/** Symbol Performance (spec 000 §2): the day's figures per symbol, percentages with 2 decimals. */
export function SymbolPerformanceTable({ symbols }: { symbols: readonly PerformanceSymbol[] }) {
  return (
    <ReportTable label="Symbol performance" headers={SYMBOL_HEADERS}>
      {symbols.map((symbol, index) => (
        <Table.Row key={`${symbol.Symbol}-${symbol.Exchange ?? ''}-${index}`}>
          <Table.Cell fontFamily="mono">{symbol.Symbol}</Table.Cell>
          <Table.Cell>{orMissing(symbol.Exchange)}</Table.Cell>
          <Table.Cell textAlign="end">
            <Money value={symbol.ClosedPnl} signed />
          </Table.Cell>
          <Table.Cell textAlign="end">
            <Money value={symbol.NetPnl} signed />
          </Table.Cell>
          <Table.Cell textAlign="end">
            <Money value={symbol.Commissions} />
          </Table.Cell>
          <Table.Cell textAlign="end">{formatCount(symbol.Trades)}</Table.Cell>
          <Table.Cell textAlign="end">{formatCount(symbol.WinTrades)}</Table.Cell>
          <Table.Cell textAlign="end">{formatCount(symbol.LoserTrades)}</Table.Cell>
          <Table.Cell textAlign="end">
            <Percent value={symbol.WinPct} decimals={2} />
          </Table.Cell>
          <Table.Cell textAlign="end">
            <Percent value={symbol.LoserPct} decimals={2} />
          </Table.Cell>
          <Table.Cell textAlign="end">{formatCount(symbol.BuyQty)}</Table.Cell>
          <Table.Cell textAlign="end">{formatCount(symbol.SellQty)}</Table.Cell>
          <Table.Cell textAlign="end">{formatCount(symbol.NetQty)}</Table.Cell>
          <Table.Cell textAlign="end">{formatCount(symbol.QtyTraded)}</Table.Cell>
        </Table.Row>
      ))}
    </ReportTable>
  );
}

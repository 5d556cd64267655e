import { Card, Table } from '@chakra-ui/react';
import type { DailyRevenueRecord } from '@shared/revenue/daily-revenue';
import { MISSING, formatCount, formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { dollarsOf } from '../revenue-figures';

/** 'Daily Revenue Details' (spec 001 §2.13): cents ÷ 100 in USD, provider upper case, net coloured. */
export function RevenueTable({ records }: { records: readonly DailyRevenueRecord[] }) {
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title>Daily Revenue Details</Card.Title>
      </Card.Header>
      <Card.Body>
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Daily Revenue Details">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Provider</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Gross Income</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Net Income</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Total Fees</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Transactions</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Traders</Table.ColumnHeader>
                <Table.ColumnHeader>Collection Time</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[...records].reverse().map((record) => (
                <Table.Row key={`${record.date}#${record.provider}`}>
                  <Table.Cell whiteSpace="nowrap">{formatDate(record.date)}</Table.Cell>
                  <Table.Cell>{record.provider.toUpperCase()}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatMoney(dollarsOf(record.metrics.grossIncome))}
                  </Table.Cell>
                  <Table.Cell
                    textAlign="end"
                    color={record.metrics.netIncome >= 0 ? 'fg.success' : 'fg.error'}
                  >
                    {formatMoney(dollarsOf(record.metrics.netIncome))}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatMoney(dollarsOf(record.metrics.totalFees))}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {formatCount(record.metrics.transactionCount)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(record.metrics.traderCount)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {record.collectionTimestamp
                      ? formatDateTime(record.collectionTimestamp)
                      : MISSING}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Card.Body>
    </Card.Root>
  );
}

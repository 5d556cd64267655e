import { Table, Text } from '@chakra-ui/react';
import type { DateVoid } from '@shared/sync/held-breaches';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';

/** Voided account-dates: who voided them, when and why, with the day's figures that no longer count. */
export function VoidsTable({ voids, label }: { voids: readonly DateVoid[]; label: string }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Account</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">AcctBal</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">NetPnl</Table.ColumnHeader>
            <Table.ColumnHeader>Voided by</Table.ColumnHeader>
            <Table.ColumnHeader minW="48">Reason</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {voids.map((entry) => (
            <Table.Row key={`${entry.accountId}#${entry.date}`} verticalAlign="top">
              <Table.Cell whiteSpace="nowrap">{formatDate(entry.date)}</Table.Cell>
              <Table.Cell fontFamily="mono">{entry.accountId}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(entry.AcctBal)}</Table.Cell>
              <Table.Cell textAlign="end">{formatMoney(entry.NetPnl)}</Table.Cell>
              <Table.Cell>
                <Text>{entry.voidedBy}</Text>
                <Text textStyle="xs" color="fg.muted">
                  {formatDateTime(entry.voidedAt)}
                </Text>
              </Table.Cell>
              <Table.Cell>{entry.reason}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

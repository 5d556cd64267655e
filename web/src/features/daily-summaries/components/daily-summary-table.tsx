import { Button, HStack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuDownload } from 'react-icons/lu';
import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import { DataTable } from '../../../components/data-table/data-table';
import { downloadCsv } from '../../../components/data-table/csv';
import { dailySummaryColumns, dailySummaryCsv } from '../daily-summary-columns';

/**
 * A daily summary table (spec 001 §2.8): sortable columns, paged, with sort, page and page size in
 * the URL (`?sort=-pnl&page=2&pageSize=25`); a new sort starts on page 1. Export CSV writes every
 * row in the table's order (all pages), with the table's columns.
 */
export function DailySummaryTable({
  label,
  rows,
  withTrader,
  fileName,
}: {
  label: string;
  rows: DailySummaryRow[];
  withTrader: boolean;
  fileName: string;
}) {
  const columns = useMemo(() => dailySummaryColumns(withTrader), [withTrader]);
  return (
    <DataTable
      label={label}
      data={rows}
      columns={columns}
      getRowId={(row) => `${row.date}-${row.accountId}`}
      paging={{ pageSizes: true, always: true }}
      toolbar={(sortedRows) => (
        <HStack justify="space-between" wrap="wrap" gap="2" mb="2">
          <Text fontSize="sm" color="fg.muted">
            {sortedRows.length.toLocaleString('en-US')} row{sortedRows.length === 1 ? '' : 's'}
          </Text>
          <Button
            size="sm"
            variant="outline"
            disabled={sortedRows.length === 0}
            onClick={() => downloadCsv(fileName, dailySummaryCsv(sortedRows, withTrader))}
          >
            <LuDownload /> Export CSV
          </Button>
        </HStack>
      )}
    />
  );
}

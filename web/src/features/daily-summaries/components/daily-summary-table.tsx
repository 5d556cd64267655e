import { Button, HStack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import { DataTable } from '../../../components/data-table/data-table';
import { downloadCsv } from '../../../components/data-table/csv';
import { sortRows, sortableColumnIds } from '../../../components/data-table/sort-rows';
import { LoadMoreButton, type NextPages } from '../../../components/section/load-more-button';
import { useUrlSorting } from '@/lib/url-state';
import { dailySummaryColumns, dailySummaryCsv } from '../daily-summary-columns';

/**
 * A daily summary table (spec 001 §2.8): sortable columns, paged, with sort, page and page size in
 * the URL (`?sort=-pnl&page=2&pageSize=25`); a new sort starts on page 1. The server answers the
 * view a page of ≤ 200 rows at a time in the same order ('Load more' reads the next); the count is
 * the view's total. Export CSV writes every row of the view in the table's order (read page by page),
 * with the table's columns.
 */
export function DailySummaryTable({
  label,
  rows,
  total,
  pages,
  readAll,
  withTrader,
  fileName,
}: {
  label: string;
  rows: DailySummaryRow[];
  /** The view's rows on the server (all pages); the loaded rows when unknown. */
  total?: number | undefined;
  pages: NextPages;
  /** Every row of the view, read page by page. */
  readAll: () => Promise<DailySummaryRow[]>;
  withTrader: boolean;
  fileName: string;
}) {
  const columns = useMemo(() => dailySummaryColumns(withTrader), [withTrader]);
  const [sorting] = useUrlSorting('sort', sortableColumnIds(columns));
  const [exporting, setExporting] = useState(false);
  const exportAll = async (loaded: DailySummaryRow[]) => {
    setExporting(true);
    try {
      const every = pages.hasNextPage ? sortRows(columns, await readAll(), sorting) : loaded;
      downloadCsv(fileName, dailySummaryCsv(every, withTrader));
    } finally {
      setExporting(false);
    }
  };
  const count = total ?? rows.length;
  return (
    <>
      <DataTable
        label={label}
        data={rows}
        columns={columns}
        getRowId={(row) => `${row.date}-${row.accountId}`}
        paging={{ pageSizes: true, always: true }}
        toolbar={(sortedRows) => (
          <HStack justify="space-between" wrap="wrap" gap="2" mb="2">
            <Text fontSize="sm" color="fg.muted">
              {count.toLocaleString('en-US')} row{count === 1 ? '' : 's'}
            </Text>
            <Button
              size="sm"
              variant="outline"
              disabled={sortedRows.length === 0}
              loading={exporting}
              onClick={() => void exportAll(sortedRows)}
            >
              <LuDownload /> Export CSV
            </Button>
          </HStack>
        )}
      />
      <HStack justify="center" mt="2">
        <LoadMoreButton pages={pages} />
      </HStack>
    </>
  );
}

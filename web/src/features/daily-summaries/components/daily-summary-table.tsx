import { Button, HStack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { LuDownload } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import type { DailySummaryRow } from '@shared/summaries/daily-summary';
import { DataTable } from '@/components/data-table/data-table';
import { downloadCsv } from '@/components/data-table/csv';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, Pager, clampPage } from '@/components/section/pager';
import { dailySummaryColumns, dailySummaryCsv } from '../daily-summary-columns';
import { formatCountOf } from '@/lib/format';

/** The search parameters of the table: its page (1-based) and rows per page. */
export const PAGE_PARAM = 'page';
export const SIZE_PARAM = 'size';

export function readPageSize(params: URLSearchParams): number {
  const size = Number(params.get(SIZE_PARAM));
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/**
 * A daily summary table (spec 001 §2.8): sortable columns, paged, with sort, page and page size in
 * the URL (`?sort=-pnl&page=2&size=25`); a new sort starts on page 1. Export CSV writes every row
 * in the table's order (all pages), with the table's columns.
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
  const [searchParams, setSearchParams] = useSearchParams();
  const columns = useMemo(() => dailySummaryColumns(withTrader), [withTrader]);
  const pageSize = readPageSize(searchParams);
  const page = clampPage(Number(searchParams.get(PAGE_PARAM) ?? '1'), rows.length, pageSize);

  const setParams = (change: (params: URLSearchParams) => void) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        change(params);
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <DataTable
        label={label}
        data={rows}
        columns={columns}
        getRowId={(row) => `${row.date}-${row.accountId}`}
        page={page}
        pageSize={pageSize}
        resetOnSort={[PAGE_PARAM]}
        toolbar={(sortedRows) => (
          <HStack justify="space-between" wrap="wrap" gap="2" mb="2">
            <Text fontSize="sm" color="fg.muted">
              {formatCountOf(sortedRows.length, 'row')}
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
      <Pager
        label={label}
        page={page}
        rows={rows.length}
        pageSize={pageSize}
        onPageChange={(next) =>
          setParams((params) => {
            if (next <= 1) params.delete(PAGE_PARAM);
            else params.set(PAGE_PARAM, String(next));
          })
        }
        onPageSizeChange={(size) =>
          setParams((params) => {
            params.delete(PAGE_PARAM);
            if (size === DEFAULT_PAGE_SIZE) params.delete(SIZE_PARAM);
            else params.set(SIZE_PARAM, String(size));
          })
        }
      />
    </>
  );
}

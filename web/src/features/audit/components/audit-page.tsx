import { Button, Card, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuHistory } from 'react-icons/lu';
import { AUDIT_PAGE_SIZES, type AuditPageSize } from '@shared/audit/audit-query';
import { PageSizeSelect, StepButtons } from '@/components/section/pager';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { useAuditStats, useAuditTrail } from '@/api/audit';
import { useUrlView } from '@/lib/url-state';
import {
  AUDIT_VIEW_PARAMS,
  readAuditView,
  withFilters,
  writeAuditView,
  type AuditView,
} from '../audit-search';
import { AuditFiltersForm } from './audit-filters';
import { AuditOperationsLog } from './audit-operations-log';
import { AuditOverview } from './audit-overview';
import { AuditTable } from './audit-table';
import { BulkDeleteButton } from './bulk-delete-button';
import { MISSING, formatCount } from '@/lib/format';

export const AUDIT_LOAD_ERROR = 'Failed to load audit trail. Check console/network.';

/** The view without its page: a cursor is only good for the same filters, sort and size. */
const viewKeyOf = (view: AuditView) => JSON.stringify({ ...view, page: 0 });

/** Audit Trail (spec 001 §2.14): overview, filters, the paged table, debug line, bulk delete. */
export function AuditPage() {
  const [view, update] = useUrlView(readAuditView, writeAuditView, AUDIT_VIEW_PARAMS);
  // Next resumes from the previous page's cursor; Prev, a typed page or a reload count their way.
  const [next, setNext] = useState<{ viewKey: string; page: number; cursor: string }>();
  const cursor =
    next && next.page === view.page && next.viewKey === viewKeyOf(view) ? next.cursor : undefined;
  const trail = useAuditTrail(view, cursor);
  const stats = useAuditStats();

  const meta = trail.data?.meta;
  const rows = trail.data?.data ?? [];

  return (
    <Stack gap="5">
      <PageHeader title="Audit Trail" subtitle="Order events from the broker's audit trail" />
      <AuditOverview
        stats={stats.data}
        refreshing={stats.isFetching}
        onRefresh={() => void stats.refetch()}
      />
      <Card.Root size="sm">
        <Card.Body gap="4">
          <AuditFiltersForm
            applied={view.filters}
            actions={stats.data?.actions.map((entry) => entry._id)}
            onApply={(filters) => update(withFilters(filters))}
          />
          <BulkDeleteButton
            filters={view.filters}
            matching={trail.isPlaceholderData ? undefined : meta?.total}
          />
        </Card.Body>
      </Card.Root>

      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text aria-live="polite">
            {meta
              ? meta.page > Math.max(meta.totalPages, 1)
                ? `${formatCount(meta.total)} records`
                : `${formatCount(meta.total)} records · page ${meta.page} of ${Math.max(meta.totalPages, 1)}`
              : ' '}
          </Text>
          <HStack gap="2">
            <PageSizeSelect
              label="Page size"
              size="sm"
              pageSize={view.pageSize}
              sizes={AUDIT_PAGE_SIZES}
              onChange={(pageSize) => update({ page: 1, pageSize: pageSize as AuditPageSize })}
            />
            <StepButtons
              size="sm"
              previous="Prev"
              next="Next"
              canPrevious={view.page > 1 && !trail.isFetching}
              canNext={meta !== undefined && view.page < meta.totalPages && !trail.isFetching}
              onPrevious={() => update((current) => ({ page: current.page - 1 }))}
              onNext={() => {
                if (meta?.nextCursor) {
                  setNext({
                    viewKey: viewKeyOf(view),
                    page: view.page + 1,
                    cursor: meta.nextCursor,
                  });
                }
                update((current) => ({ page: current.page + 1 }));
              }}
            />
          </HStack>
        </HStack>

        {trail.isError ? (
          <PageError
            title={AUDIT_LOAD_ERROR}
            error={trail.error}
            onRetry={() => void trail.refetch()}
          />
        ) : trail.isPending ? (
          <PageLoading label="Loading audit trail..." />
        ) : rows.length === 0 && meta && meta.total > 0 && view.page > meta.totalPages ? (
          // `?page=999` of 138 pages (an old link): the filters match, the page does not.
          <Stack align="center" gap="0" pb="6">
            <PageEmpty
              icon={<LuHistory />}
              title={`Page ${formatCount(view.page)} is past the end`}
              description={`${formatCount(meta.total)} records fill ${formatCount(meta.totalPages)} pages.`}
            />
            <Button size="sm" onClick={() => update({ page: meta.totalPages })}>
              Go to page {formatCount(meta.totalPages)}
            </Button>
          </Stack>
        ) : rows.length === 0 ? (
          <PageEmpty
            icon={<LuHistory />}
            title="No records match your filters."
            description="Change or clear the filters to see more records."
          />
        ) : (
          <AuditTable rows={rows} />
        )}

        <Text fontSize="xs" color="fg.muted" data-testid="audit-debug">
          Last request:{' '}
          <Code variant="plain" fontSize="xs" wordBreak="break-all">
            {trail.trace ? `GET ${trail.trace.url}` : MISSING}
          </Code>{' '}
          · status {trail.trace ? String(trail.trace.status) : MISSING}
        </Text>
      </Stack>

      <AuditOperationsLog />
    </Stack>
  );
}

import type { AuditTrailRecord } from '@shared/audit/audit-trail';
import { DataTable } from '@/components/data-table/data-table';
import { AUDIT_DEFAULT_SORTING } from '../audit-search';
import { AuditRecordDetails, auditColumns, auditRowId } from '../audit-columns';

/**
 * The results table. Sorting is the server's (the three sortable columns share the stored order):
 * a header click writes the sort to the URL, which asks for a new first page rather than sorting the
 * rows on screen. A row's chevron shows its message and position disposition.
 */
export function AuditTable({ rows }: { rows: AuditTrailRecord[] }) {
  return (
    <DataTable
      label="Audit trail records"
      data={rows}
      columns={auditColumns}
      getRowId={auditRowId}
      manualSorting
      multiSort={false}
      defaultSorting={AUDIT_DEFAULT_SORTING}
      renderExpanded={(record) => <AuditRecordDetails record={record} />}
    />
  );
}

import {
  AUDIT_DEFAULT_PAGE_SIZE,
  AUDIT_FILTER_FIELDS,
  AUDIT_PAGE_SIZES,
  auditSortFieldSchema,
  type AuditPageSize,
  type AuditSortField,
} from '@shared/audit/audit-query';
import { AUDIT_ACTIONS, AUDIT_STATUSES } from '@shared/audit/audit-trail';
import { formatSorting, parseSorting } from '@/lib/url-state';
import { tradingDateOfInput } from '@/lib/format';
import type { AuditFilterField, AuditFilterValues, AuditView } from '@/api/audit';

export type { AuditFilterField, AuditFilterValues, AuditView };

/**
 * The audit screen's view lives in the URL (spec 001 §2.14): page, pageSize, sort (`-` for newest first) and
 * the eight filters, so a link or a reload shows the same rows. Unknown or broken values fall back
 * to the defaults instead of breaking the screen.
 */

export const EMPTY_FILTERS: AuditFilterValues = Object.fromEntries(
  AUDIT_FILTER_FIELDS.map((field) => [field, '']),
) as AuditFilterValues;

/**
 * The filters whose values the spec lists (001 §3): offered as choices, and a link's `fill` read as
 * `FILL`. Values the broker sent outside the list are kept as they are.
 */
export const AUDIT_FILTER_CHOICES: Partial<Record<AuditFilterField, readonly string[]>> = {
  action: AUDIT_ACTIONS,
  status: AUDIT_STATUSES,
};

function filterValueOf(field: AuditFilterField, raw: string | null): string {
  const value = (raw ?? '').trim();
  // Dates are picked, so a link's date that no picker can show (not a day) is dropped.
  if (field === 'startDate' || field === 'endDate') {
    return /^\d{8}$/.test(value) ? value : (tradingDateOfInput(value) ?? '');
  }
  const known = AUDIT_FILTER_CHOICES[field]?.find((choice) => choice === value.toUpperCase());
  return known ?? value;
}

/** Newest first by process date until a header is clicked. */
export const AUDIT_DEFAULT_SORTING = [{ id: 'serverProcessDate', desc: true }];

export function readAuditView(params: URLSearchParams): AuditView {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  // One sort column in the table convention: `sort=-serverTimestamp` (newest first).
  const [sort] = parseSorting(params.get('sort'), auditSortFieldSchema.options);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (AUDIT_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? (pageSize as AuditPageSize)
      : AUDIT_DEFAULT_PAGE_SIZE,
    sort: (sort?.id as AuditSortField | undefined) ?? 'serverProcessDate',
    sortDirection: sort?.desc === false ? 'asc' : 'desc',
    filters: Object.fromEntries(
      AUDIT_FILTER_FIELDS.map((field) => [field, filterValueOf(field, params.get(field))]),
    ) as AuditFilterValues,
  };
}

/** The parameters the view owns: the filters, the page, its size and the sort. */
export const AUDIT_VIEW_PARAMS: readonly string[] = [
  ...AUDIT_FILTER_FIELDS,
  'page',
  'pageSize',
  'sort',
];

/** The URL of a view: defaults and blank filters are left out, so links stay short. */
export function writeAuditView(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = view.filters[field].trim();
    if (value !== '') params.set(field, value);
  }
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== AUDIT_DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  if (view.sort !== AUDIT_DEFAULT_SORTING[0]!.id || view.sortDirection !== 'desc') {
    params.set('sort', formatSorting([{ id: view.sort, desc: view.sortDirection === 'desc' }]));
  }
  return params;
}

/** Spec 001 §5: filters are trimmed and any filter change goes back to page 1. */
export function withFilters(filters: AuditFilterValues): Pick<AuditView, 'filters' | 'page'> {
  const trimmed = Object.fromEntries(
    AUDIT_FILTER_FIELDS.map((field) => [field, filters[field].trim()]),
  ) as AuditFilterValues;
  return { filters: trimmed, page: 1 };
}

export function hasFilters(filters: AuditFilterValues): boolean {
  return AUDIT_FILTER_FIELDS.some((field) => filters[field].trim() !== '');
}

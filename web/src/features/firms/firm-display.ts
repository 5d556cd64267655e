import type { FirmStatus } from '@shared/firms/firm';

/** The status badge's colour follows the status (spec 001 §2.21). */
export const STATUS_COLOR: Record<FirmStatus, string> = {
  active: 'green',
  inactive: 'gray',
  suspended: 'red',
};

export const STATUS_LABEL: Record<FirmStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
};

/** Spec 001 §8 firm messages, word for word. */
export const FIRM_MESSAGES = {
  fetchFailed: 'Failed to fetch firms',
  searchFailed: 'Failed to search firms',
  fetchOneFailed: 'Failed to fetch firm',
  notFound: 'Firm not found',
  detailsFailed: 'Failed to fetch firm details',
  saveFailed: 'Failed to save firm',
  deleteFailed: 'Failed to delete firm',
  deleted: 'Firm deleted successfully',
  created: 'Firm created successfully!',
  updated: 'Firm updated successfully!',
  deleteConfirm: 'Are you sure you want to delete this firm? This action cannot be undone.',
} as const;

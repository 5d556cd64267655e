import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { formatCount } from '@/lib/format';

import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/lib/url-state';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES };

export function pageCount(rows: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rows / pageSize));
}

/** A page number within range: 1 for a missing or unreadable value, the last page past the end. */
export function clampPage(page: number, rows: number, pageSize: number): number {
  if (!Number.isInteger(page) || page < 1) return 1;
  return Math.min(page, pageCount(rows, pageSize));
}

/**
 * Previous / Next with 'Page N of M' and the rows shown, for long lists that page instead of
 * rendering thousands of rows (DESIGN §7).
 */
export function Pager({
  label,
  page,
  rows,
  pageSize,
  onPageChange,
  onPageSizeChange,
}: {
  label: string;
  page: number;
  rows: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
}) {
  const pages = pageCount(rows, pageSize);
  const first = rows === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(rows, page * pageSize);
  return (
    <HStack
      justify="space-between"
      wrap="wrap"
      gap="2"
      mt="2"
      aria-label={`${label} pages`}
      role="navigation"
    >
      <Text fontSize="sm" color="fg.muted">
        {formatCount(first)}–{formatCount(last)} of {formatCount(rows)}
      </Text>
      <HStack gap="2">
        {onPageSizeChange && (
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field
              aria-label={`${label} rows per page`}
              value={pageSize}
              onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} / page
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        <Button
          size="xs"
          variant="outline"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </Button>
        <Text fontSize="sm" whiteSpace="nowrap">
          Page {page} of {pages}
        </Text>
        <Button
          size="xs"
          variant="outline"
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </HStack>
    </HStack>
  );
}

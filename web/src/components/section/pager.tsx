import { Button, HStack, NativeSelect, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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

/** A pager's rows-per-page choice; a new size is the caller's to start on page 1. */
export function PageSizeSelect({
  label,
  pageSize,
  sizes = PAGE_SIZES,
  size = 'xs',
  onChange,
}: {
  label: string;
  pageSize: number;
  sizes?: readonly number[];
  size?: 'xs' | 'sm';
  onChange: (pageSize: number) => void;
}) {
  return (
    <NativeSelect.Root size={size} width="auto">
      <NativeSelect.Field
        aria-label={label}
        value={pageSize}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {sizes.map((option) => (
          <option key={option} value={option}>
            {option} / page
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * The step buttons of every pager (a table's pages, the audit trail's pages, the firm summary's
 * trading days), around what sits between them: a page count, a date picker.
 */
export function StepButtons({
  previous,
  next,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
  size = 'xs',
  children,
}: {
  previous: ReactNode;
  next: ReactNode;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  size?: 'xs' | 'sm';
  children?: ReactNode;
}) {
  return (
    <>
      <Button size={size} variant="outline" disabled={!canPrevious} onClick={onPrevious}>
        {previous}
      </Button>
      {children}
      <Button size={size} variant="outline" disabled={!canNext} onClick={onNext}>
        {next}
      </Button>
    </>
  );
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
          <PageSizeSelect
            label={`${label} rows per page`}
            pageSize={pageSize}
            onChange={onPageSizeChange}
          />
        )}
        <StepButtons
          previous="Previous"
          next="Next"
          canPrevious={page > 1}
          canNext={page < pages}
          onPrevious={() => onPageChange(page - 1)}
          onNext={() => onPageChange(page + 1)}
        >
          <Text fontSize="sm" whiteSpace="nowrap">
            Page {page} of {pages}
          </Text>
        </StepButtons>
      </HStack>
    </HStack>
  );
}

import { Button } from '@chakra-ui/react';

/** The parts of an infinite query that fetch its next page (TanStack Query's `useInfiniteQuery`). */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * 'Load more' under a list read page by page after the API's cursor; shown only while the API
 * says there is more.
 */
export function LoadMoreButton({ pages }: { pages: NextPages }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      loading={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      Load more
    </Button>
  );
}

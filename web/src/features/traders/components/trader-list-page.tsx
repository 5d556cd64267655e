import {
  Badge,
  Button,
  Card,
  CloseButton,
  HStack,
  Heading,
  Input,
  InputGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect } from 'react';
import { LuSearch, LuUsers } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { TRADER_PAGE_SIZE, type TraderListItem } from '@shared/traders/trader-list';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import { useTraderPages } from '@/api/traders';
import { paths } from '@/config/paths';
import { formatCountOf } from '@/lib/format';
import { useUrlSearch } from '@/lib/url-state';

/** How long the search box waits after the last key before it changes the URL (and the query). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list card's status badge. Spec 000 §2 'Trader list': green when enabled, otherwise yellow. The
 * dashboard's Contact Information shows any third status red (`TraderStatusBadge`): the two specs'
 * mappings differ, so the list keeps its own.
 */
export function TraderListStatusBadge({ status }: { status: string | null | undefined }) {
  const text = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
  const palette = status === 'enabled' ? 'green' : 'yellow';
  return (
    <Badge colorPalette={palette} variant="subtle" whiteSpace="nowrap" data-palette={palette}>
      {text}
    </Badge>
  );
}

function TraderCard({ trader }: { trader: TraderListItem }) {
  const name = `${trader.firstName} ${trader.lastName}`.trim() || trader.traderId;
  return (
    <Card.Root size="sm" as="article" aria-label={name}>
      <Card.Body gap="2">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Heading as="h2" size="md" wordBreak="break-word">
            {name}
          </Heading>
          <TraderListStatusBadge status={trader.status} />
        </HStack>
        <Text fontFamily="mono" fontSize="sm" color="fg.muted">
          {trader.traderId}
        </Text>
        <Text fontSize="sm" wordBreak="break-all">
          {trader.email}
        </Text>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button asChild size="sm" flex="1">
          <RouterLink to={paths.traderDashboard.href({ id: trader.traderId })}>
            View Dashboard
          </RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline" flex="1">
          <RouterLink to={paths.traderSummary.href({ traderId: trader.traderId })}>
            Trader Summary
          </RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/**
 * The trader list (spec 000 §2 'Trader list'): a grid of trader cards with their status and a link to
 * each dashboard. The search (name, id, email) is the `q` parameter of the URL, written a moment
 * after the last key; further pages load with 'Load more' after the API's cursor.
 */
export function TraderListPage() {
  const [typed, setTyped, search] = useUrlSearch();
  const pages = useTraderPages(search);

  const traders = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  // A search answers short pages while it reads on (each request reads a bounded number of
  // traders): read on until a page's worth of matches is shown or there is nothing more.
  useEffect(() => {
    if (
      search &&
      hasNextPage &&
      !isFetchingNextPage &&
      !isFetchNextPageError &&
      traders.length < TRADER_PAGE_SIZE
    ) {
      void fetchNextPage();
    }
  }, [
    search,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    traders.length,
    fetchNextPage,
  ]);

  return (
    <>
      <PageHeader
        title="Trader Dashboard"
        subtitle="Select a trader to view their detailed dashboard..."
      />
      <InputGroup
        startElement={<LuSearch aria-hidden />}
        endElement={
          typed ? (
            <CloseButton size="xs" aria-label="Clear search" onClick={() => setTyped('')} />
          ) : undefined
        }
        mb="5"
        maxW={{ base: 'full', md: 'md' }}
      >
        <Input
          type="search"
          aria-label="Search traders"
          placeholder="Search by name, trader ID or email"
          value={typed}
          maxLength={200}
          onChange={(event) => setTyped(event.target.value)}
        />
      </InputGroup>

      {pages.isPending ? (
        <PageLoading label="Loading traders..." />
      ) : pages.isError && traders.length === 0 ? (
        <PageError
          title="Error Loading Traders"
          error={pages.error}
          onRetry={() => void pages.refetch()}
        />
      ) : traders.length === 0 && !hasNextPage ? (
        <PageEmpty
          icon={<LuUsers />}
          title="No traders found"
          description={
            search
              ? `No trader matches "${search}". Try another name, trader ID or email.`
              : 'Traders appear here after the daily sync imports them.'
          }
        />
      ) : (
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, '2xl': 4 }} gap="4">
            {traders.map((trader) => (
              <TraderCard key={trader.traderId} trader={trader} />
            ))}
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted" role="status">
            {formatCountOf(traders.length, 'trader')} shown
            {pages.hasNextPage ? '; more match' : ''}
          </Text>
          {pages.isFetchNextPageError && (
            <PageError
              title="Error Loading Traders"
              error={pages.error}
              onRetry={() => void pages.fetchNextPage()}
            />
          )}
          {pages.hasNextPage && !pages.isFetchNextPageError && (
            <Button
              variant="outline"
              alignSelf="center"
              onClick={() => void pages.fetchNextPage()}
              loading={pages.isFetchingNextPage}
              loadingText="Loading..."
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </>
  );
}

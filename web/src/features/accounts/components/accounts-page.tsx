import { Button, CloseButton, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { LuDownload, LuSearch, LuWallet } from 'react-icons/lu';
import { ACCOUNT_PAGE_SIZE, type AccountListItem } from '@shared/accounts/account';
import { groupByPhaseAndStatus, groupKey } from '@/components/account-groups/account-groups';
import { CollapsibleSection, PhaseStatusSections } from '@/components/section/collapsible-section';
import { PageHeader } from '@/components/ui/page-header';
import { PageEmpty, PageError, PageLoading } from '@/components/ui/page-states';
import {
  ACCOUNTS_FETCH_ERROR,
  readAllAccountRows,
  useAccountPages,
  useAccountsOverview,
} from '@/api/accounts';
import { LoadMoreButton } from '@/components/section/load-more-button';
import { formatCount } from '@/lib/format';
import { accountListFiltersOf, accountsCsv, accountsOverview } from '../account-list';
import { downloadCsv } from '@/components/data-table/csv';
import { AccountAuditTrail } from '@/components/account-audit-trail/account-audit-trail';
import { AccountGroupTable } from './account-group-table';
import { AccountsOverviewCard } from './accounts-overview';
import {
  ROOM_COLUMN_ID,
  STATUS_PARAM,
  StatusAndRoomControls,
  statusFilterOf,
} from '@/components/limit-distance/room-to-breach';
import {
  isPageParam,
  urlParamName,
  useUrlFilters,
  useUrlSearch,
  useUrlSorting,
} from '@/lib/url-state';

const AUDIT_KEY = 'audit-trail';
const AUDIT_PAGE = urlParamName('page', 'audit');
const VIEW_PARAMS = ['accountId', 'auditAccount'] as const;
const FILTER_PARAMS = [STATUS_PARAM] as const;
const ROOM_SORT_IDS = [ROOM_COLUMN_ID];

/**
 * All Accounts (spec 000 §2): search (in the URL), overview card, accounts grouped by phase and broker
 * status, and an account's audit trail. The server searches, filters and orders, and answers pages of
 * at most 200 accounts ('Load more' reads the next); groups page the rows read (10 by default, spec
 * 000 §9). Pages, page size, the highlighted account,
 * the status filter (`?status=active|passed|failed|held`) and the audit account are search
 * parameters, so a link shows the same view. "Closest to breach first" sorts every group by its room
 * to breach (`?sort=room`).
 */
export function AccountsPage() {
  // A new search starts every group on its first page.
  const [typed, setTyped, search] = useUrlSearch('q', { resets: isPageParam });
  // The highlighted account comes with a link; the audit account is picked here, on its first page.
  const [view, update] = useUrlFilters(VIEW_PARAMS, { resets: (name) => name === AUDIT_PAGE });
  // Another status starts every group on its first page.
  const [filters, updateFilters] = useUrlFilters(FILTER_PARAMS, { resets: isPageParam });
  const status = statusFilterOf(filters.status);
  const [sorting, setSorting] = useUrlSorting('sort', ROOM_SORT_IDS);
  const highlightedId = view.accountId || undefined;
  const auditAccount = view.auditAccount || undefined;
  const [openState, setOpenState] = useState<Record<string, boolean>>({});
  const deferredSearch = useDeferredValue(search);
  const listFilters = accountListFiltersOf(deferredSearch, status, sorting);
  const filtered = listFilters.search !== '' || status !== undefined;
  const accounts = useAccountPages(listFilters);
  const totals = useAccountsOverview(!filtered);
  const [exporting, setExporting] = useState(false);

  const rows = useMemo(
    () => accounts.data?.pages.flatMap((page) => page.data) ?? [],
    [accounts.data],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = accounts;
  // A search or a filter may answer short pages (each request reads a bounded number of accounts):
  // read on until a page's worth of matches is shown or there is nothing more.
  useEffect(() => {
    if (filtered && hasNextPage && !isFetchingNextPage && rows.length < ACCOUNT_PAGE_SIZE) {
      void fetchNextPage();
    }
  }, [filtered, hasNextPage, isFetchingNextPage, rows.length, fetchNextPage]);

  // Every account's figures from the server; a search or filter's from its rows, all of them once
  // the last page is read.
  const overview = useMemo(
    () => (filtered ? accountsOverview(rows) : totals.data),
    [filtered, rows, totals.data],
  );
  const partialOverview = filtered && hasNextPage;
  const groups = useMemo(
    () =>
      groupByPhaseAndStatus<AccountListItem>(
        rows,
        (row) => row.phase,
        (row) => row.rithmicStatus,
      ),
    [rows],
  );
  const highlighted = highlightedId
    ? rows.find((row) => row.accountId === highlightedId)
    : undefined;
  const highlightedKey = highlighted
    ? groupKey(highlighted.phase, highlighted.rithmicStatus)
    : undefined;

  const isOpen = (key: string, fallback: boolean) =>
    openState[key] ?? (key === highlightedKey || fallback);
  const setOpen = (key: string, open: boolean) =>
    setOpenState((current) => ({ ...current, [key]: open }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await readAllAccountRows(listFilters, accounts.data?.pages ?? []);
      const ordered = groupByPhaseAndStatus<AccountListItem>(
        all,
        (row) => row.phase,
        (row) => row.rithmicStatus,
      );
      downloadCsv(
        'accounts.csv',
        accountsCsv(ordered.flatMap((group) => group.statuses.flatMap((entry) => entry.rows))),
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader title="All Accounts" />
      <HStack mb="6" gap="3" wrap="wrap" align="flex-start">
        <InputGroup
          maxW="lg"
          startElement={<LuSearch />}
          endElement={
            typed !== '' ? (
              <CloseButton size="xs" aria-label="Clear search" onClick={() => setTyped('')} />
            ) : undefined
          }
        >
          <Input
            type="search"
            aria-label="Search accounts"
            placeholder="Search by account ID, name or trader email"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        </InputGroup>
        <StatusAndRoomControls
          status={status}
          onStatusChange={(next) => updateFilters({ status: next })}
          sorting={sorting}
          onSortingChange={setSorting}
        />
        <Button
          variant="outline"
          ms="auto"
          disabled={rows.length === 0}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          <LuDownload /> Export CSV
        </Button>
      </HStack>

      {accounts.isPending ? (
        <PageLoading label="Loading accounts..." />
      ) : accounts.isError ? (
        <PageError
          title={ACCOUNTS_FETCH_ERROR}
          error={accounts.error}
          onRetry={() => void accounts.refetch()}
        />
      ) : (
        <Stack gap="8">
          {overview && (
            <AccountsOverviewCard
              overview={overview}
              note={
                partialOverview
                  ? `Figures of the first ${formatCount(rows.length)} matching accounts; load more for the rest.`
                  : undefined
              }
            />
          )}
          {groups.length === 0 && !hasNextPage ? (
            <PageEmpty
              icon={<LuWallet />}
              title="No accounts found"
              description={
                status !== undefined
                  ? `No ${status} account${search.trim() === '' ? '' : ` matches “${search.trim()}”`}.`
                  : search.trim() === ''
                    ? 'The daily sync has not brought any account yet.'
                    : `No account matches “${search.trim()}”.`
              }
            />
          ) : (
            <PhaseStatusSections groups={groups} isOpen={isOpen} setOpen={setOpen}>
              {({ key, label, rows: groupRows }) => (
                <AccountGroupTable
                  groupKey={key}
                  label={label}
                  rows={groupRows}
                  highlightedId={highlightedId}
                />
              )}
            </PhaseStatusSections>
          )}
          {hasNextPage && (
            <HStack gap="3" wrap="wrap">
              <Text fontSize="sm" color="fg.muted">
                Showing {formatCount(rows.length)} accounts
              </Text>
              <LoadMoreButton pages={accounts} />
            </HStack>
          )}
          <CollapsibleSection
            title="Account Audit Trail"
            open={openState[AUDIT_KEY] ?? auditAccount !== undefined}
            onOpenChange={(open) => setOpen(AUDIT_KEY, open)}
          >
            <AccountAuditTrail
              accounts={rows}
              accountNumber={auditAccount ?? highlightedId}
              onSelect={(account) => update({ auditAccount: account ?? '' })}
            />
          </CollapsibleSection>
        </Stack>
      )}
    </>
  );
}

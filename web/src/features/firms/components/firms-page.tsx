import {
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Field,
  Flex,
  HStack,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import { useState } from 'react';
import { LuBuilding2, LuEye, LuPencil, LuPlus, LuSearch, LuTrash2, LuX } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { firmStatusSchema, type FirmStatus } from '@shared/firms/firm';
import type { FirmSummary } from '@shared/firms/firm-requests';
import { ItemActions } from '@/components/ui/item-actions';
import { StatCards } from '@/components/stat-cards/stat-cards';
import { PageHeader } from '@/components/ui/page-header';
import { PageError, PageLoading } from '@/components/ui/page-states';
import { useFirmList, useFirmStats } from '@/api/firms';
import { useUrlFilters } from '@/lib/url-state';
import { FIRM_MESSAGES, STATUS_COLOR, STATUS_LABEL } from '../firm-display';
import { mailtoHref, paths } from '@/config/paths';
import { DeleteFirmDialog } from './delete-firm-dialog';

/** The URL parameters of the screen's filters. */
const FIRM_FILTER_PARAMS = ['q', 'status'] as const;

function statusOf(value: string | null): FirmStatus | undefined {
  const parsed = firmStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function FirmStatCards() {
  const stats = useFirmStats();
  const cards = [
    ['Total', stats.data?.total],
    ['Active', stats.data?.active],
    ['Inactive', stats.data?.inactive],
    ['Suspended', stats.data?.suspended],
  ] as const;
  return (
    <StatCards
      label="Firm statistics"
      cards={cards}
      failed={stats.isError}
      valueLabel={(label) => `${label} firms`}
    />
  );
}

function FirmCard({ firm, onDelete }: { firm: FirmSummary; onDelete: () => void }) {
  return (
    <Card.Root as="article" aria-label={firm.name}>
      <Card.Header>
        <Flex justify="space-between" gap="2" align="flex-start">
          <Stack gap="0" minW="0">
            <Card.Title>{firm.name}</Card.Title>
            <Text fontFamily="mono" fontSize="sm" color="fg.muted">
              {firm.id}
            </Text>
          </Stack>
          <Badge colorPalette={STATUS_COLOR[firm.status]}>{STATUS_LABEL[firm.status]}</Badge>
        </Flex>
      </Card.Header>
      <Card.Body py="2">
        <Stack gap="1" fontSize="sm">
          <Text>{firm.industry}</Text>
          <Link href={mailtoHref(firm.email)} colorPalette="blue" w="fit-content">
            {firm.email}
          </Link>
          <Text color="fg.muted">
            {firm.brokers.length} {firm.brokers.length === 1 ? 'broker' : 'brokers'} ·{' '}
            {firm.managerSoftware.length} software
          </Text>
        </Stack>
      </Card.Body>
      <Card.Footer>
        <ItemActions
          look="card"
          item={firm.name}
          actions={[
            {
              label: 'View Details',
              name: `View details of ${firm.name}`,
              icon: LuEye,
              to: paths.firmDetail.href({ id: firm.id }),
            },
            { label: 'Edit', icon: LuPencil, to: paths.firmEdit.href({ id: firm.id }) },
            { label: 'Delete', icon: LuTrash2, destructive: true, onClick: onDelete },
          ]}
        />
      </Card.Footer>
    </Card.Root>
  );
}

function NoFirms({ filtered }: { filtered: boolean }) {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuBuilding2 />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>No firms found</EmptyState.Title>
          <EmptyState.Description>
            {filtered
              ? 'No firm matches the search or the status filter.'
              : 'There are no firms yet.'}
          </EmptyState.Description>
        </VStack>
        {!filtered && (
          <Button asChild colorPalette="blue">
            <RouterLink to={paths.firmCreate.href()}>
              <LuPlus /> Create your first firm
            </RouterLink>
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/**
 * Firm Management (`/firms`, spec 001 §2.21): stat cards, search (Enter or Search, Clear), the status
 * filter and the firm cards. Search and status live in the URL; a search answers every status, so
 * the status filter narrows its results here.
 */
export function FirmsPage() {
  const [filters, setFilters] = useUrlFilters(FIRM_FILTER_PARAMS);
  const status = statusOf(filters.status);
  const q = filters.q.trim();
  const [draft, setDraft] = useState(q);
  const firms = useFirmList({ ...(status && { status }), ...(q && { q }) });
  const [deleting, setDeleting] = useState<FirmSummary>();

  const update = (next: { status?: string; q?: string }) =>
    setFilters({ ...next, ...(next.status === 'all' && { status: '' }) });

  const shown = (firms.data ?? []).filter((firm) => !status || firm.status === status);
  let content;
  if (firms.isPending || (firms.isError && firms.isFetching)) {
    content = <PageLoading label="Loading firms..." />;
  } else if (firms.isError) {
    content = (
      <PageError
        title={q ? FIRM_MESSAGES.searchFailed : FIRM_MESSAGES.fetchFailed}
        error={firms.error}
        onRetry={() => void firms.refetch()}
      />
    );
  } else if (shown.length === 0) {
    content = <NoFirms filtered={q !== '' || status !== undefined} />;
  } else {
    content = (
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {shown.map((firm) => (
          <FirmCard key={firm.id} firm={firm} onDelete={() => setDeleting(firm)} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Box>
      <PageHeader
        title="Firm Management"
        subtitle="Firms with their brokers and software"
        actions={
          <Button asChild colorPalette="blue">
            <RouterLink to={paths.firmCreate.href()}>
              <LuPlus /> Create Firm
            </RouterLink>
          </Button>
        }
      />
      <FirmStatCards />
      <Flex
        as="form"
        role="search"
        gap="3"
        mb="6"
        wrap="wrap"
        align="flex-end"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: draft.trim() });
        }}
      >
        <Field.Root flex="1" minW="220px">
          <Field.Label>Search firms</Field.Label>
          <Input
            value={draft}
            maxLength={200}
            placeholder="Name, firm ID or email"
            onChange={(event) => setDraft(event.target.value)}
          />
        </Field.Root>
        <HStack gap="2">
          <Button type="submit" colorPalette="blue" variant="outline">
            <LuSearch /> Search
          </Button>
          <Button
            variant="ghost"
            disabled={draft === '' && q === ''}
            onClick={() => {
              setDraft('');
              update({ q: '' });
            }}
          >
            <LuX /> Clear
          </Button>
        </HStack>
        <Field.Root w={{ base: 'full', sm: '200px' }}>
          <Field.Label>Status</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={status ?? 'all'}
              onChange={(event) => update({ status: event.target.value })}
            >
              <option value="all">All statuses</option>
              {firmStatusSchema.options.map((option) => (
                <option key={option} value={option}>
                  {STATUS_LABEL[option]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      {content}
      <DeleteFirmDialog
        open={deleting !== undefined}
        firm={deleting}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
}

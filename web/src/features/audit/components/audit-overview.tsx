import { Badge, Button, Card, HStack, SimpleGrid, Stat, Text, Wrap } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import type { AuditStats } from '@shared/audit/audit-trail';
import { MISSING, formatCount, formatDate } from '@/lib/format';

/** Collection overview (spec 001 §2.14): totals, date range, distinct counts, actions, refresh. */
export function AuditOverview({
  stats,
  refreshing,
  onRefresh,
}: {
  stats: AuditStats | undefined;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const range = stats
    ? stats.dateRange.start
      ? `${formatDate(stats.dateRange.start)} – ${formatDate(stats.dateRange.end)}`
      : MISSING
    : '…';
  return (
    <Card.Root size="sm">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Card.Title>Collection Overview</Card.Title>
          <Button size="sm" variant="outline" onClick={onRefresh} loading={refreshing}>
            <LuRefreshCw /> Refresh
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          <Stat.Root>
            <Stat.Label>Total Records</Stat.Label>
            <Stat.ValueText>{stats ? formatCount(stats.totalRecords) : '…'}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>Date Range</Stat.Label>
            <Stat.ValueText fontSize="md">{range}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>Unique Accounts</Stat.Label>
            <Stat.ValueText>{stats ? formatCount(stats.accounts) : '…'}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>Unique Instruments</Stat.Label>
            <Stat.ValueText>{stats ? formatCount(stats.instruments) : '…'}</Stat.ValueText>
          </Stat.Root>
        </SimpleGrid>
        <Wrap gap="2" aria-label="Records by action">
          {stats?.actions.map((action) => (
            <Badge key={action._id} size="lg" variant="subtle">
              {action._id}
              <Text as="span" fontWeight="semibold">
                {formatCount(action.count)}
              </Text>
            </Badge>
          ))}
        </Wrap>
      </Card.Body>
    </Card.Root>
  );
}

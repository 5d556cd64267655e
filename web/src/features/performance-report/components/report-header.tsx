import { Alert, Button, Card, HStack, Heading, Stack, Stat, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { PerformanceReport } from '@shared/performance/performance-report';
import { formatLongDate } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { Mono } from '@/components/figures/mono-text';
import { paths } from '@/config/paths';
import { UPDATE_SUCCESS_TEXT } from '../report-format';
import type { UpdateState } from './use-report-update';

/**
 * The way back: a trader reads their own report in the trader layout, so theirs is their dashboard;
 * staff go back to the trader's details.
 */
export function BackFromReport({ isTrader, traderId }: { isTrader: boolean; traderId: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      {isTrader ? (
        <RouterLink to={paths.myDashboard.href()}>← Back to Dashboard</RouterLink>
      ) : (
        <RouterLink to={paths.traderDetails.href({ id: traderId })}>
          ← Back to Trader Details
        </RouterLink>
      )}
    </Button>
  );
}

/** What Update Report ended in: the success text or the failure. */
export function UpdateAlert({ update }: { update: UpdateState }) {
  if (update.kind === 'success') {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{UPDATE_SUCCESS_TEXT}</Alert.Title>
      </Alert.Root>
    );
  }
  if (update.kind === 'error') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{update.text}</Alert.Title>
      </Alert.Root>
    );
  }
  return null;
}

/** The report's header (spec 000 §2): the trader's name and id, the long date and the Net P&L. */
export function ReportHeader({
  report,
  traderName,
  traderId,
}: {
  report: PerformanceReport;
  /** The trader's name, or what the screen says while it loads or when it is unknown. */
  traderName: string;
  traderId: string;
}) {
  return (
    <Card.Root size="sm" aria-label="Report header" as="section">
      <Card.Body>
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="4">
          <Stack gap="1">
            <Heading as="h2" size="lg">
              {traderName}
            </Heading>
            <Text color="fg.muted">
              Trader ID: <Mono>{report.traderId || traderId}</Mono>
            </Text>
            <Text>{formatLongDate(report.date)}</Text>
          </Stack>
          <Stat.Root flex="0 0 auto" textAlign={{ base: 'start', sm: 'end' }}>
            <Stat.Label>Net P&L</Stat.Label>
            <Stat.ValueText fontSize="2xl">
              <Money value={report.NetPnl} signed />
            </Stat.ValueText>
          </Stat.Root>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

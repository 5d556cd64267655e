import { Box, Button, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { RuleDefinition } from '@shared/rules/rule-definition';
import type { TraderAccount } from '@shared/traders/trader-account';
import { AccountStatusBadge, RithmicStatusBadge } from '@/components/badges/badges';
import { formatCount, formatMoney, orMissing } from '@/lib/format';
import { Money } from '@/components/figures/money-text';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { CollapsibleSection } from '@/components/section/collapsible-section';
import { OVERVIEW_PHASE_TITLES, rowProgress, rowTargets } from '../trader-accounts';
import { useAccountGroups } from '../use-account-groups';
import { AccountLink, CalculationDateLink } from '@/components/account-links/account-links';

/** A small progress bar under the line that says what it measures. */
function MiniProgress({
  kind,
  label,
  percent,
  children,
}: {
  kind: 'profit' | 'drawdown' | 'days';
  label: string;
  percent: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="0.5">
      <Text fontSize="xs" color="fg.muted">
        {children}
      </Text>
      <ProgressBar size="sm" kind={kind} label={label} percent={percent} />
    </Stack>
  );
}

/**
 * One account of the overview with its mini progress bars (spec 000 §2, §9): the account's own
 * targets, the spec's assumptions (30 days, 100,000 start, 4% drawdown) only where it has none.
 */
export function AccountProgressRow({
  account,
  definitions,
  onShowSummary,
}: {
  account: TraderAccount;
  definitions: ReadonlyMap<string, RuleDefinition>;
  onShowSummary?: (accountId: string) => void;
}) {
  const targets = rowTargets(account, definitions);
  const progress = rowProgress(account, targets);
  const assumed = (flag: boolean) => (flag ? ' (assumed)' : '');
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      rounded="md"
      p="3"
      aria-label={`Account ${account.accountId}`}
    >
      <Flex justify="space-between" wrap="wrap" gap="2" mb="2">
        <Stack gap="0" minW="0">
          <AccountLink accountId={account.accountId} />
          <Text fontSize="sm" color="fg.muted">
            {orMissing(account.name)}
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          <AccountStatusBadge status={account.status} />
          <Money value={progress.balance} fontWeight="semibold" />
          <Text as="span" fontSize="sm" color="fg.muted">
            Last calculation:{' '}
            <CalculationDateLink
              traderId={account.traderId}
              accountId={account.accountId}
              date={account.accountSummary?.lastCalculationDate}
            />
          </Text>
          {onShowSummary && (
            <Button
              size="xs"
              variant="outline"
              aria-label={`Show the summary of ${account.accountId}`}
              onClick={() => onShowSummary(account.accountId)}
            >
              Summary
            </Button>
          )}
        </HStack>
      </Flex>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <MiniProgress
          kind="profit"
          label={`Profit progress of ${account.accountId}`}
          percent={progress.profit}
        >
          Profit {formatMoney(progress.balance - targets.startingBalance)} of{' '}
          {targets.profitTarget === null ? 'no target' : formatMoney(targets.profitTarget)}
        </MiniProgress>
        <MiniProgress
          kind="drawdown"
          label={`Drawdown used of ${account.accountId}`}
          percent={progress.drawdown}
        >
          Drawdown {formatMoney(progress.drawdownAmount)} of {formatMoney(targets.maxDrawdown)}
          {assumed(targets.assumed.maxDrawdown)}
        </MiniProgress>
        <MiniProgress
          kind="days"
          label={`${targets.daysLabel} of ${account.accountId}`}
          percent={progress.days}
        >
          {targets.daysLabel} {formatCount(progress.tradingDays)} of {formatCount(targets.minDays)}
          {assumed(targets.assumed.minDays)}
        </MiniProgress>
      </SimpleGrid>
    </Box>
  );
}

/**
 * The accounts overview (spec 000 §2, spec 001 §2.6): by phase type (evaluation, PERFORMANCE for
 * sim-funded, live-funded, demo), then by status, Active first; only Active groups start open.
 * Empty status groups are left out.
 */
export function TraderAccountsOverview({
  accounts,
  definitions,
  onShowSummary,
}: {
  accounts: readonly TraderAccount[];
  definitions: ReadonlyMap<string, RuleDefinition>;
  onShowSummary?: (accountId: string) => void;
}) {
  const { groups, isOpen, setOpen } = useAccountGroups(accounts);
  return (
    <Stack gap="5">
      {groups.map((group) => (
        <Stack
          key={group.phase}
          gap="3"
          as="section"
          aria-label={OVERVIEW_PHASE_TITLES[group.phase]}
        >
          <Text fontWeight="bold" fontSize="lg">
            {OVERVIEW_PHASE_TITLES[group.phase]}{' '}
            <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
              ({formatCount(group.rows)})
            </Text>
          </Text>
          {group.statuses.map((status) => (
            <Box key={status.key} ps={{ base: '0', md: '3' }}>
              <CollapsibleSection
                level="h3"
                title={`${OVERVIEW_PHASE_TITLES[group.phase]} — ${status.status}`}
                count={status.rows.length}
                open={isOpen(status)}
                onOpenChange={(next) => setOpen(status.key, next)}
                actions={<RithmicStatusBadge status={status.status} />}
              >
                <Stack as="ul" gap="2" ps="0" m="0">
                  {status.rows.map((account) => (
                    <AccountProgressRow
                      key={account.accountId}
                      account={account}
                      definitions={definitions}
                      onShowSummary={onShowSummary}
                    />
                  ))}
                </Stack>
              </CollapsibleSection>
            </Box>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

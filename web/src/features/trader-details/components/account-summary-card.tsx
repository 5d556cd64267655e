import { NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import type { TraderAccount } from '@shared/traders/trader-account';
import { AccountStatusBadge, FlagBadge } from '@/components/badges/badges';
import { formatCount } from '@/lib/format';
import { FieldList, type FieldRow } from '@/components/figures/field-list';
import { Money } from '@/components/figures/money-text';
import { tradeStatisticRows } from '@/components/figures/summary-fields';
import { SectionCard } from '@/components/section/section-card';
import { DownloadEvidenceButton } from '@/components/evidence/download-evidence-button';
import { AccountLink, CalculationDateLink } from '@/components/account-links/account-links';

export const NO_SUMMARY_TEXT = 'No summary data available for this account.';

/**
 * Spec 000 §3 'Account summary card' for the selected account, with a picker of the trader's
 * accounts. The last calculation date opens that day's Performance Report.
 */
export function AccountSummaryCard({
  accounts,
  selected,
  onSelect,
}: {
  accounts: readonly TraderAccount[];
  selected: TraderAccount | undefined;
  onSelect: (accountId: string) => void;
}) {
  const summary = selected?.accountSummary ?? null;
  const fields: FieldRow[] = summary
    ? [
        ['Account Status', <AccountStatusBadge status={summary.accountStatus} />],
        ['Profit Target Achieved', <FlagBadge value={summary.profitTargetAchieved} />],
        ['Consistency Rule Compliant', <FlagBadge value={summary.consistencyRuleCompliant} />],
        ['Trailing Drawdown Compliant', <FlagBadge value={summary.trailingDrawdownCompliant} />],
        ['Payout Eligible', <FlagBadge value={summary.payoutEligible} />],
        ['First Payout Requirements Met', <FlagBadge value={summary.firstPayoutRequirementsMet} />],
        ['Inactivity Warning', <FlagBadge value={summary.inactivityWarning} goodWhen={false} />],
        ['Current Balance', <Money value={summary.currentBalance} />],
        ['Starting Balance', <Money value={summary.startingBalance} />],
        ['Peak Balance', <Money value={summary.peakBalance} />],
        ['Total Profit', <Money value={summary.totalProfit} signed />],
        ['Total Drawdown', <Money value={summary.totalDrawdown} />],
        ['Current Drawdown', <Money value={summary.currentDrawdown} />],
        // Decision 35: days traded; a payout rule's qualifying days under their own label.
        ['Trading Days', formatCount(summary.tradingDaysCompleted)],
        ...(summary.payoutDaysRequired != null
          ? [['Payout Days', formatCount(summary.payoutDaysCompleted)] as FieldRow]
          : []),
        ...tradeStatisticRows(summary),
        [
          'Last Calculation Date',
          <CalculationDateLink
            traderId={summary.traderId}
            accountId={summary.accountId}
            date={summary.lastCalculationDate}
          />,
        ],
      ]
    : [];
  return (
    <SectionCard
      title="Account Summary"
      actions={
        accounts.length > 0 && (
          <NativeSelect.Root size="sm" width={{ base: 'full', sm: '72' }}>
            <NativeSelect.Field
              aria-label="Account for the summary"
              value={selected?.accountId ?? ''}
              onChange={(event) => onSelect(event.currentTarget.value)}
            >
              {accounts.map((account) => (
                <option key={account.accountId} value={account.accountId}>
                  {account.accountId}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )
      }
    >
      {selected === undefined ? (
        <Text color="fg.muted">No accounts found for this trader.</Text>
      ) : (
        <>
          <Text mb="3">
            Account <AccountLink accountId={selected.accountId} />{' '}
            <DownloadEvidenceButton accountId={selected.accountId} size="sm" />
          </Text>
          {summary === null ? (
            <Text color="fg.muted">{NO_SUMMARY_TEXT}</Text>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2 }} gapX="8">
              {[fields.slice(0, 11), fields.slice(11)].map((half, index) => (
                <FieldList key={index} items={half} labelWidth="44" />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </SectionCard>
  );
}

import { Box, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { DownloadEvidenceButton } from '@/components/evidence/download-evidence-button';
import { SectionCard } from '@/components/section/section-card';
import { useAccountVerdict } from '@/api/verdict';
import { errorText } from '@/lib/api-client';
import { VerdictPanel } from './verdict-panel';

// nivo stays out of the page's chunk until a chart is drawn.
const AccountPathChart = lazy(() =>
  import('./path-charts').then((module) => ({ default: module.AccountPathChart })),
);
const DailyLossChart = lazy(() =>
  import('./path-charts').then((module) => ({ default: module.DailyLossChart })),
);

const chartFallback = <Spinner role="status" aria-label="Loading chart" />;

/**
 * "Verdict" of an account page (staff Account Details, the trader's own dashboard): the standing per
 * rule, decisive rule first, and the account's path chart. `dayHref` links a breach to its day. A
 * failed account offers the evidence of its decisive breach alone, beside the whole account's pack the
 * pages offer.
 */
export function AccountVerdictSection({
  accountId,
  dayHref,
}: {
  accountId: string;
  dayHref?: (date: string) => string;
}) {
  const verdict = useAccountVerdict(accountId);
  const decisiveDate = verdict.data?.explanation.rules.find((rule) => rule.decisive)?.date;
  return (
    <SectionCard title="Verdict">
      {verdict.isPending ? (
        <Spinner role="status" aria-label="Loading verdict" />
      ) : verdict.isError ? (
        <Text color="fg.error">Failed to load the verdict: {errorText(verdict.error)}</Text>
      ) : (
        <Stack gap="5">
          <VerdictPanel explanation={verdict.data.explanation} dayHref={dayHref} />
          {decisiveDate && (
            <Box>
              <DownloadEvidenceButton accountId={accountId} breach={decisiveDate} size="sm" />
            </Box>
          )}
          {verdict.data.path.length > 0 && (
            <Suspense fallback={chartFallback}>
              <AccountPathChart path={verdict.data.path} />
            </Suspense>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

/** "Daily Loss" of the day view: the account's daily loss per day against its limit. */
export function DailyLossSection({ accountId, date }: { accountId: string; date?: string }) {
  const verdict = useAccountVerdict(accountId);
  if (verdict.isPending || verdict.isError) return null;
  if (!verdict.data.path.some((day) => day.dailyLoss !== null)) return null;
  return (
    <SectionCard title="Daily Loss">
      <Suspense fallback={chartFallback}>
        <DailyLossChart path={verdict.data.path} date={date} />
      </Suspense>
    </SectionCard>
  );
}

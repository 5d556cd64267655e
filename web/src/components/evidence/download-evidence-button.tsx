import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { useEvidenceDownload } from '@/api/evidence';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

export const DOWNLOAD_EVIDENCE_LABEL = 'Download evidence';
export const DOWNLOAD_BREACH_EVIDENCE_LABEL = 'Download breach evidence';
export const EVIDENCE_ERROR_TITLE = 'Could not download the evidence pack';

/** Offers `text` as a JSON file named `fileName`. */
function saveJson(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * "Download evidence": the account's evidence pack as a JSON file (docs/evidence-pack.md), which
 * `npm run verify-evidence` re-checks with the rules engine alone. For staff and for the trader who
 * owns the account (the server checks which); `breach` limits it to the breach of that day.
 */
export function DownloadEvidenceButton({
  accountId,
  breach,
  size = 'md',
}: {
  accountId: string;
  breach?: string;
  size?: 'sm' | 'md';
}) {
  const download = useEvidenceDownload();
  const onClick = () =>
    download.mutate(
      { accountId, breach },
      {
        onSuccess: ({ fileName, text }) => saveJson(fileName, text),
        onError: (error) =>
          toaster.create({
            type: 'error',
            title: EVIDENCE_ERROR_TITLE,
            description: errorText(error),
            closable: true,
          }),
      },
    );
  return (
    <Button
      variant="outline"
      size={size}
      onClick={onClick}
      loading={download.isPending}
      loadingText="Preparing..."
      title={
        breach
          ? `The days, rules and verdict of account ${accountId}'s breach on ${formatDate(breach)} as a file anyone can re-check`
          : `The days, rules and verdicts of account ${accountId} as a file anyone can re-check`
      }
    >
      <LuDownload aria-hidden /> {breach ? DOWNLOAD_BREACH_EVIDENCE_LABEL : DOWNLOAD_EVIDENCE_LABEL}
    </Button>
  );
}

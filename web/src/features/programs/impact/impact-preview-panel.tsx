import { Alert, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';
import { useImpactPreview } from '@/api/programs';
import { ProgressBar } from '@/components/progress-bar/progress-bar';
import { PageError } from '@/components/ui/page-states';
import { useScrollIntoView } from '@/lib/form-schema';
import { formatCountOf } from '@/lib/format';
import { StatusChangesTable } from './status-changes';

/**
 * The impact preview of the edit form's unsaved version: how far the re-judging of the program's
 * accounts is, then who would flip (nothing is saved until Save Changes).
 */
export function ImpactPreviewPanel({
  prefix,
  previewId,
  onClose,
}: {
  prefix: string;
  previewId: string;
  onClose: () => void;
}) {
  const preview = useImpactPreview(prefix, previewId);
  const data = preview.data;
  // Started from the header, it shows under the form: brought into view as it opens.
  const ref = useScrollIntoView<HTMLDivElement>(previewId);
  return (
    <Card.Root ref={ref} variant="outline" aria-label="Impact preview" role="region">
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title>Impact Preview</Card.Title>
          <Button size="xs" variant="ghost" onClick={onClose} aria-label="Close impact preview">
            <LuX />
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        {preview.isError && (
          <PageError
            title="Failed to load the impact preview"
            error={preview.error}
            onRetry={() => void preview.refetch()}
          />
        )}
        {!data && preview.isPending && <Text color="fg.muted">Starting the preview...</Text>}
        {data?.status === 'running' && (
          <Stack gap="2">
            <Text>
              Re-judging {data.judged} of {formatCountOf(data.total, 'account')} under the unsaved
              version {data.version}...
            </Text>
            <ProgressBar
              label="Accounts re-judged"
              kind="days"
              palette="blue"
              percent={data.total > 0 ? (100 * data.judged) / data.total : 0}
            />
          </Stack>
        )}
        {data?.status === 'failed' && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{data.error ?? 'The preview failed'}</Alert.Title>
          </Alert.Root>
        )}
        {data?.status === 'done' && (
          <Stack gap="3">
            <Text color="fg.muted">
              {formatCountOf(data.total, 'account')} re-judged over their stored days under the
              unsaved version {data.version}; nothing was saved.
              {data.errors > 0 &&
                ` ${formatCountOf(data.errors, 'account')} could not be placed in a phase of it.`}
            </Text>
            <StatusChangesTable label="Accounts that would change" changes={data.changes} />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

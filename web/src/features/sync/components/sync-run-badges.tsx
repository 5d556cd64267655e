import { Badge } from '@chakra-ui/react';
import type { SyncRunStatus, SyncTrigger } from '@shared/sync/sync-run';

const statusLabels: Record<SyncRunStatus, string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const statusPalettes: Record<SyncRunStatus, string> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

export const triggerLabels: Record<SyncTrigger, string> = {
  api: 'Manual',
  schedule: 'Scheduled',
  seed: 'Demo seed',
  files: 'Files delivered',
};

export function SyncRunStatusBadge({ status }: { status: SyncRunStatus }) {
  const palette = statusPalettes[status];
  return (
    <Badge colorPalette={palette} data-color-palette={palette} variant="solid">
      {statusLabels[status]}
    </Badge>
  );
}

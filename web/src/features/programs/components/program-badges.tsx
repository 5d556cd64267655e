import { Badge } from '@chakra-ui/react';
import type { ProgramStatus, ProgramType } from '@shared/programs/program';
import { PROGRAM_TYPE_LABELS } from '@/lib/programs/program-labels';

const typePalettes: Record<ProgramType, string> = {
  eval: 'blue',
  'hybrid-eval': 'cyan',
  performance: 'purple',
  'sim-funded': 'orange',
  'live-funded': 'teal',
  demo: 'gray',
};

/** Spec 001 §2.1: green for active, red for suspended, grey otherwise. */
function statusPalette(status: ProgramStatus): string {
  if (status === 'active') return 'green';
  if (status === 'suspended') return 'red';
  return 'gray';
}

export function ProgramTypeBadge({ type }: { type: ProgramType }) {
  const palette = typePalettes[type];
  return (
    <Badge colorPalette={palette} data-color-palette={palette} variant="subtle">
      {PROGRAM_TYPE_LABELS[type]}
    </Badge>
  );
}

export function ProgramStatusBadge({ status }: { status: ProgramStatus }) {
  const palette = statusPalette(status);
  return (
    <Badge
      colorPalette={palette}
      data-color-palette={palette}
      variant="solid"
      textTransform="capitalize"
    >
      {status}
    </Badge>
  );
}

import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { AccountPhase, ListStatus, RithmicStatus } from '@shared/accounts/account';

/**
 * The status badges of the account, performance and trader screens, with the specs' colours
 * (spec 000 §4, spec 001 §4). Each takes the value as the API answers it, so every screen shows one
 * value the same way.
 */

type Palette = NonNullable<BadgeProps['colorPalette']>;

/**
 * Grey as the screens mean it. Chakra's `gray` palette is its neutral one: its `fg` and `solid` are
 * near-black in light mode and near-white in dark mode, so a 'grey' badge or bar read black or
 * white. These tokens are mid greys in both themes.
 */
export const GREY_TONES = { fill: 'fg.subtle', text: 'fg.muted', background: 'bg.muted' } as const;

function ColoredBadge({ palette, children, ...props }: BadgeProps & { palette: Palette }) {
  const grey = palette === 'gray' && { bg: GREY_TONES.background, color: GREY_TONES.text };
  return (
    <Badge
      colorPalette={palette}
      variant="subtle"
      whiteSpace="nowrap"
      data-palette={palette}
      {...grey}
      {...props}
    >
      {children}
    </Badge>
  );
}

/**
 * A conformance's overall status (spec 001 §4): conformant or compliant green, warning yellow,
 * violation red, anything else info blue.
 */
export function overallStatusPalette(status: string | null | undefined): Palette {
  switch (status?.toLowerCase()) {
    case 'compliant':
    case 'conformant':
      return 'green';
    case 'warning':
      return 'yellow';
    case 'violation':
      return 'red';
    default:
      return 'blue';
  }
}

export function OverallStatusBadge({ status }: { status: string | null | undefined }) {
  return <ColoredBadge palette={overallStatusPalette(status)}>{status || 'unknown'}</ColoredBadge>;
}

/**
 * An account's compliance (spec 000 §4): compliant green, warning yellow, violation red, and 'No Data'
 * grey when the account has no judged day.
 */
export function ComplianceBadge({ status }: { status: string | null | undefined }) {
  const known = status === 'compliant' || status === 'warning' || status === 'violation';
  if (!known) return <ColoredBadge palette="gray">No Data</ColoredBadge>;
  return <ColoredBadge palette={overallStatusPalette(status)}>{status}</ColoredBadge>;
}

/** Severity (spec 001 §4): critical or violation red, warning yellow, otherwise info blue. */
export function severityPalette(severity: string | null | undefined): Palette {
  switch (severity?.toLowerCase()) {
    case 'critical':
    case 'violation':
      return 'red';
    case 'warning':
      return 'yellow';
    default:
      return 'blue';
  }
}

export function SeverityBadge({ severity }: { severity: string | null | undefined }) {
  const palette = severityPalette(severity);
  const label = palette === 'blue' ? 'info' : (severity as string).toLowerCase();
  return <ColoredBadge palette={palette}>{label}</ColoredBadge>;
}

/**
 * How a rule's result reads (spec 000 §4, spec 001 §4): a benchmark is always green, a tick when
 * passed and 'OK' otherwise; for any other type `passed` means the violation fired — a red cross —
 * and not passed is a green tick.
 */
export function ruleResultDisplay(
  type: string | null | undefined,
  passed: boolean,
): { palette: Palette; text: string; label: string } {
  if (type === 'benchmark') {
    return passed
      ? { palette: 'green', text: '✓', label: 'Benchmark met' }
      : { palette: 'green', text: 'OK', label: 'Benchmark not met yet' };
  }
  return passed
    ? { palette: 'red', text: '✗', label: 'Violated' }
    : { palette: 'green', text: '✓', label: 'No violation' };
}

export function RuleResultBadge({
  type,
  passed,
}: {
  type: string | null | undefined;
  passed: boolean;
}) {
  const display = ruleResultDisplay(type, passed);
  return (
    <ColoredBadge palette={display.palette} aria-label={display.label} title={display.label}>
      {display.text}
    </ColoredBadge>
  );
}

/** Rule type (spec 000 §4): violation red, anything else yellow. */
export function RuleTypeBadge({ type }: { type: string | null | undefined }) {
  return (
    <ColoredBadge palette={type === 'violation' ? 'red' : 'yellow'}>
      {type || 'unknown'}
    </ColoredBadge>
  );
}

/** 'multiday' or 'daily' (spec 000 §2 Rule Details table). */
export function MultidayBadge({ multiday }: { multiday: boolean }) {
  return (
    <ColoredBadge palette={multiday ? 'purple' : 'cyan'}>
      {multiday ? 'multiday' : 'daily'}
    </ColoredBadge>
  );
}

const PHASE_LABELS: Record<AccountPhase, string> = {
  evaluation: 'Evaluation',
  'sim-funded': 'Sim Funded',
  'live-funded': 'Live Funded',
  demo: 'Demo',
};
const PHASE_PALETTES: Record<AccountPhase, Palette> = {
  evaluation: 'blue',
  'sim-funded': 'purple',
  'live-funded': 'green',
  demo: 'gray',
};

export function phaseLabel(phase: AccountPhase): string {
  return PHASE_LABELS[phase];
}

/** The account's phase type (spec 000 §2 'Phase Type badge'). */
export function PhaseBadge({ phase }: { phase: AccountPhase }) {
  return <ColoredBadge palette={PHASE_PALETTES[phase]}>{PHASE_LABELS[phase]}</ColoredBadge>;
}

const RITHMIC_PALETTES: Record<RithmicStatus, Palette> = {
  Active: 'green',
  Inactive: 'gray',
  'Admin Only': 'orange',
};

/** The broker's status of an account. */
export function RithmicStatusBadge({ status }: { status: RithmicStatus }) {
  return <ColoredBadge palette={RITHMIC_PALETTES[status]}>{status}</ColoredBadge>;
}

const ACCOUNT_STATUS_PALETTES: Record<ListStatus, Palette> = {
  active: 'blue',
  passed: 'green',
  failed: 'red',
  held: 'orange',
};

/** Where an account stands in its phase: active, passed or failed, or held (a breach under review). */
export function AccountStatusBadge({ status, title }: { status: ListStatus; title?: string }) {
  return (
    <ColoredBadge palette={ACCOUNT_STATUS_PALETTES[status]} title={title}>
      {status}
    </ColoredBadge>
  );
}

/**
 * A trader's status (spec 000 §2): capitalised; enabled green, disabled yellow, anything else red.
 */
export function TraderStatusBadge({ status }: { status: string | null | undefined }) {
  const text = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
  const palette: Palette =
    status === 'enabled' ? 'green' : status === 'disabled' ? 'yellow' : 'red';
  return <ColoredBadge palette={palette}>{text}</ColoredBadge>;
}

/** Yes/No for a flag; green when the flag is the good outcome (`goodWhen`). */
export function FlagBadge({ value, goodWhen = true }: { value: boolean; goodWhen?: boolean }) {
  return (
    <ColoredBadge palette={value === goodWhen ? 'green' : 'red'}>
      {value ? 'Yes' : 'No'}
    </ColoredBadge>
  );
}

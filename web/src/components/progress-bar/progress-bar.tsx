import { Box, HStack, Text } from '@chakra-ui/react';
import { GREY_TONES } from '../badges/badges';
import { formatPercent } from '@/lib/format';

/**
 * Progress bars of the account and trader screens (decision 12, spec 000 §9, spec 001 §2.9): profit
 * and trading days green at 80% or more, blue at 50% or more, else grey; drawdown red at 80% or more,
 * yellow at 60% or more, else green. Values are capped at 100 and a bar is never drawn narrower than
 * 2%, so an account at 0% still shows where the bar is.
 */

export type ProgressKind = 'profit' | 'days' | 'drawdown';
export type ProgressPalette = 'green' | 'blue' | 'gray' | 'red' | 'yellow';

export const MIN_BAR_WIDTH_PERCENT = 2;

/** The shown percentage: 0 to 100, 0 for a value that is not a number. */
export function cappedPercent(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 0;
  return Math.min(100, value);
}

export function progressPalette(kind: ProgressKind, percent: number): ProgressPalette {
  const value = cappedPercent(percent);
  if (kind === 'drawdown') {
    if (value >= 80) return 'red';
    if (value >= 60) return 'yellow';
    return 'green';
  }
  if (value >= 80) return 'green';
  if (value >= 50) return 'blue';
  return 'gray';
}

/** The drawn width, in percent of the track. */
export function barWidthPercent(percent: number): number {
  return Math.max(MIN_BAR_WIDTH_PERCENT, cappedPercent(percent));
}

/**
 * A labelled bar. `percent` is 0–100 (values above are capped); `palette` overrides the kind's
 * colour (the score bar, whose threshold the spec does not give, passes its own).
 */
export function ProgressBar({
  label,
  percent,
  kind,
  palette,
  showValue = true,
  size = 'md',
}: {
  label: string;
  percent: number | null | undefined;
  kind: ProgressKind;
  palette?: ProgressPalette;
  showValue?: boolean;
  size?: 'sm' | 'md';
}) {
  const value = cappedPercent(percent);
  const color = palette ?? progressPalette(kind, value);
  return (
    <HStack gap="2" width="full" minW="0">
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value * 10) / 10}
        aria-valuetext={formatPercent(value, 1)}
        data-palette={color}
        flex="1"
        minW="8"
        height={size === 'sm' ? '1.5' : '2.5'}
        bg="bg.emphasized"
        rounded="full"
        overflow="hidden"
      >
        <Box
          height="full"
          width={`${barWidthPercent(value)}%`}
          bg={color === 'gray' ? GREY_TONES.fill : `${color}.solid`}
          rounded="full"
        />
      </Box>
      {showValue && (
        <Text as="span" fontSize="xs" color="fg.muted" minW="12" textAlign="end">
          {formatPercent(value, 1)}
        </Text>
      )}
    </HStack>
  );
}

import { isNumber } from '@/lib/format';

/** The colour of a signed amount: green above zero, red below, the normal text colour at zero. */
export function signColor(value: number | null | undefined): string | undefined {
  if (!isNumber(value) || value === 0) return undefined;
  return value > 0 ? 'fg.success' : 'fg.error';
}

import { Text, type TextProps } from '@chakra-ui/react';
import { formatMoney, formatPercent } from '@/lib/format';
import { signColor } from './figures';

type FigureProps = { value: number | null | undefined; signed?: boolean } & Omit<
  TextProps,
  'children'
>;

/** A number in tabular figures; `signed` colours it green when positive and red when negative. */
function Figure({ value, signed = false, text, ...props }: FigureProps & { text: string }) {
  return (
    <Text
      as="span"
      fontVariantNumeric="tabular-nums"
      color={signed ? signColor(value) : undefined}
      {...props}
    >
      {text}
    </Text>
  );
}

/** An amount in USD (spec 000 §2: positive green, negative red when `signed`). */
export function Money(props: FigureProps) {
  return <Figure {...props} text={formatMoney(props.value)} />;
}

/** A percentage 0–100 with `decimals` decimals; `signed` colours it like money. */
export function Percent({ decimals, ...props }: FigureProps & { decimals: number }) {
  return <Figure {...props} text={formatPercent(props.value, decimals)} />;
}

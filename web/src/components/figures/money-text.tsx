import { Text, type TextProps } from '@chakra-ui/react';
import { moneyText, percentText, signColor } from './figures';

/** An amount in USD; `signed` colours it green when positive and red when negative (spec 000 §2). */
export function Money({
  value,
  signed = false,
  ...props
}: { value: number | null | undefined; signed?: boolean } & Omit<TextProps, 'children'>) {
  return (
    <Text
      as="span"
      fontVariantNumeric="tabular-nums"
      color={signed ? signColor(value) : undefined}
      {...props}
    >
      {moneyText(value)}
    </Text>
  );
}

/** A percentage 0–100 with `decimals` decimals; `signed` colours it like money. */
export function Percent({
  value,
  decimals,
  signed = false,
  ...props
}: {
  value: number | null | undefined;
  decimals: number;
  signed?: boolean;
} & Omit<TextProps, 'children'>) {
  return (
    <Text
      as="span"
      fontVariantNumeric="tabular-nums"
      color={signed ? signColor(value) : undefined}
      {...props}
    >
      {percentText(value, decimals)}
    </Text>
  );
}

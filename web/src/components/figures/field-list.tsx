import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A label and its value; the label names the row. */
export type FieldRow = [string, ReactNode];

/**
 * Label and value rows side by side (a record's fields on a detail screen or dialog). `labelWidth`
 * lines the values up; `breakWords` lets a long value (an id, a URL) break inside its column.
 */
export function FieldList({
  items,
  label,
  labelWidth,
  breakWords = false,
}: {
  items: readonly FieldRow[];
  /** The list's accessible name, where a screen shows several. */
  label?: string;
  labelWidth: string;
  breakWords?: boolean;
}) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2" aria-label={label}>
      {items.map(([name, value]) => (
        <DataList.Item key={name}>
          <DataList.ItemLabel minW={labelWidth}>{name}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak={breakWords ? 'break-word' : undefined}>
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

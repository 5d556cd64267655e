import { Button, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { instrumentTypeSchema, newsTimeZoneSchema } from '@shared/rules/rule-parameters';
import {
  CheckboxInput,
  FieldFrame,
  InputField,
  ListTextInput,
  OptionsSelect,
} from '@/components/ui/form';

export interface InstrumentRow {
  symbol: string;
  description?: string;
  instrumentType: string;
  positionFactor: number;
  allowed: boolean;
}

/** A stored entry may be a bare symbol (shorthand for an allowed standard contract). */
function toRow(entry: unknown): InstrumentRow {
  if (typeof entry === 'string') {
    return { symbol: entry, instrumentType: 'future', positionFactor: 1, allowed: true };
  }
  const record = (entry ?? {}) as Partial<InstrumentRow>;
  return {
    symbol: record.symbol ?? '',
    ...(record.description === undefined ? {} : { description: record.description }),
    instrumentType: record.instrumentType ?? 'future',
    positionFactor: record.positionFactor ?? 1,
    allowed: record.allowed ?? true,
  };
}

const parseSymbols = (text: string) =>
  text
    .toUpperCase()
    .split(',')
    .map((symbol) => symbol.trim())
    .filter(Boolean);

/** One small labelled select of a row card. */
function RowSelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  return (
    <FieldFrame label={label} compact>
      <OptionsSelect size="sm" value={value} options={options} onChange={onChange} />
    </FieldFrame>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={label} onClick={onClick}>
      <LuTrash2 />
    </IconButton>
  );
}

interface RowEdit<Row> {
  change: (patch: Partial<Row>) => void;
  remove: () => void;
  /** The value and change of a field that holds the row's `key` as it is (`{...bind('date')}`). */
  bind: <Key extends keyof Row>(
    key: Key,
  ) => { value: Row[Key]; onChange: (value: Row[Key]) => void };
}

function rowEdit<Row>(rows: Row[], index: number, onChange: (rows: Row[]) => void): RowEdit<Row> {
  const change = (patch: Partial<Row>) =>
    onChange(rows.map((other, at) => (at === index ? { ...other, ...patch } : other)));
  return {
    change,
    remove: () => onChange(rows.filter((_, at) => at !== index)),
    bind: (key) => ({
      value: rows[index]![key],
      onChange: (value) => {
        const patch: Partial<Row> = {};
        patch[key] = value;
        change(patch);
      },
    }),
  };
}

/** A titled list of row cards (six columns from md) with an add button under it. */
function RowListEditor<Row>({
  label,
  rowName,
  rows,
  errors,
  onChange,
  blank,
  addText,
  children,
}: {
  label: string;
  /** Each row card's name with its number ('Instrument 1'), as the row's messages name it. */
  rowName: string;
  rows: Row[];
  /** The messages of each row, shown under it: a refused row always says why. */
  errors?: string[][] | undefined;
  onChange: (rows: Row[]) => void;
  blank: Row;
  addText: string;
  children: (row: Row, index: number, edit: RowEdit<Row>) => ReactNode;
}) {
  return (
    <Stack gap="2" role="group" aria-label={label}>
      <Text fontWeight="medium" fontSize="sm">
        {label}
      </Text>
      {rows.map((row, index) => {
        const messages = errors?.[index] ?? [];
        return (
          <Stack
            key={index}
            gap="2"
            borderWidth="1px"
            borderColor={messages.length > 0 ? 'border.error' : undefined}
            rounded="md"
            p="2"
            role="group"
            aria-label={`${rowName} ${index + 1}`}
          >
            <SimpleGrid columns={{ base: 2, md: 6 }} gap="2" alignItems="end">
              {children(row, index, rowEdit(rows, index, onChange))}
            </SimpleGrid>
            {messages.map((message) => (
              <Text key={message} color="fg.error" fontSize="sm">
                {message}
              </Text>
            ))}
          </Stack>
        );
      })}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => onChange([...rows, blank])}
      >
        <LuPlus /> {addText}
      </Button>
    </Stack>
  );
}

/**
 * Spec 001 §3 instrument entries: symbols upper-cased as typed; position factor at least 0.1 in
 * steps of 0.1 (1 standard, 0.1 micro).
 */
export function InstrumentsInput({
  label,
  value,
  errors,
  onChange,
}: {
  label: string;
  value: unknown;
  errors?: string[][] | undefined;
  onChange: (value: InstrumentRow[]) => void;
}) {
  return (
    <RowListEditor
      label={label}
      rowName="Instrument"
      errors={errors}
      rows={Array.isArray(value) ? value.map(toRow) : []}
      onChange={onChange}
      blank={{ symbol: '', instrumentType: 'future', positionFactor: 1, allowed: true }}
      addText="Add Instrument"
    >
      {(row, index, { change, remove, bind }) => (
        <>
          <InputField
            compact
            label="Symbol"
            fontFamily="mono"
            value={row.symbol}
            onChange={(symbol) => change({ symbol: symbol.toUpperCase() })}
          />
          <InputField
            compact
            label="Description"
            gridColumn={{ md: 'span 2' }}
            value={row.description ?? ''}
            onChange={(description) => change({ description })}
          />
          <RowSelectField
            label="Type"
            options={instrumentTypeSchema.options}
            {...bind('instrumentType')}
          />
          <InputField
            compact
            label="Position factor"
            type="number"
            min={0.1}
            step={0.1}
            value={String(row.positionFactor)}
            onChange={(factor) => change({ positionFactor: Number(factor) })}
          />
          <HStack justify="space-between">
            <CheckboxInput
              size="sm"
              label="Allowed"
              checked={row.allowed}
              onChange={(allowed) => change({ allowed })}
            />
            <RemoveButton label={`Remove instrument ${row.symbol || index + 1}`} onClick={remove} />
          </HStack>
        </>
      )}
    </RowListEditor>
  );
}

interface NewsEventRow {
  title: string;
  date: string;
  time: string;
  timezone: string;
  instruments: string[];
}

function toNewsRow(entry: unknown): NewsEventRow {
  const record = (entry ?? {}) as Partial<NewsEventRow>;
  return {
    title: record.title ?? '',
    date: record.date ?? '',
    time: record.time ?? '',
    timezone: record.timezone ?? 'Eastern',
    instruments: record.instruments ?? [],
  };
}

/** Spec 001 §3: scheduled news releases; time zones Eastern (default), Central, Mountain, Pacific, UTC. */
export function NewsEventsInput({
  value,
  errors,
  onChange,
}: {
  value: unknown;
  errors?: string[][] | undefined;
  onChange: (value: NewsEventRow[]) => void;
}) {
  return (
    <RowListEditor
      label="News events"
      rowName="News event"
      errors={errors}
      rows={Array.isArray(value) ? value.map(toNewsRow) : []}
      onChange={onChange}
      blank={{ title: '', date: '', time: '08:30', timezone: 'Eastern', instruments: [] }}
      addText="Add News Event"
    >
      {(row, index, { remove, bind }) => (
        <>
          <InputField compact label="Title" gridColumn={{ md: 'span 2' }} {...bind('title')} />
          <InputField compact label="Date" type="date" {...bind('date')} />
          <InputField compact label="Time" type="time" {...bind('time')} />
          <RowSelectField
            label="Time zone"
            options={newsTimeZoneSchema.options}
            {...bind('timezone')}
          />
          <HStack>
            <FieldFrame label="Instruments" compact>
              <ListTextInput
                size="sm"
                fontFamily="mono"
                placeholder="All"
                parse={parseSymbols}
                separator=", "
                format={(text) => text.toUpperCase()}
                {...bind('instruments')}
              />
            </FieldFrame>
            <RemoveButton label={`Remove news event ${index + 1}`} onClick={remove} />
          </HStack>
        </>
      )}
    </RowListEditor>
  );
}

import {
  Button,
  Checkbox,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  type InputProps,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { instrumentTypeSchema, newsTimeZoneSchema } from '@shared/rules/rule-parameters';

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

/** One small labelled text input of a row card; `wide` spans two of the six columns. */
function TextField({
  label,
  value,
  onChange,
  wide = false,
  ...inputProps
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  wide?: boolean;
} & Omit<InputProps, 'value' | 'onChange' | 'size'>) {
  return (
    <Field.Root gridColumn={wide ? { md: 'span 2' } : undefined}>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <Input
        size="sm"
        {...inputProps}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field.Root>
  );
}

const parseSymbols = (text: string) =>
  text
    .toUpperCase()
    .split(',')
    .map((symbol) => symbol.trim())
    .filter(Boolean);

/**
 * A comma-separated symbol list, typed freely: the field keeps the text as typed (a trailing comma or
 * space included) while the list follows it. Showing the list re-joined on every keystroke would
 * swallow each comma as it is typed.
 */
function SymbolListField({
  label,
  symbols,
  onChange,
}: {
  label: string;
  symbols: string[];
  onChange: (symbols: string[]) => void;
}) {
  const [text, setText] = useState(() => symbols.join(', '));
  // A list replaced from outside (a template, a reset) shows as its own text.
  const shown = parseSymbols(text).join() === symbols.join() ? text : symbols.join(', ');
  return (
    <TextField
      label={label}
      fontFamily="mono"
      placeholder="All"
      value={shown}
      onChange={(next) => {
        setText(next.toUpperCase());
        onChange(parseSymbols(next));
      }}
    />
  );
}

/** A native select of `options` (each its own text), after an `allText` empty choice if given. */
export function OptionsSelect({
  value,
  options,
  onChange,
  size,
  allText,
}: {
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  size?: 'sm';
  allText?: string;
}) {
  return (
    <NativeSelect.Root {...(size && { size })}>
      <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
        {allText !== undefined && <option value="">{allText}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** One small labelled select of a row card. */
function SelectField({
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
    <Field.Root>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <OptionsSelect size="sm" value={value} options={options} onChange={onChange} />
    </Field.Root>
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
  /** The messages of each row, shown under it (issue 24: never a silent refusal). */
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
              {children(row, index, {
                change: (patch) =>
                  onChange(
                    rows.map((other, at) => (at === index ? { ...other, ...patch } : other)),
                  ),
                remove: () => onChange(rows.filter((_, at) => at !== index)),
              })}
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
      {(row, index, { change, remove }) => (
        <>
          <TextField
            label="Symbol"
            fontFamily="mono"
            value={row.symbol}
            onChange={(symbol) => change({ symbol: symbol.toUpperCase() })}
          />
          <TextField
            label="Description"
            wide
            value={row.description ?? ''}
            onChange={(description) => change({ description })}
          />
          <SelectField
            label="Type"
            value={row.instrumentType}
            options={instrumentTypeSchema.options}
            onChange={(instrumentType) => change({ instrumentType })}
          />
          <TextField
            label="Position factor"
            type="number"
            min={0.1}
            step={0.1}
            value={String(row.positionFactor)}
            onChange={(factor) => change({ positionFactor: Number(factor) })}
          />
          <HStack justify="space-between">
            <Checkbox.Root
              size="sm"
              checked={row.allowed}
              onCheckedChange={(details) => change({ allowed: details.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Allowed</Checkbox.Label>
            </Checkbox.Root>
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
      {(row, index, { change, remove }) => (
        <>
          <TextField label="Title" wide value={row.title} onChange={(title) => change({ title })} />
          <TextField
            label="Date"
            type="date"
            value={row.date}
            onChange={(date) => change({ date })}
          />
          <TextField
            label="Time"
            type="time"
            value={row.time}
            onChange={(time) => change({ time })}
          />
          <SelectField
            label="Time zone"
            value={row.timezone}
            options={newsTimeZoneSchema.options}
            onChange={(timezone) => change({ timezone })}
          />
          <HStack>
            <SymbolListField
              label="Instruments"
              symbols={row.instruments}
              onChange={(instruments) => change({ instruments })}
            />
            <RemoveButton label={`Remove news event ${index + 1}`} onClick={remove} />
          </HStack>
        </>
      )}
    </RowListEditor>
  );
}

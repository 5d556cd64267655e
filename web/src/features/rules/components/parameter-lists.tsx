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
} from '@chakra-ui/react';
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

/**
 * Spec 001 §3 instrument entries: symbols upper-cased as typed; position factor at least 0.1 in
 * steps of 0.1 (1 standard, 0.1 micro).
 */
export function InstrumentsInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: unknown;
  onChange: (value: InstrumentRow[]) => void;
}) {
  const rows = Array.isArray(value) ? value.map(toRow) : [];
  const change = (index: number, patch: Partial<InstrumentRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="2" role="group" aria-label={label}>
      <Text fontWeight="medium" fontSize="sm">
        {label}
      </Text>
      {rows.map((row, index) => (
        <SimpleGrid
          key={index}
          columns={{ base: 2, md: 6 }}
          gap="2"
          alignItems="end"
          borderWidth="1px"
          rounded="md"
          p="2"
        >
          <Field.Root>
            <Field.Label fontSize="xs">Symbol</Field.Label>
            <Input
              size="sm"
              fontFamily="mono"
              value={row.symbol}
              onChange={(event) => change(index, { symbol: event.target.value.toUpperCase() })}
            />
          </Field.Root>
          <Field.Root gridColumn={{ md: 'span 2' }}>
            <Field.Label fontSize="xs">Description</Field.Label>
            <Input
              size="sm"
              value={row.description ?? ''}
              onChange={(event) => change(index, { description: event.target.value })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label fontSize="xs">Type</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={row.instrumentType}
                onChange={(event) => change(index, { instrumentType: event.target.value })}
              >
                {instrumentTypeSchema.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label fontSize="xs">Position factor</Field.Label>
            <Input
              size="sm"
              type="number"
              min={0.1}
              step={0.1}
              value={String(row.positionFactor)}
              onChange={(event) => change(index, { positionFactor: Number(event.target.value) })}
            />
          </Field.Root>
          <HStack justify="space-between">
            <Checkbox.Root
              size="sm"
              checked={row.allowed}
              onCheckedChange={(details) => change(index, { allowed: details.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Allowed</Checkbox.Label>
            </Checkbox.Root>
            <IconButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              aria-label={`Remove instrument ${row.symbol || index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        </SimpleGrid>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() =>
          onChange([
            ...rows,
            { symbol: '', instrumentType: 'future', positionFactor: 1, allowed: true },
          ])
        }
      >
        <LuPlus /> Add Instrument
      </Button>
    </Stack>
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
  onChange,
}: {
  value: unknown;
  onChange: (value: NewsEventRow[]) => void;
}) {
  const rows = Array.isArray(value) ? value.map(toNewsRow) : [];
  const change = (index: number, patch: Partial<NewsEventRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap="2" role="group" aria-label="News events">
      <Text fontWeight="medium" fontSize="sm">
        News events
      </Text>
      {rows.map((row, index) => (
        <SimpleGrid
          key={index}
          columns={{ base: 2, md: 6 }}
          gap="2"
          alignItems="end"
          borderWidth="1px"
          rounded="md"
          p="2"
        >
          <Field.Root gridColumn={{ md: 'span 2' }}>
            <Field.Label fontSize="xs">Title</Field.Label>
            <Input
              size="sm"
              value={row.title}
              onChange={(event) => change(index, { title: event.target.value })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label fontSize="xs">Date</Field.Label>
            <Input
              size="sm"
              type="date"
              value={row.date}
              onChange={(event) => change(index, { date: event.target.value })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label fontSize="xs">Time</Field.Label>
            <Input
              size="sm"
              type="time"
              value={row.time}
              onChange={(event) => change(index, { time: event.target.value })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label fontSize="xs">Time zone</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={row.timezone}
                onChange={(event) => change(index, { timezone: event.target.value })}
              >
                {newsTimeZoneSchema.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <HStack>
            <Field.Root>
              <Field.Label fontSize="xs">Instruments</Field.Label>
              <Input
                size="sm"
                fontFamily="mono"
                placeholder="All"
                value={row.instruments.join(', ')}
                onChange={(event) =>
                  change(index, {
                    instruments: event.target.value
                      .toUpperCase()
                      .split(',')
                      .map((symbol) => symbol.trim())
                      .filter(Boolean),
                  })
                }
              />
            </Field.Root>
            <IconButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              aria-label={`Remove news event ${index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        </SimpleGrid>
      ))}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() =>
          onChange([
            ...rows,
            { title: '', date: '', time: '08:30', timezone: 'Eastern', instruments: [] },
          ])
        }
      >
        <LuPlus /> Add News Event
      </Button>
    </Stack>
  );
}

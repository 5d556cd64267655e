import { Button, Card, Field, Heading, HStack, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import {
  SYNC_NAMED_DATES_MAX,
  syncRequestBodySchema,
  type SyncRequest,
  type SyncRequestBody,
} from '@shared/sync/sync-run';
import { Form, TextField } from '@/components/ui/form';
import { schemaResolver } from '@/lib/form-schema';

/** `2026-03-02` (a date input's value) → `20260302` (the API's trading date). */
const tradingDateOf = (value: string) => value.replaceAll('-', '');

interface SyncDatesValues {
  from: string;
  to: string;
}

/** The two date inputs, read as the API's body and checked by the API's own rule (one schema). */
const syncDatesSchema = z
  .object({ from: z.string().min(1, 'Choose the first date to sync'), to: z.string() })
  .transform(({ from, to }): SyncRequestBody => ({
    from: tradingDateOf(from),
    to: tradingDateOf(to === '' ? from : to),
  }))
  .pipe(syncRequestBodySchema);

/**
 * Sync named dates: one date, or an inclusive range of at most
 * {@link SYNC_NAMED_DATES_MAX} days, re-ingested from the bucket as it is now (a corrected broker
 * file replaces that date's rows, and the later days of its accounts are judged again). The spec's
 * "Days to sync" form above stays as it is.
 */
export function SyncDatesForm({
  disabled,
  pending,
  onStart,
}: {
  disabled: boolean;
  pending: boolean;
  onStart: (request: SyncRequest) => void;
}) {
  const form = useForm<SyncDatesValues, unknown, SyncRequest>({
    defaultValues: { from: '', to: '' },
    resolver: schemaResolver<SyncDatesValues, SyncRequest>(syncDatesSchema),
  });

  return (
    <Card.Root variant="outline" maxW="xl">
      <Card.Body>
        <Form
          form={form}
          schema={syncDatesSchema}
          onValid={onStart}
          aria-labelledby="sync-dates-heading"
        >
          <Stack gap="4">
            <Heading as="h2" size="sm" id="sync-dates-heading">
              Sync given dates
            </Heading>
            <HStack gap="4" align="flex-start" flexWrap="wrap">
              <TextField name="from" label="From" type="date" disabled={disabled} maxW="48" />
              <TextField name="to" label="To" type="date" disabled={disabled} maxW="48" />
            </HStack>
            <Field.Root>
              <Field.HelperText>
                Re-ingests these trading days from the bucket (up to {SYNC_NAMED_DATES_MAX} days;
                leave To empty for one day) and judges the later days of their accounts again.
              </Field.HelperText>
            </Field.Root>
            <Button
              type="submit"
              variant="outline"
              colorPalette="blue"
              alignSelf="flex-start"
              disabled={disabled}
              loading={pending}
            >
              Sync Dates
            </Button>
          </Stack>
        </Form>
      </Card.Body>
    </Card.Root>
  );
}

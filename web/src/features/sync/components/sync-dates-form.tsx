import { Button, Card, Field, Heading, HStack, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import {
  SYNC_NAMED_DATES_MAX,
  syncRequestBodySchema,
  type SyncRequest,
} from '@shared/sync/sync-run';

/** `2026-03-02` (a date input's value) → `20260302` (the API's trading date). */
const tradingDateOf = (value: string) => value.replaceAll('-', '');

/**
 * Sync named dates (issue 22): one date, or an inclusive range of at most
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
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string }>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from === '') {
      setError({ field: 'from', message: 'Choose the first date to sync' });
      return;
    }
    const body = { from: tradingDateOf(from), to: tradingDateOf(to === '' ? from : to) };
    // The API's own rule (one schema): a range of real dates, in order, of at most 31 days.
    const checked = syncRequestBodySchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      setError({ field: issue?.path[0] === 'from' ? 'from' : 'to', message: issue?.message ?? '' });
      return;
    }
    setError(undefined);
    onStart(body);
  };

  return (
    <Card.Root variant="outline" maxW="xl">
      <Card.Body>
        <form onSubmit={submit} noValidate aria-labelledby="sync-dates-heading">
          <Stack gap="4">
            <Heading as="h2" size="sm" id="sync-dates-heading">
              Sync given dates
            </Heading>
            <HStack gap="4" align="flex-start" flexWrap="wrap">
              <Field.Root disabled={disabled} invalid={error?.field === 'from'} maxW="48">
                <Field.Label>From</Field.Label>
                <Input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
                <Field.ErrorText>{error?.field === 'from' && error.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root disabled={disabled} invalid={error?.field === 'to'} maxW="48">
                <Field.Label>To</Field.Label>
                <Input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
                <Field.ErrorText>{error?.field === 'to' && error.message}</Field.ErrorText>
              </Field.Root>
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
        </form>
      </Card.Body>
    </Card.Root>
  );
}

import { Button, Card, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { SYNC_DAYS_DEFAULT, SYNC_DAYS_MAX, SYNC_DAYS_MIN } from '@shared/sync/sync-run';
import { FieldFrame } from '@/components/ui/form';
import { daysToSyncCorrection } from '../days-to-sync';

/**
 * The spec's "Days to sync" form. The text is kept as typed and corrected on leaving the field
 * (decision 38), so it is held here rather than in a form library's state.
 */
export function DaysToSyncForm({
  disabled,
  loading,
  onStart,
}: {
  disabled: boolean;
  loading: boolean;
  onStart: (days: number) => void;
}) {
  const [typedDays, setTypedDays] = useState(String(SYNC_DAYS_DEFAULT));
  // What a correction changed and why, shown until the field is typed in again.
  const [daysNote, setDaysNote] = useState<string>();

  /** Replaces what was typed by the value that will be sent; true when that changed it. */
  const correctDays = (): { days: number; corrected: boolean } => {
    const { days, note } = daysToSyncCorrection(typedDays);
    setTypedDays(String(days));
    if (note) setDaysNote(note);
    return { days, corrected: note !== undefined };
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    // A value corrected now (Enter in the field) is shown first; the next Start sends it.
    const { days, corrected } = correctDays();
    if (!corrected) onStart(days);
  };

  return (
    <Card.Root variant="outline" maxW="xl">
      <Card.Body>
        <form onSubmit={start} noValidate>
          <Stack gap="4">
            <Stack gap="1.5">
              <FieldFrame
                label="Days to sync"
                disabled={disabled}
                helper={`How many of the latest trading days to sync (${SYNC_DAYS_MIN}-${SYNC_DAYS_MAX}).`}
              >
                <Input
                  type="number"
                  inputMode="numeric"
                  min={SYNC_DAYS_MIN}
                  max={SYNC_DAYS_MAX}
                  step={1}
                  maxW="40"
                  value={typedDays}
                  onChange={(event) => {
                    setTypedDays(event.target.value);
                    setDaysNote(undefined);
                  }}
                  onBlur={() => void correctDays()}
                />
              </FieldFrame>
              {daysNote && (
                <Text role="status" color="fg.warning" fontSize="sm">
                  {daysNote}
                </Text>
              )}
            </Stack>
            <Button
              type="submit"
              colorPalette="blue"
              alignSelf="flex-start"
              disabled={disabled}
              loading={loading}
            >
              Start Sync
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

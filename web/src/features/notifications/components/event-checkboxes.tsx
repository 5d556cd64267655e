import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { NOTIFICATION_EVENT_TYPES, type NotificationEventType } from '@shared/notifications/events';
import { CheckboxInput } from '@/components/ui/form';
import { errorAt } from '@/lib/form-schema';
import type { EndpointFormValues } from '../endpoint-form-values';
import { EVENT_LABELS } from '../notification-labels';

/** The endpoint's events: one checkbox per event type, in a group named by its legend. */
export function EventCheckboxes() {
  const { control, getValues } = useFormContext<EndpointFormValues>();
  const { errors } = useFormState({ control, name: 'events' });
  const message = errorAt(errors, 'events');
  return (
    <Controller
      control={control}
      name="events"
      render={({ field }) => {
        const chosen = new Set<NotificationEventType>(field.value);
        // From the form's newest value, not this render's: two clicks before a render both count.
        const toggle = (type: NotificationEventType, on: boolean) => {
          const next = new Set(getValues('events'));
          if (on) next.add(type);
          else next.delete(type);
          field.onChange(NOTIFICATION_EVENT_TYPES.filter((candidate) => next.has(candidate)));
        };
        return (
          <Fieldset.Root invalid={message !== undefined}>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              Events
            </Fieldset.Legend>
            <Fieldset.HelperText>The moments this endpoint is sent.</Fieldset.HelperText>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                {NOTIFICATION_EVENT_TYPES.map((type) => (
                  <CheckboxInput
                    key={type}
                    label={EVENT_LABELS[type]}
                    checked={chosen.has(type)}
                    onChange={(on) => toggle(type, on)}
                    onBlur={field.onBlur}
                  />
                ))}
              </SimpleGrid>
            </Fieldset.Content>
            {message !== undefined && <Fieldset.ErrorText>{message}</Fieldset.ErrorText>}
          </Fieldset.Root>
        );
      }}
    />
  );
}

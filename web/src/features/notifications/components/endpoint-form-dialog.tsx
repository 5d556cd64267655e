import type { WebhookEndpoint } from '@shared/notifications/webhooks';
import { CheckboxField, FormDialog, TextField, setServerErrors } from '@/components/ui/form';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form-schema';
import { useSaveWebhookEndpoint, type WebhookEndpointBody } from '@/api/notifications';
import {
  endpointFormSchema,
  endpointFormValues,
  type EndpointFormValues,
} from '../endpoint-form-values';
import { EventCheckboxes } from './event-checkboxes';

/**
 * Add endpoint and Edit: the URL, a description, the events it wants and whether it is on. A refused
 * save says the server's words at the top and marks the fields its details name.
 */
export function EndpointFormDialog({
  endpoint,
  onClose,
}: {
  /** The endpoint to edit; none to add one. */
  endpoint?: WebhookEndpoint;
  onClose: () => void;
}) {
  const save = useSaveWebhookEndpoint();
  const form = useSchemaForm<EndpointFormValues, WebhookEndpointBody>(endpointFormSchema, {
    defaultValues: endpointFormValues(endpoint),
  });
  const editing = endpoint !== undefined;
  const headline = editing ? 'Failed to update endpoint' : 'Failed to add endpoint';

  const submit = (body: WebhookEndpointBody) => {
    save.mutate(
      { ...(endpoint && { endpointId: endpoint.endpointId }), body },
      {
        onSuccess: () => {
          toaster.create({
            type: 'success',
            title: editing ? 'Endpoint updated' : 'Endpoint added',
            description: body.url,
          });
          onClose();
        },
        onError: (error) => setServerErrors(form.setError, error),
      },
    );
  };

  return (
    <FormDialog
      title={editing ? 'Edit endpoint' : 'Add endpoint'}
      confirmLabel={editing ? 'Save endpoint' : 'Add endpoint'}
      loadingText="Saving..."
      size="lg"
      isPending={save.isPending}
      failure={save.error ? `${headline}: ${errorText(save.error)}` : undefined}
      form={form}
      onValid={submit}
      onClose={onClose}
    >
      <TextField
        name="url"
        label="URL"
        type="url"
        placeholder="https://example.com/webhooks/deskline"
        helper="https only, except a loopback address when running locally"
        autoComplete="off"
      />
      <TextField name="description" label="Description" placeholder="Back office CRM" />
      <EventCheckboxes />
      <CheckboxField name="enabled" label="Enabled" />
    </FormDialog>
  );
}

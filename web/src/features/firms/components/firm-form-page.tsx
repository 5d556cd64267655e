import { Box, Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  FIRM_REQUIRED_MESSAGE,
  firmStatusSchema,
  type Firm,
  type FirmSaveBody,
} from '@shared/firms/firm';
import { PageHeader } from '@/components/ui/page-header';
import { toaster } from '@/components/ui/toaster';
import { SectionCard } from '@/components/section/section-card';
import { Form, FormAlert, SelectField, TextField, setServerErrors } from '@/components/ui/form';
import { errorText } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form-schema';
import { useSaveFirm } from '@/api/firms';
import { FIRM_MESSAGES, STATUS_LABEL } from '../firm-display';
import { firmFormSchema, firmFormValues, type FirmFormValues } from '../firm-form-values';
import { Brokers, CompanyFigures, ManagerSoftware } from './firm-form-sections';
import { BackToFirms, FirmPage } from './firm-page';
import { paths } from '@/config/paths';

type Mode = 'create' | 'edit';

const REQUIRED_FIELDS = ['id', 'name', 'email', 'industry'] as const;

function FirmForm({ mode, firm }: { mode: Mode; firm?: Firm }) {
  const navigate = useNavigate();
  const save = useSaveFirm();
  const [failure, setFailure] = useState<string>();
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<FirmFormValues, unknown, FirmSaveBody>({
    resolver: schemaResolver<FirmFormValues, FirmSaveBody>(firmFormSchema),
    defaultValues: firmFormValues(firm),
  });
  const errors = form.formState.errors;
  const missingRequired = REQUIRED_FIELDS.some(
    (name) => errors[name]?.message === FIRM_REQUIRED_MESSAGE,
  );

  // A failure no field took the focus for (no field named, or the disabled Firm ID of an edit) is
  // scrolled into view: Create/Update sit at the bottom, the message at the top.
  useEffect(() => {
    if (!failure) return;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused.getAttribute('aria-invalid') === 'true') return;
    alertRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [failure]);

  const submit = (body: FirmSaveBody) => {
    setFailure(undefined);
    save.mutate(
      { mode, firm: body },
      {
        onSuccess: (answer) => {
          toaster.create({
            type: 'success',
            title: mode === 'create' ? FIRM_MESSAGES.created : FIRM_MESSAGES.updated,
          });
          void navigate(paths.firmDetail.href({ id: answer.data.id }));
        },
        onError: (error) => {
          const details = setServerErrors(form.setError, error);
          setFailure(errorText(error, FIRM_MESSAGES.saveFailed));
          // The buttons are at the bottom of a long form and the message at its top: go to the
          // first field the server named (a taken Firm ID); the effect below shows the message.
          const field = details[0]?.field;
          if (field) form.setFocus(field as FieldPath<FirmFormValues>);
        },
      },
    );
  };

  return (
    <Form form={form} schema={firmFormSchema} onValid={submit} aria-label="Firm form">
      <Stack gap="5">
        {(failure || missingRequired) && (
          <FormAlert ref={alertRef} title={failure ?? FIRM_REQUIRED_MESSAGE} />
        )}
        <SectionCard title="Firm Information" size="md">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField name="id" label="Firm ID" disabled={mode === 'edit'} />
            <TextField name="name" label="Firm Name" />
            <TextField name="industry" label="Industry" />
            <TextField name="email" label="Email" type="email" />
            <SelectField
              name="status"
              label="Status"
              options={firmStatusSchema.options.map((status) => ({
                value: status,
                label: STATUS_LABEL[status],
              }))}
            />
            <TextField name="website" label="Website" type="url" placeholder="https://" />
            <TextField name="contactNumber" label="Contact Number" type="tel" />
            <TextField name="address" label="Address" />
            <CompanyFigures prefix="" />
          </SimpleGrid>
          <TextField name="notes" label="Notes" rows={3} mt="4" />
        </SectionCard>
        <Brokers />
        <ManagerSoftware />
        <HStack justify="flex-end" gap="3">
          <Button asChild variant="outline">
            <RouterLink to={firm ? paths.firmDetail.href({ id: firm.id }) : paths.firms.href()}>
              Cancel
            </RouterLink>
          </Button>
          <Button type="submit" colorPalette="blue" loading={save.isPending}>
            {mode === 'create' ? 'Create Firm' : 'Update Firm'}
          </Button>
        </HStack>
      </Stack>
    </Form>
  );
}

/** `/firms/create` (spec 001 §2.21). */
export function FirmCreatePage() {
  return (
    <Box>
      <BackToFirms />
      <PageHeader
        title="Create Firm"
        subtitle="A firm with its brokers, management accounts and software"
      />
      <FirmForm mode="create" />
    </Box>
  );
}

/** `/firms/:id/edit`: the same screen, with the Firm ID field disabled. */
export function FirmEditPage() {
  return (
    <FirmPage
      header={(id) => <PageHeader title="Edit Firm" subtitle={id} />}
      failedTitle={FIRM_MESSAGES.fetchOneFailed}
    >
      {(firm) => <FirmForm key={firm.id} mode="edit" firm={firm} />}
    </FirmPage>
  );
}

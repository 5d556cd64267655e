import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  IconButton,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useFormContext, type FieldPath } from 'react-hook-form';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { brokerNameSchema, managementAccountTypeSchema, thisYear } from '@shared/firms/broker';
import {
  FIRM_REQUIRED_MESSAGE,
  firmStatusSchema,
  type Firm,
  type FirmSaveBody,
} from '@shared/firms/firm';
import { PageHeader } from '@/components/ui/page-header';
import { toaster } from '@/components/ui/toaster';
import {
  Form,
  FormAlert,
  NumberField,
  PasswordField,
  SelectField,
  TextField,
  setServerErrors,
} from '@/components/ui/form';
import { errorText } from '@/lib/api-client';
import { schemaResolver } from '@/lib/form-schema';
import { useSaveFirm } from '@/api/firms';
import { FIRM_MESSAGES, STATUS_LABEL } from '../firm-display';
import {
  brokerValues,
  firmFormSchema,
  firmFormValues,
  managementAccountValues,
  softwareValues,
  type FirmFormValues,
} from '../firm-form-values';
import { BackToFirms, FirmPage } from './firm-page';
import { paths } from '@/config/paths';

type Mode = 'create' | 'edit';

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** One numbered entry of a list section (`Broker 1`), with its remove button. */
function NumberedCard({
  noun,
  index,
  onRemove,
  children,
}: {
  noun: string;
  index: number;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Box borderWidth="1px" rounded="md" p="4" role="group" aria-label={`${noun} ${index + 1}`}>
      <Flex justify="space-between" align="center" mb="3">
        <Heading as="h3" size="sm">
          {noun} {index + 1}
        </Heading>
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
          onClick={onRemove}
        >
          <LuTrash2 />
        </IconButton>
      </Flex>
      {children}
    </Box>
  );
}

function ManagementAccounts({ brokerIndex }: { brokerIndex: number }) {
  const { control } = useFormContext<FirmFormValues>();
  const accounts = useFieldArray({ control, name: `brokers.${brokerIndex}.mgrAccount` });
  const base = `brokers.${brokerIndex}.mgrAccount` as const;
  return (
    <Stack gap="3" mt="2">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h4" size="sm">
          Management Accounts ({accounts.fields.length})
        </Heading>
        <Button
          size="xs"
          variant="outline"
          onClick={() => accounts.append(managementAccountValues())}
        >
          <LuPlus /> Add Management Account
        </Button>
      </Flex>
      {accounts.fields.map((account, index) => (
        <Box
          key={account.id}
          borderWidth="1px"
          rounded="md"
          p="3"
          role="group"
          aria-label={`Broker ${brokerIndex + 1} management account ${index + 1}`}
        >
          <Flex justify="space-between" align="center" mb="2">
            <Text fontWeight="medium">Account {index + 1}</Text>
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Remove management account ${index + 1} of broker ${brokerIndex + 1}`}
              onClick={() => accounts.remove(index)}
            >
              <LuTrash2 />
            </IconButton>
          </Flex>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <TextField name={`${base}.${index}.accountNumber`} label="Account Number" />
            <SelectField
              name={`${base}.${index}.accountType`}
              label="Account Type"
              options={managementAccountTypeSchema.options}
            />
            <TextField name={`${base}.${index}.username`} label="Username" />
            <PasswordField name={`${base}.${index}.password`} label="Password" />
            <TextField name={`${base}.${index}.connection`} label="Connection" />
            <TextField name={`${base}.${index}.url`} label="URL" type="url" />
          </SimpleGrid>
          <Box mt="3">
            <TextField name={`${base}.${index}.description`} label="Description" />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

function Brokers() {
  const { control } = useFormContext<FirmFormValues>();
  const brokers = useFieldArray({ control, name: 'brokers' });
  return (
    <Section
      title="Brokers"
      action={
        <Button size="sm" variant="outline" onClick={() => brokers.append(brokerValues())}>
          <LuPlus /> Add Broker
        </Button>
      }
    >
      {brokers.fields.length === 0 && <Text color="fg.muted">No brokers yet.</Text>}
      <Stack gap="4">
        {brokers.fields.map((broker, index) => (
          <NumberedCard
            key={broker.id}
            noun="Broker"
            index={index}
            onRemove={() => brokers.remove(index)}
          >
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <SelectField
                name={`brokers.${index}.name`}
                label="Broker Name"
                options={brokerNameSchema.options}
              />
              <TextField name={`brokers.${index}.industry`} label="Industry" />
              <TextField name={`brokers.${index}.email`} label="Email" type="email" />
              <TextField name={`brokers.${index}.website`} label="Website" type="url" />
              <TextField
                name={`brokers.${index}.contactNumber`}
                label="Contact Number"
                type="tel"
              />
              <TextField name={`brokers.${index}.address`} label="Address" />
              <NumberField
                keepText
                name={`brokers.${index}.establishedYear`}
                label="Established Year"
                min={1800}
                max={thisYear()}
              />
              <NumberField
                keepText
                name={`brokers.${index}.numberOfEmployees`}
                label="Number of Employees"
                min={1}
              />
              <NumberField
                keepText
                name={`brokers.${index}.revenue`}
                label="Revenue"
                min={0}
                step={0.01}
              />
            </SimpleGrid>
            <ManagementAccounts brokerIndex={index} />
          </NumberedCard>
        ))}
      </Stack>
    </Section>
  );
}

function ManagerSoftware() {
  const { control } = useFormContext<FirmFormValues>();
  const software = useFieldArray({ control, name: 'managerSoftware' });
  return (
    <Section
      title={`Manager Software (${software.fields.length})`}
      action={
        <Button size="sm" variant="outline" onClick={() => software.append(softwareValues())}>
          <LuPlus /> Add Software
        </Button>
      }
    >
      {software.fields.length === 0 && <Text color="fg.muted">No manager software yet.</Text>}
      <Stack gap="4">
        {software.fields.map((entry, index) => (
          <NumberedCard
            key={entry.id}
            noun="Software"
            index={index}
            onRemove={() => software.remove(index)}
          >
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <TextField name={`managerSoftware.${index}.name`} label="Software Name" />
              <TextField name={`managerSoftware.${index}.version`} label="Version" />
              <TextField name={`managerSoftware.${index}.username`} label="Username" />
              <PasswordField name={`managerSoftware.${index}.password`} label="Password" />
              <TextField
                name={`managerSoftware.${index}.serverUrl`}
                label="Server URL"
                type="url"
              />
            </SimpleGrid>
          </NumberedCard>
        ))}
      </Stack>
    </Section>
  );
}

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
        <Section title="Firm Information">
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
            <NumberField
              keepText
              name="establishedYear"
              label="Established Year"
              min={1800}
              max={thisYear()}
            />
            <NumberField keepText name="numberOfEmployees" label="Number of Employees" min={1} />
            <NumberField keepText name="revenue" label="Revenue" min={0} step={0.01} />
          </SimpleGrid>
          <TextField name="notes" label="Notes" rows={3} mt="4" />
        </Section>
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

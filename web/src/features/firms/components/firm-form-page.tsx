import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  type FieldPath,
} from 'react-hook-form';
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
import { ApiError } from '@/lib/api-client';
import { errorAt, schemaResolver } from '@/lib/form-schema';
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
import { PasswordInput } from './secret-field';

type Mode = 'create' | 'edit';

/** One labelled input bound to a form path, with its error under it. */
function TextField({
  path,
  label,
  required = false,
  type = 'text',
  disabled = false,
  placeholder,
  min,
  max,
  step,
}: {
  path: FieldPath<FirmFormValues>;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'url' | 'number' | 'tel';
  disabled?: boolean;
  placeholder?: string;
  min?: number;
  max?: number;
  step?: number | string;
}) {
  const { register, formState } = useFormContext<FirmFormValues>();
  const error = errorAt(formState.errors, path);
  return (
    <Field.Root required={required} invalid={error !== undefined} disabled={disabled}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        type={type}
        placeholder={placeholder}
        min={min}
        max={max}
        step={step}
        {...register(path)}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

function PasswordField({ path, label }: { path: FieldPath<FirmFormValues>; label: string }) {
  const { register, formState } = useFormContext<FirmFormValues>();
  const error = errorAt(formState.errors, path);
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <PasswordInput label={label.toLowerCase()} {...register(path)} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

function SelectField({
  path,
  label,
  options,
}: {
  path: FieldPath<FirmFormValues>;
  label: string;
  options: readonly (readonly [string, string])[];
}) {
  const { register, formState } = useFormContext<FirmFormValues>();
  const error = errorAt(formState.errors, path);
  return (
    <Field.Root invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...register(path)}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

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
            <TextField path={`${base}.${index}.accountNumber`} label="Account Number" />
            <SelectField
              path={`${base}.${index}.accountType`}
              label="Account Type"
              options={managementAccountTypeSchema.options.map((type) => [type, type] as const)}
            />
            <TextField path={`${base}.${index}.username`} label="Username" />
            <PasswordField path={`${base}.${index}.password`} label="Password" />
            <TextField path={`${base}.${index}.connection`} label="Connection" />
            <TextField path={`${base}.${index}.url`} label="URL" type="url" />
          </SimpleGrid>
          <Box mt="3">
            <TextField path={`${base}.${index}.description`} label="Description" />
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
                path={`brokers.${index}.name`}
                label="Broker Name"
                options={brokerNameSchema.options.map((name) => [name, name] as const)}
              />
              <TextField path={`brokers.${index}.industry`} label="Industry" />
              <TextField path={`brokers.${index}.email`} label="Email" type="email" />
              <TextField path={`brokers.${index}.website`} label="Website" type="url" />
              <TextField
                path={`brokers.${index}.contactNumber`}
                label="Contact Number"
                type="tel"
              />
              <TextField path={`brokers.${index}.address`} label="Address" />
              <TextField
                path={`brokers.${index}.establishedYear`}
                label="Established Year"
                type="number"
                min={1800}
                max={thisYear()}
              />
              <TextField
                path={`brokers.${index}.numberOfEmployees`}
                label="Number of Employees"
                type="number"
                min={1}
              />
              <TextField
                path={`brokers.${index}.revenue`}
                label="Revenue"
                type="number"
                min={0}
                step="0.01"
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
              <TextField path={`managerSoftware.${index}.name`} label="Software Name" />
              <TextField path={`managerSoftware.${index}.version`} label="Version" />
              <TextField path={`managerSoftware.${index}.username`} label="Username" />
              <PasswordField path={`managerSoftware.${index}.password`} label="Password" />
              <TextField
                path={`managerSoftware.${index}.serverUrl`}
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

  const submit = form.handleSubmit((body) => {
    setFailure(undefined);
    save.mutate(
      { mode, firm: body },
      {
        onSuccess: (answer) => {
          toaster.create({
            type: 'success',
            title: mode === 'create' ? FIRM_MESSAGES.created : FIRM_MESSAGES.updated,
          });
          void navigate(`/firms/${encodeURIComponent(answer.data.id)}`);
        },
        onError: (error) => {
          const details = error instanceof ApiError ? (error.details ?? []) : [];
          for (const detail of details) {
            form.setError(detail.field as FieldPath<FirmFormValues>, { message: detail.message });
          }
          setFailure(
            error instanceof ApiError && error.serverMessage
              ? error.serverMessage
              : FIRM_MESSAGES.saveFailed,
          );
          // The buttons are at the bottom of a long form and the message at its top: go to the
          // first field the server named (a taken Firm ID); the effect below shows the message.
          const field = details[0]?.field;
          if (field) form.setFocus(field as FieldPath<FirmFormValues>);
        },
      },
    );
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Firm form">
        <Stack gap="5">
          {(failure || missingRequired) && (
            <Alert.Root status="error" role="alert" ref={alertRef}>
              <Alert.Indicator />
              <Alert.Title>{failure ?? FIRM_REQUIRED_MESSAGE}</Alert.Title>
            </Alert.Root>
          )}
          <Section title="Firm Information">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField path="id" label="Firm ID" required disabled={mode === 'edit'} />
              <TextField path="name" label="Firm Name" required />
              <TextField path="industry" label="Industry" required />
              <TextField path="email" label="Email" type="email" required />
              <SelectField
                path="status"
                label="Status"
                options={firmStatusSchema.options.map(
                  (status) => [status, STATUS_LABEL[status]] as const,
                )}
              />
              <TextField path="website" label="Website" type="url" placeholder="https://" />
              <TextField path="contactNumber" label="Contact Number" type="tel" />
              <TextField path="address" label="Address" />
              <TextField
                path="establishedYear"
                label="Established Year"
                type="number"
                min={1800}
                max={thisYear()}
              />
              <TextField
                path="numberOfEmployees"
                label="Number of Employees"
                type="number"
                min={1}
              />
              <TextField path="revenue" label="Revenue" type="number" min={0} step="0.01" />
            </SimpleGrid>
            <Field.Root mt="4" invalid={errors.notes !== undefined}>
              <Field.Label>Notes</Field.Label>
              <Textarea rows={3} {...form.register('notes')} />
              <Field.ErrorText>{errors.notes?.message}</Field.ErrorText>
            </Field.Root>
          </Section>
          <Brokers />
          <ManagerSoftware />
          <HStack justify="flex-end" gap="3">
            <Button asChild variant="outline">
              <RouterLink to={firm ? `/firms/${encodeURIComponent(firm.id)}` : '/firms'}>
                Cancel
              </RouterLink>
            </Button>
            <Button type="submit" colorPalette="blue" loading={save.isPending}>
              {mode === 'create' ? 'Create Firm' : 'Update Firm'}
            </Button>
          </HStack>
        </Stack>
      </form>
    </FormProvider>
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

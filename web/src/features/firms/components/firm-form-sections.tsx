import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import { brokerNameSchema, managementAccountTypeSchema, thisYear } from '@shared/firms/broker';
import { SectionCard } from '@/components/section/section-card';
import {
  NumberField,
  PasswordField,
  RepeatedGroup,
  SelectField,
  TextField,
} from '@/components/ui/form';
import {
  brokerValues,
  managementAccountValues,
  softwareValues,
  type FirmFormValues,
} from '../firm-form-values';

/** One numbered entry of a list section (`Broker 1`), with its remove button. */
function NumberedGroup({
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
    <RepeatedGroup
      label={`${noun} ${index + 1}`}
      heading={
        <Heading as="h3" size="sm">
          {noun} {index + 1}
        </Heading>
      }
      removeLabel={`Remove ${noun.toLowerCase()} ${index + 1}`}
      onRemove={onRemove}
    >
      {children}
    </RepeatedGroup>
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
        <RepeatedGroup
          key={account.id}
          compact
          label={`Broker ${brokerIndex + 1} management account ${index + 1}`}
          heading={<Text fontWeight="medium">Account {index + 1}</Text>}
          removeLabel={`Remove management account ${index + 1} of broker ${brokerIndex + 1}`}
          onRemove={() => accounts.remove(index)}
        >
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
        </RepeatedGroup>
      ))}
    </Stack>
  );
}

/** The company fields a firm and each of its brokers have: established year, size and revenue. */
export function CompanyFigures({ prefix }: { prefix: '' | `brokers.${number}.` }) {
  return (
    <>
      <NumberField
        keepText
        name={`${prefix}establishedYear`}
        label="Established Year"
        min={1800}
        max={thisYear()}
      />
      <NumberField
        keepText
        name={`${prefix}numberOfEmployees`}
        label="Number of Employees"
        min={1}
      />
      <NumberField keepText name={`${prefix}revenue`} label="Revenue" min={0} step={0.01} />
    </>
  );
}

/** A section of numbered entries (`Broker 1`) with its add button and the text for none. */
function RepeatedSection({
  title,
  noun,
  addLabel,
  emptyText,
  ids,
  onAdd,
  onRemove,
  children,
}: {
  title: string;
  noun: string;
  addLabel: string;
  emptyText: string;
  ids: readonly string[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  children: (index: number) => ReactNode;
}) {
  return (
    <SectionCard
      title={title}
      size="md"
      actions={
        <Button size="sm" variant="outline" onClick={onAdd}>
          <LuPlus /> {addLabel}
        </Button>
      }
    >
      {ids.length === 0 && <Text color="fg.muted">{emptyText}</Text>}
      <Stack gap="4">
        {ids.map((id, index) => (
          <NumberedGroup key={id} noun={noun} index={index} onRemove={() => onRemove(index)}>
            {children(index)}
          </NumberedGroup>
        ))}
      </Stack>
    </SectionCard>
  );
}

export function Brokers() {
  const { control } = useFormContext<FirmFormValues>();
  const brokers = useFieldArray({ control, name: 'brokers' });
  return (
    <RepeatedSection
      title="Brokers"
      noun="Broker"
      addLabel="Add Broker"
      emptyText="No brokers yet."
      ids={brokers.fields.map((field) => field.id)}
      onAdd={() => brokers.append(brokerValues())}
      onRemove={(index) => brokers.remove(index)}
    >
      {(index) => (
        <>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <SelectField
              name={`brokers.${index}.name`}
              label="Broker Name"
              options={brokerNameSchema.options}
            />
            <TextField name={`brokers.${index}.industry`} label="Industry" />
            <TextField name={`brokers.${index}.email`} label="Email" type="email" />
            <TextField name={`brokers.${index}.website`} label="Website" type="url" />
            <TextField name={`brokers.${index}.contactNumber`} label="Contact Number" type="tel" />
            <TextField name={`brokers.${index}.address`} label="Address" />
            <CompanyFigures prefix={`brokers.${index}.`} />
          </SimpleGrid>
          <ManagementAccounts brokerIndex={index} />
        </>
      )}
    </RepeatedSection>
  );
}

export function ManagerSoftware() {
  const { control } = useFormContext<FirmFormValues>();
  const software = useFieldArray({ control, name: 'managerSoftware' });
  return (
    <RepeatedSection
      title={`Manager Software (${software.fields.length})`}
      noun="Software"
      addLabel="Add Software"
      emptyText="No manager software yet."
      ids={software.fields.map((field) => field.id)}
      onAdd={() => software.append(softwareValues())}
      onRemove={(index) => software.remove(index)}
    >
      {(index) => (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField name={`managerSoftware.${index}.name`} label="Software Name" />
          <TextField name={`managerSoftware.${index}.version`} label="Version" />
          <TextField name={`managerSoftware.${index}.username`} label="Username" />
          <PasswordField name={`managerSoftware.${index}.password`} label="Password" />
          <TextField name={`managerSoftware.${index}.serverUrl`} label="Server URL" type="url" />
        </SimpleGrid>
      )}
    </RepeatedSection>
  );
}

import { SimpleGrid } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { programStatusSchema, programTypeSchema } from '@shared/programs/program';
import { PROGRAM_TYPE_LABELS } from '@/lib/programs/program-labels';
import { SelectField, TextField, type SelectOption } from '@/components/ui/form';
import { useProgramFormContext, type FormMode, type ProgramFormValues } from './form-values';

const TYPE_OPTIONS = programTypeSchema.options.map((option) => ({
  value: option,
  label: PROGRAM_TYPE_LABELS[option],
}));

/** The Current Phase choices: the form's phase ids, and a stored current phase none of them is. */
function useCurrentPhaseOptions(): SelectOption[] {
  const { control } = useProgramFormContext();
  const phases = useWatch({ control, name: 'phases' }) ?? [];
  const currentPhase = useWatch({ control, name: 'currentPhase' });
  const phaseIds = phases.map((phase) => phase.phaseId).filter((id): id is string => !!id);
  const missingCurrent =
    typeof currentPhase === 'string' && currentPhase !== '' && !phaseIds.includes(currentPhase);
  return missingCurrent
    ? [...phaseIds, { value: currentPhase, label: `${currentPhase} (not a phase)` }]
    : phaseIds;
}

/** Spec 001 §2.4 Basic Program Information: the prefix is fixed once the program exists. */
export function BasicInformation({ mode }: { mode: FormMode }) {
  const phaseOptions = useCurrentPhaseOptions();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField<ProgramFormValues>
        name="prefix"
        label="Program Prefix"
        required
        mono
        uppercase
        readOnly={mode === 'edit'}
        setValueAs={(text) => text.toUpperCase()}
        helper="Upper-case letters, digits and hyphens: EVAL50K."
      />
      <TextField<ProgramFormValues> name="name" label="Program Name" required />
      <TextField<ProgramFormValues>
        name="description"
        label="Description"
        required
        rows={2}
        gridColumn={{ md: 'span 2' }}
      />
      <SelectField<ProgramFormValues>
        name="type"
        label="Program Type"
        required
        placeholder="Select a type"
        options={TYPE_OPTIONS}
      />
      <SelectField<ProgramFormValues>
        name="status"
        label="Program Status"
        required
        capitalize
        options={programStatusSchema.options}
      />
      <SelectField<ProgramFormValues>
        name="currentPhase"
        label="Current Phase"
        required
        placeholder="Select the current phase"
        options={phaseOptions}
      />
      <TextField<ProgramFormValues> name="createdBy" label="Created By" required />
      <TextField<ProgramFormValues> name="version" label="Version" readOnly setValueAs={Number} />
    </SimpleGrid>
  );
}

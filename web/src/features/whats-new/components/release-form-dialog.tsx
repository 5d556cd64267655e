import { Button, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import {
  whatsNewCategorySchema,
  whatsNewPrioritySchema,
  type AdminRelease,
} from '@shared/whats-new/release';
import {
  CheckboxField,
  FormDialog,
  RepeatedGroup,
  SelectField,
  TextField,
  setServerErrors,
} from '@/components/ui/form';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/form-schema';
import { useSaveRelease } from '@/api/whats-new';
import { CATEGORY_DISPLAY } from '../release-display';
import {
  newItemValues,
  releaseFormSchema,
  releaseFormValues,
  type ReleaseFormOutput,
  type ReleaseFormValues,
} from '../release-form-values';

const CATEGORY_OPTIONS = whatsNewCategorySchema.options.map((category) => ({
  value: category,
  label: CATEGORY_DISPLAY[category].label,
}));

/** The release's items, each with its title, description, category, priority, date and tags. */
function ReleaseItems() {
  const { control } = useFormContext<ReleaseFormValues>();
  const items = useFieldArray({ control, name: 'items' });
  return (
    <>
      <HStack justify="space-between" mt="2">
        <Heading as="h3" size="md">
          Items ({items.fields.length})
        </Heading>
        <Button size="sm" variant="outline" onClick={() => items.append(newItemValues())}>
          <LuPlus /> Add Item
        </Button>
      </HStack>
      {items.fields.map((item, index) => (
        <RepeatedGroup
          key={item.id}
          label={`Item ${index + 1}`}
          heading={
            <Heading as="h4" size="sm">
              Item {index + 1}
            </Heading>
          }
          removeLabel={`Remove item ${index + 1}`}
          onRemove={() => items.remove(index)}
        >
          <Stack gap="3">
            <TextField name={`items.${index}.title`} label="Item title" />
            <TextField name={`items.${index}.description`} label="Description" rows={2} />
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
              <SelectField
                name={`items.${index}.category`}
                label="Category"
                options={CATEGORY_OPTIONS}
              />
              <SelectField
                name={`items.${index}.priority`}
                label="Priority"
                options={whatsNewPrioritySchema.options}
              />
              <TextField name={`items.${index}.date`} label="Date" type="date" />
            </SimpleGrid>
            <TextField
              name={`items.${index}.tags`}
              label="Tags"
              placeholder="firms, security"
              helper="Separated by commas"
            />
          </Stack>
        </RepeatedGroup>
      ))}
    </>
  );
}

/**
 * Create New Release and Edit (spec 001 §2.16): the release and its items (category, priority, tags,
 * date). Validated with the API's body schema; a refused save shows the server's text and marks the
 * fields it named.
 */
export function ReleaseFormDialog({
  release,
  onClose,
}: {
  /** The release to edit; none to create one. */
  release?: AdminRelease;
  onClose: () => void;
}) {
  const save = useSaveRelease();
  const form = useSchemaForm<ReleaseFormValues, ReleaseFormOutput>(releaseFormSchema, {
    defaultValues: releaseFormValues(release),
  });
  const editing = release !== undefined;
  const headline = editing ? 'Failed to update release' : 'Failed to create release';

  const submit = (body: ReleaseFormOutput) => {
    save.mutate(
      { ...(release && { id: release.id }), release: body },
      {
        onSuccess: () => {
          toaster.create({
            type: 'success',
            title: editing ? 'Release updated' : 'Release created',
            description: `Version ${body.version}`,
          });
          onClose();
        },
        onError: (error) => setServerErrors(form.setError, error),
      },
    );
  };

  return (
    <FormDialog
      title={editing ? `Edit Release ${release.version}` : 'Create New Release'}
      confirmLabel={editing ? 'Save Release' : 'Create Release'}
      size="xl"
      isPending={save.isPending}
      // A new call clears the last one's error.
      failure={save.error ? `${headline}: ${errorText(save.error)}` : undefined}
      form={form}
      onValid={submit}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="version" label="Version" placeholder="1.4.0" />
        <TextField name="releaseDate" label="Release date" type="date" />
      </SimpleGrid>
      <TextField name="title" label="Title" />
      <TextField name="summary" label="Summary" rows={2} />
      <CheckboxField name="isActive" label="Active" />
      <ReleaseItems />
    </FormDialog>
  );
}

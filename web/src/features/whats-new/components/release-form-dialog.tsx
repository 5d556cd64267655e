import {
  Alert,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import {
  whatsNewCategorySchema,
  whatsNewPrioritySchema,
  type AdminRelease,
} from '@shared/whats-new/release';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { errorAt, schemaResolver } from '@/lib/form-schema';
import { useSaveRelease } from '@/api/whats-new';
import { CATEGORY_DISPLAY } from '../release-display';
import {
  newItemValues,
  releaseFormSchema,
  releaseFormValues,
  type ReleaseFormOutput,
  type ReleaseFormValues,
} from '../release-form-values';

function serverMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Failed to save release';
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
  const [failure, setFailure] = useState<string>();
  const form = useForm<ReleaseFormValues, unknown, ReleaseFormOutput>({
    resolver: schemaResolver<ReleaseFormValues, ReleaseFormOutput>(releaseFormSchema),
    defaultValues: releaseFormValues(release),
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const errors = form.formState.errors;
  const editing = release !== undefined;

  const submit = form.handleSubmit((body) => {
    setFailure(undefined);
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
        onError: (error) => {
          const details = error instanceof ApiError ? (error.details ?? []) : [];
          for (const detail of details) {
            form.setError(detail.field as FieldPath<ReleaseFormValues>, {
              message: detail.message,
            });
          }
          setFailure(
            `${editing ? 'Failed to update release' : 'Failed to create release'}: ${serverMessage(error)}`,
          );
        },
      },
    );
  });

  const field = (path: string) => ({
    invalid: errorAt(errors, path) !== undefined,
    error: errorAt(errors, path),
  });

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open && !save.isPending) onClose();
      }}
      size="xl"
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {editing ? `Edit Release ${release.version}` : 'Create New Release'}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id="release-form" noValidate onSubmit={(event) => void submit(event)}>
                <Stack gap="4">
                  {failure && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{failure}</Alert.Title>
                    </Alert.Root>
                  )}
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <Field.Root required invalid={field('version').invalid}>
                      <Field.Label>
                        Version <Field.RequiredIndicator />
                      </Field.Label>
                      <Input placeholder="1.4.0" {...form.register('version')} />
                      <Field.ErrorText>{field('version').error}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root required invalid={field('releaseDate').invalid}>
                      <Field.Label>
                        Release date <Field.RequiredIndicator />
                      </Field.Label>
                      <Input type="date" {...form.register('releaseDate')} />
                      <Field.ErrorText>{field('releaseDate').error}</Field.ErrorText>
                    </Field.Root>
                  </SimpleGrid>
                  <Field.Root required invalid={field('title').invalid}>
                    <Field.Label>
                      Title <Field.RequiredIndicator />
                    </Field.Label>
                    <Input {...form.register('title')} />
                    <Field.ErrorText>{field('title').error}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={field('summary').invalid}>
                    <Field.Label>Summary</Field.Label>
                    <Textarea rows={2} {...form.register('summary')} />
                    <Field.ErrorText>{field('summary').error}</Field.ErrorText>
                  </Field.Root>
                  <Controller
                    control={form.control}
                    name="isActive"
                    render={({ field: active }) => (
                      <Checkbox.Root
                        checked={active.value}
                        onCheckedChange={(details) => active.onChange(details.checked === true)}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>Active</Checkbox.Label>
                      </Checkbox.Root>
                    )}
                  />

                  <HStack justify="space-between" mt="2">
                    <Heading as="h3" size="md">
                      Items ({items.fields.length})
                    </Heading>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => items.append(newItemValues())}
                    >
                      <LuPlus /> Add Item
                    </Button>
                  </HStack>
                  {items.fields.map((item, index) => (
                    <Box
                      key={item.id}
                      borderWidth="1px"
                      rounded="md"
                      p="4"
                      role="group"
                      aria-label={`Item ${index + 1}`}
                    >
                      <Stack gap="3">
                        <HStack justify="space-between">
                          <Heading as="h4" size="sm">
                            Item {index + 1}
                          </Heading>
                          <IconButton
                            aria-label={`Remove item ${index + 1}`}
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            onClick={() => items.remove(index)}
                          >
                            <LuTrash2 />
                          </IconButton>
                        </HStack>
                        <Field.Root required invalid={field(`items.${index}.title`).invalid}>
                          <Field.Label>Item title</Field.Label>
                          <Input {...form.register(`items.${index}.title`)} />
                          <Field.ErrorText>{field(`items.${index}.title`).error}</Field.ErrorText>
                        </Field.Root>
                        <Field.Root invalid={field(`items.${index}.description`).invalid}>
                          <Field.Label>Description</Field.Label>
                          <Textarea rows={2} {...form.register(`items.${index}.description`)} />
                          <Field.ErrorText>
                            {field(`items.${index}.description`).error}
                          </Field.ErrorText>
                        </Field.Root>
                        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                          <Field.Root invalid={field(`items.${index}.category`).invalid}>
                            <Field.Label>Category</Field.Label>
                            <NativeSelect.Root>
                              <NativeSelect.Field {...form.register(`items.${index}.category`)}>
                                {whatsNewCategorySchema.options.map((category) => (
                                  <option key={category} value={category}>
                                    {CATEGORY_DISPLAY[category].label}
                                  </option>
                                ))}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                            <Field.ErrorText>
                              {field(`items.${index}.category`).error}
                            </Field.ErrorText>
                          </Field.Root>
                          <Field.Root invalid={field(`items.${index}.priority`).invalid}>
                            <Field.Label>Priority</Field.Label>
                            <NativeSelect.Root>
                              <NativeSelect.Field {...form.register(`items.${index}.priority`)}>
                                {whatsNewPrioritySchema.options.map((priority) => (
                                  <option key={priority} value={priority}>
                                    {priority}
                                  </option>
                                ))}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                            <Field.ErrorText>
                              {field(`items.${index}.priority`).error}
                            </Field.ErrorText>
                          </Field.Root>
                          <Field.Root required invalid={field(`items.${index}.date`).invalid}>
                            <Field.Label>Date</Field.Label>
                            <Input type="date" {...form.register(`items.${index}.date`)} />
                            <Field.ErrorText>{field(`items.${index}.date`).error}</Field.ErrorText>
                          </Field.Root>
                        </SimpleGrid>
                        <Field.Root invalid={field(`items.${index}.tags`).invalid}>
                          <Field.Label>Tags</Field.Label>
                          <Input
                            placeholder="firms, security"
                            {...form.register(`items.${index}.tags`)}
                          />
                          <Field.HelperText>Separated by commas</Field.HelperText>
                          <Field.ErrorText>{field(`items.${index}.tags`).error}</Field.ErrorText>
                        </Field.Root>
                      </Stack>
                    </Box>
                  ))}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={save.isPending}>
                Cancel
              </Button>
              <Button
                type="submit"
                form="release-form"
                colorPalette="blue"
                loading={save.isPending}
              >
                {editing ? 'Save Release' : 'Create Release'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={save.isPending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

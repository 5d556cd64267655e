import type { ReactNode, Ref } from 'react';
import {
  FormProvider,
  type FieldErrors,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod';
import { FormKitContext } from './form-context';

export interface FormProps<Values extends FieldValues, Output> {
  /** The form; one made by `useSchemaForm` brings its schema for the required marks. */
  form: UseFormReturn<Values, unknown, Output> & { schema?: z.ZodType };
  /** The schema the form validates with, for the required marks (the resolver may wrap it). */
  schema?: z.ZodType;
  /** The form's call is running: its fields are disabled until it answers. */
  disabled?: boolean;
  onValid: SubmitHandler<Output>;
  onInvalid?: (errors: FieldErrors<Values>) => void;
  /** See FormKitSettings: messages the form says once in its own alert. */
  showsUnderField?: (message: string) => boolean;
  id?: string;
  ref?: Ref<HTMLFormElement>;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
}

const always = () => true;

/**
 * A form of the kit: react-hook-form's context for its fields, the schema for their required marks,
 * and the browser's own validation off (the schema's messages are the spec's).
 */
export function Form<Values extends FieldValues, Output>({
  form,
  schema = form.schema,
  disabled = false,
  onValid,
  onInvalid,
  showsUnderField = always,
  id,
  ref,
  children,
  ...aria
}: FormProps<Values, Output>) {
  const submit = form.handleSubmit(onValid, onInvalid);
  return (
    <FormProvider {...form}>
      <FormKitContext.Provider value={{ schema, showsUnderField, disabled }}>
        <form id={id} ref={ref} noValidate onSubmit={(event) => void submit(event)} {...aria}>
          {children}
        </form>
      </FormKitContext.Provider>
    </FormProvider>
  );
}

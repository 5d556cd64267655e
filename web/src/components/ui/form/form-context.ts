import { createContext, useContext } from 'react';
import type * as z from 'zod';
import { isRequiredBy } from './required';

export interface FormKitSettings {
  /** The schema the form validates with: fields it requires are marked required. */
  schema?: z.ZodType;
  /**
   * Whether a field shows `message` under itself; a form that says some messages once in its own
   * alert (the sign-in forms, a blank comment) returns false for those.
   */
  showsUnderField: (message: string) => boolean;
  /** The form's call is running: every field of it is disabled until it answers. */
  disabled?: boolean;
}

export const FormKitContext = createContext<FormKitSettings>({ showsUnderField: () => true });

/** Whether the field at `name` is marked required: as `explicit` says, else as the schema says. */
export function useRequired(name: string, explicit: boolean | undefined): boolean {
  const { schema } = useContext(FormKitContext);
  if (explicit !== undefined) return explicit;
  return schema === undefined ? false : isRequiredBy(schema, name);
}

/** Whether a field is disabled: when it says so, or while its form's call runs. */
export function useDisabled(explicit: boolean | undefined): boolean {
  const { disabled } = useContext(FormKitContext);
  return explicit === true || disabled === true;
}

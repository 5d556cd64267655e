import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod';

/**
 * The zod resolver of a form whose inputs hold `Values` (strings, blanks) that `schema` parses into
 * the `Output` the form submits.
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, FieldValues>,
): Resolver<Values, unknown, Output> {
  return zodResolver(schema) as unknown as Resolver<Values, unknown, Output>;
}

/** A form with the schema it validates with, which the form kit also reads for its required marks. */
export type SchemaForm<Values extends FieldValues, Output> = UseFormReturn<
  Values,
  unknown,
  Output
> & {
  schema: z.ZodType;
};

/**
 * A react-hook-form form validated by `schema` (its messages are the spec's), carrying the schema so
 * the kit's `Form` and `FormDialog` mark the fields it requires: one schema, named once.
 */
export function useSchemaForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, FieldValues>,
  options: Omit<UseFormProps<Values, unknown, Output>, 'resolver'> = {},
): SchemaForm<Values, Output> {
  const form = useForm<Values, unknown, Output>({
    ...options,
    resolver: schemaResolver<Values, Output>(schema),
  });
  return { ...form, schema };
}

/** The message of a nested field's error (`brokers.0.email`), if any. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Every message of a failed validation in form order, once each, for a form's summary alert. A field
 * named `type` (a program's type, a phase's type) is an error object like any other: only the
 * error's own `type` string and its `ref` element are metadata.
 */
export function collectErrorMessages(
  errors: unknown,
  skip: (path: readonly string[]) => boolean = () => false,
): string[] {
  const messages: string[] = [];
  const visit = (node: unknown, path: string[]) => {
    if (node === null || typeof node !== 'object' || skip(path)) return;
    const entry = node as { message?: unknown };
    if (typeof entry.message === 'string' && entry.message !== '' && 'type' in entry) {
      if (!messages.includes(entry.message)) messages.push(entry.message);
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'types' || typeof child !== 'object') continue;
      visit(child, [...path, key]);
    }
  };
  visit(errors, []);
  return messages;
}

/**
 * A ref for a form's summary alert that scrolls it into view each time `shown` changes to a new
 * truthy value: a refused submit clicked at the bottom of a long form shows why at the top.
 */
export function useScrollIntoView<Element extends HTMLElement>(shown: unknown) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [shown]);
  return ref;
}

import type * as z from 'zod';

/*
 * Reads zod's own definitions (`_zod.def`) rather than its classes: the kit is part of screens whose
 * first load leaves zod out (the sign-in page loads its schema later), so only types come from zod.
 */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers that do not change which value a field holds. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

/** The object or array under `schema`'s wrappers, where the next path key is looked up. */
function container(schema: z.ZodType): z.ZodType {
  let node = schema;
  for (;;) {
    const def = defOf(node);
    if (WRAPPERS.has(def.type) || def.type === 'nonoptional') node = def.innerType!;
    else if (def.type === 'lazy') node = def.getter!();
    // A preprocess is a pipe from a transform: the shape is on its output side.
    else if (def.type === 'pipe') node = defOf(def.in!).type === 'transform' ? def.out! : def.in!;
    else return node;
  }
}

/** The schema of the value at a form path (`brokers.0.email`), if the schema says. */
export function schemaAt(schema: z.ZodType, path: string): z.ZodType | undefined {
  let node: z.ZodType | undefined = schema;
  for (const key of path.split('.')) {
    if (node === undefined) return undefined;
    const def = defOf(container(node));
    if (def.type === 'object') node = def.shape?.[key];
    else if (def.type === 'array' && /^\d+$/.test(key)) node = def.element;
    else return undefined;
  }
  return node;
}

/**
 * Whether the field at `path` must be filled: its schema refuses both an untouched field
 * (`undefined`) and a cleared one (`''`). A rule the schema checks across fields (one of two
 * required) is not seen here: such a form says `required` on the field itself.
 */
export function isRequiredBy(schema: z.ZodType, path: string): boolean {
  const field = schemaAt(schema, path);
  if (field === undefined) return false;
  return !field.safeParse(undefined).success && !field.safeParse('').success;
}

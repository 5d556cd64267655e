import * as z from 'zod';
import { INPUT_LIMITS } from '../common/fields';
import { optionalTextOf, optionalUrlOf } from './broker';

/** API keys of a manager software: names to secret values, bounded like any body map. */
const apiKeysSchema = z
  .record(
    z.string().max(INPUT_LIMITS.name, {
      error: `API key names must be at most ${INPUT_LIMITS.name} characters`,
    }),
    z.string({ error: 'API keys must be text' }).max(INPUT_LIMITS.token, {
      error: `API keys must be at most ${INPUT_LIMITS.token} characters`,
    }),
    { error: 'API keys must be an object' },
  )
  .refine((keys) => Object.keys(keys).length <= INPUT_LIMITS.arrayItems, {
    error: `API keys must hold at most ${INPUT_LIMITS.arrayItems} entries`,
  });

/** Spec 001 §3 "Manager software" of a firm; the detail page masks the password. */
export const managerSoftwareSchema = z.strictObject({
  id: optionalTextOf('Software id', INPUT_LIMITS.id),
  name: optionalTextOf('Software name', INPUT_LIMITS.name),
  version: optionalTextOf('Software version', INPUT_LIMITS.name),
  username: optionalTextOf('Username', INPUT_LIMITS.name),
  // Kept for staff, masked on screen, never in list answers or logs (decision 31).
  password: optionalTextOf('Password', INPUT_LIMITS.password),
  serverUrl: optionalUrlOf('Server URL'),
  apiKeys: apiKeysSchema.default({}),
});
export type ManagerSoftware = z.infer<typeof managerSoftwareSchema>;

/** `managerSoftware` may be one entry or a list (spec 001 §2.21); it is always read as a list. */
export const managerSoftwareListSchema = z
  .union([
    z.array(managerSoftwareSchema).max(INPUT_LIMITS.arrayItems, {
      error: `A firm holds at most ${INPUT_LIMITS.arrayItems} manager software entries`,
    }),
    managerSoftwareSchema,
  ])
  .transform((software) => (Array.isArray(software) ? software : [software]));
export type ManagerSoftwareList = z.infer<typeof managerSoftwareListSchema>;

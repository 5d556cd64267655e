import { z } from 'zod';
import { optionalTextSchema, optionalUrlSchema } from './broker';

/** Spec 001 §3 "Manager software" of a firm; the detail page masks the password. */
export const managerSoftwareSchema = z.object({
  id: optionalTextSchema,
  name: optionalTextSchema,
  version: optionalTextSchema,
  username: optionalTextSchema,
  password: optionalTextSchema,
  serverUrl: optionalUrlSchema,
  apiKeys: z.record(z.string(), z.string()).default({}),
});
export type ManagerSoftware = z.infer<typeof managerSoftwareSchema>;

/** `managerSoftware` may be one entry or a list (spec 001 §2.21); it is always read as a list. */
export const managerSoftwareListSchema = z
  .union([z.array(managerSoftwareSchema), managerSoftwareSchema])
  .transform((software) => (Array.isArray(software) ? software : [software]));
export type ManagerSoftwareList = z.infer<typeof managerSoftwareListSchema>;

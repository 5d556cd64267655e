import * as z from 'zod';

/**
 * The environment a function runs with. The CDK api stack and the local stack set the same names, so the
 * handler code is identical in AWS and locally. Read lazily: tests set the variables after import.
 */
const envSchema = z.object({
  TABLE_NAME: z.string().min(1),
  FILES_BUCKET: z.string().min(1).optional(),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
});
export type FunctionEnv = z.infer<typeof envSchema>;

export function functionEnv(): FunctionEnv {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Function environment is incomplete: ${names}`);
  }
  return parsed.data;
}

/** A variable the caller cannot work without. */
export function requiredEnv(name: keyof FunctionEnv): string {
  const value = functionEnv()[name];
  if (!value) throw new Error(`Function environment is missing ${name}`);
  return value;
}

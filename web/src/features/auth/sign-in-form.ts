import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';

const FIELDS_REQUIRED = 'Please enter both email and password';

/** The sign-in page's own wording of the login rule (spec 000 §5): trimmed, both required. */
export const signInFormSchema = z.object({
  email: z.string().trim().min(1, { error: FIELDS_REQUIRED }),
  password: z.string().trim().min(1, { error: FIELDS_REQUIRED }),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const signInResolver = zodResolver(signInFormSchema);

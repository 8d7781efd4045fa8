import { z } from 'zod';

/**
 * Every 4xx/5xx body the API sends. `code` is machine-readable and stable; the client translates it
 * (key `errors.<code>`), `message` is the server's own translation for clients without our i18n.
 */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level problems, e.g. [{ path: 'password', code: 'password_weak' }]. */
    fields: z.array(z.object({ path: z.string(), code: z.string(), message: z.string().optional() })).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** Error codes the server emits; each has an `errors.<code>` translation in en, es and it. */
export const errorCodes = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'internal',
  'email_taken',
  'invalid_credentials',
  'account_not_found',
  'email_not_verified',
  'invalid_link',
  'recovery_too_soon',
  'no_searches_left',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

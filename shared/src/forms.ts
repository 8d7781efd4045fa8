import type { z } from 'zod';
import i18next from 'i18next';
import { ApiError } from './api/errors';

/**
 * Field errors of a value against a shared contract, as i18n codes (`errors.<code>`): the browser checks
 * with the very schema the server enforces.
 */
export function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!errors[path]) errors[path] = /^[a-z_]+$/.test(issue.message) ? issue.message : 'validation_failed';
  }
  return errors;
}

/** Field errors reported by the server in a 400, as i18n codes. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map((f) => [f.path, f.code]));
}

/** The i18n key (namespace common) for any thrown error: the API error's code when we have a text for it, else the general failure. */
export function errorKey(error: unknown): string {
  if (error instanceof ApiError && i18next.exists(`common:${error.i18nKey}`)) return error.i18nKey;
  return 'errors.internal';
}

import type { z } from 'zod';
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

/** The i18n key for any thrown error (API errors by code; anything else is the general failure). */
export function errorKey(error: unknown): string {
  return error instanceof ApiError ? error.i18nKey : 'errors.internal';
}

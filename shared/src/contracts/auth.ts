import { z } from 'zod';
import { User } from './user';

/** Password rule of the spec: at least 6 characters with a capital letter, a digit and a special character. */
export const passwordRules = {
  minLength: 6,
  capital: /[A-Z]/,
  digit: /[0-9]/,
  special: /[^A-Za-z0-9]/,
};

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= passwordRules.minLength &&
    passwordRules.capital.test(value) &&
    passwordRules.digit.test(value) &&
    passwordRules.special.test(value)
  );
}

// HTML-spec-like email check: strict enough to catch typos, loose enough for real addresses.
const emailPattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const Email = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'email_invalid' })
  .regex(emailPattern, { error: 'email_invalid' })
  .transform((v) => v.toLowerCase());

export const Password = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(128, { error: 'too_long' })
  .refine(isStrongPassword, { error: 'password_weak' });

export const SignUpRequest = z.object({
  email: Email,
  password: Password,
  nickname: z.string().trim().max(60, { error: 'too_long' }).optional(),
  language: z.enum(['en-US', 'es-ES', 'it-IT']).optional(),
});
export type SignUpRequest = z.input<typeof SignUpRequest>;

export const SignInRequest = z.object({
  email: Email,
  // Sign-in does not re-check strength: old passwords stay valid; only length is bounded.
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(128, { error: 'too_long' }),
});
export type SignInRequest = z.input<typeof SignInRequest>;

export const AuthResponse = z.object({ jwt: z.string(), user: User });
export type AuthResponse = z.infer<typeof AuthResponse>;

export const EmailExistsResponse = z.object({ exists: z.boolean() });
export type EmailExistsResponse = z.infer<typeof EmailExistsResponse>;

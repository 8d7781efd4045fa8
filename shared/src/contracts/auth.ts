import { z } from 'zod';
import { safeText } from './text';
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
  nickname: safeText(60).optional(),
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

/**
 * Actions that need a verified email address. The server guards each with the `email_not_verified`
 * 403 (server/src/auth/verification.ts); frontends may use the same names to explain a disabled button.
 * The demo account is pre-verified; wallet-only accounts have no email and so cannot do these.
 */
export const verifiedEmailActions = {
  /** Sharing vault files with another person by email or link. */
  shareVaultFiles: 'vault.share',
  /** Running a clinical-trial search (spends a plan credit). */
  searchTrials: 'trials.search',
} as const;
export type VerifiedEmailAction = (typeof verifiedEmailActions)[keyof typeof verifiedEmailActions];

/** Verification and reset links carry 32 random bytes, base64url (43 characters). */
export const LinkToken = z
  .string({ error: 'invalid_link' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'invalid_link' });

export const VerifyEmailRequest = z.object({ token: LinkToken });
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequest>;
export const VerifyEmailResponse = z.object({ email: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponse>;

/** Resend the verification mail (the signed-out "verification pending" page knows only the address). */
export const ResendVerificationRequest = z.object({ email: Email });
export type ResendVerificationRequest = z.input<typeof ResendVerificationRequest>;

export const RecoveryRequest = z.object({ email: Email });
export type RecoveryRequest = z.input<typeof RecoveryRequest>;

export const ResetPasswordRequest = z.object({ token: LinkToken, password: Password });

/** POST /auth/signin-code: the one-time code an external sign-in (Google) ends with, for the session. */
export const SigninCodeRequest = z.object({ code: LinkToken });
export type SigninCodeRequest = z.input<typeof SigninCodeRequest>;
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** Seconds a user must wait between two recovery (or verification) mails. */
export const MAIL_COOLDOWN_SECONDS = 60;

/** Sign-In with Ethereum (EIP-4361): the server issues a single-use nonce, the wallet signs a message. */
export const WalletNonceResponse = z.object({ nonce: z.string(), domain: z.string(), uri: z.string(), expiresAt: z.string() });
export type WalletNonceResponse = z.infer<typeof WalletNonceResponse>;

export const WalletSignInRequest = z.object({
  message: z.string({ error: 'required' }).min(1, { error: 'required' }).max(2000, { error: 'too_long' }),
  signature: z.string({ error: 'required' }).regex(/^0x[0-9a-fA-F]{130}$/, { error: 'wallet_signature_invalid' }),
});
export type WalletSignInRequest = z.input<typeof WalletSignInRequest>;

/** GET /auth/sessions: the user's open sessions (the one asking is `current`). */
export const SessionSummary = z.object({ id: z.string(), userAgent: z.string().nullable(), createdAt: z.string(), lastSeenAt: z.string(), current: z.boolean() });
export type SessionSummary = z.infer<typeof SessionSummary>;
export const SessionsResponse = z.object({ sessions: z.array(SessionSummary) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;
export const SessionParams = z.object({ id: z.uuid({ error: 'not_found' }) });
/** POST /auth/signout-all: `keepCurrent` ends every other session ("sign out everywhere else"). */
export const SignOutAllRequest = z.object({ keepCurrent: z.boolean().default(false) });

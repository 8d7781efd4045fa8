import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthResponse, RecoveryRequest, ResetPasswordRequest, SignInRequest, SignUpRequest, VerifyEmailResponse, WalletSignInRequest } from '@oncodesk/shared/contracts';
import { notFound } from '../http/errors';
import type { AuthService } from '../auth/service';
import type { WalletSignIn } from '../auth/wallet';
import { authRateLimiter, type AuthRateLimits } from '../auth/rateLimit';
import { EmailQuery, TokenQuery } from './contracts';

export interface AccountCallsOptions {
  auth: AuthService;
  /** Null when wallet sign-in is switched off (as for the REST route). */
  wallet: WalletSignIn | null;
  limits: AuthRateLimits;
}

const tags = ['compatibility'];
const noContent = { 204: z.null().describe('No content') };
const doc = (summary: string, rest: string) => ({ tags, summary, description: `The spec's call; the same as \`${rest}\` (same service, rules, errors and rate limits).` });

/**
 * The spec's account calls, each the REST auth route under the spec's name: the same contract, the same
 * service call, and the same rate-limit guards by group name — which count on the REST route's own
 * counters (auth/rateLimit.ts shares counters of one name), so alternating the two gives no extra tries.
 */
export const accountCalls: FastifyPluginAsyncZod<AccountCallsOptions> = async (app, { auth, wallet, limits }) => {
  const limit = await authRateLimiter(app, limits);
  const bodyEmail = (request: { body: unknown }) => (request.body as { email?: unknown } | null)?.email;
  const queryEmail = (request: { query: unknown }) => (request.query as { email?: unknown } | null)?.email;
  const meta = (request: { headers: { 'user-agent'?: string } }) => ({ userAgent: request.headers['user-agent'] });

  app.post(
    '/auth/email',
    {
      onRequest: limit.perIp('signin'),
      preHandler: limit.perAccount('signin', bodyEmail),
      schema: { ...doc('Sign in with email and password', 'POST /api/auth/signin'), body: SignInRequest, response: { 200: AuthResponse } },
    },
    async (request) => auth.signIn(request.body, meta(request)),
  );

  app.post(
    '/signup',
    { onRequest: limit.perIp('signup'), schema: { ...doc('Create an account (a verification mail is sent)', 'POST /api/auth/signup'), body: SignUpRequest, response: { 201: AuthResponse } } },
    async (request, reply) => reply.status(201).send(await auth.signUp(request.body, meta(request))),
  );

  app.get(
    '/signup/send-email',
    {
      onRequest: limit.perIp('resend'),
      preHandler: limit.perAccount('resend', queryEmail),
      schema: { ...doc('Send the verification mail again (at most once a minute)', 'POST /api/auth/verify-email/resend'), querystring: EmailQuery, response: noContent },
    },
    async (request, reply) => {
      await auth.resendVerification(request.query.email);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/verify-registration-token',
    { onRequest: limit.perIp('verify'), schema: { ...doc("Verify the account's email with the mailed token (single use)", 'POST /api/auth/verify-email'), querystring: TokenQuery, response: { 200: VerifyEmailResponse } } },
    async (request) => auth.verifyEmail(request.query.token),
  );

  app.post(
    '/user/recover/password',
    {
      onRequest: limit.perIp('recover'),
      preHandler: limit.perAccount('recover', bodyEmail),
      schema: { ...doc('Mail a password reset link (at most once a minute)', 'POST /api/auth/recover'), body: RecoveryRequest, response: noContent },
    },
    async (request, reply) => {
      await auth.requestRecovery(request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/reset/password',
    { onRequest: limit.perIp('reset'), schema: { ...doc('Set a new password with the mailed token (ends every session)', 'POST /api/auth/reset-password'), body: ResetPasswordRequest, response: noContent } },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/link',
    {
      onRequest: limit.perIp('wallet-signin'),
      schema: {
        ...doc('Sign in with a crypto wallet (EIP-4361), linking the address to its account — created on first use; the nonce comes from GET /api/auth/wallet/nonce', 'POST /api/auth/wallet/signin'),
        body: WalletSignInRequest,
        response: { 200: AuthResponse },
      },
    },
    async (request) => {
      if (!wallet) throw notFound();
      return auth.respond(await wallet.verify(request.body.message, request.body.signature), meta(request));
    },
  );
};

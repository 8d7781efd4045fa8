import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthResponse,
  Email,
  EmailExistsResponse,
  RecoveryRequest,
  ResendVerificationRequest,
  ResetPasswordRequest,
  SignInRequest,
  SigninCodeRequest,
  SignUpRequest,
  VerifyEmailRequest,
  VerifyEmailResponse,
  WalletNonceResponse,
  WalletSignInRequest,
} from '@oncodesk/shared/contracts';
import { AppError, notFound } from '../http/errors';
import type { AuthService } from './service';
import type { WalletSignIn } from './wallet';
import { FLOW_COOKIE, readCookie, type GoogleSignIn } from './google';
import { authRateLimiter, type AuthRateLimits } from './rateLimit';
import type { SigninCodes } from './signinCodes';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Null when wallet sign-in is switched off. */
  wallet: WalletSignIn | null;
  /** Null when Google is not configured. */
  google: GoogleSignIn | null;
  limits: AuthRateLimits;
  publicUrl: string;
  /** One-time codes that finish an external sign-in (auth/signinCodes.ts). */
  signinCodes: SigninCodes;
}

const noContent = { 204: z.null().describe('No content') };

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, wallet, google, limits, publicUrl, signinCodes }) => {
  const limit = await authRateLimiter(app, limits);
  const bodyEmail = (request: { body: unknown }) => (request.body as { email?: unknown } | null)?.email;

  app.post(
    '/auth/signup',
    { onRequest: limit.perIp('signup'), schema: { tags: ['auth'], body: SignUpRequest, response: { 201: AuthResponse } } },
    async (request, reply) => reply.status(201).send(await auth.signUp(request.body, { userAgent: request.headers['user-agent'] })),
  );

  app.post(
    '/auth/signin',
    {
      // the address's window is counted with the account's failures, in one statement
      onRequest: limit.perIp('signin', { withSignIn: true }),
      // delays that grow with consecutive failures, not a lock-out (auth/throttle.ts)
      preHandler: limit.signIn(bodyEmail),
      schema: { tags: ['auth'], body: SignInRequest, response: { 200: AuthResponse } },
    },
    async (request) => auth.signIn(request.body, { userAgent: request.headers['user-agent'] }),
  );

  app.get(
    '/email/exists/:email',
    {
      onRequest: limit.perIp('exists'),
      preHandler: limit.perAccount('exists', (request) => (request.params as { email?: unknown }).email),
      schema: { tags: ['auth'], params: z.object({ email: Email }), response: { 200: EmailExistsResponse } },
    },
    async (request) => ({ exists: await auth.emailExists(request.params.email) }),
  );

  app.post(
    '/auth/verify-email',
    { onRequest: limit.perIp('verify'), schema: { tags: ['auth'], body: VerifyEmailRequest, response: { 200: VerifyEmailResponse } } },
    async (request) => auth.verifyEmail(request.body.token),
  );

  app.post(
    '/auth/verify-email/resend',
    {
      onRequest: limit.perIp('resend'),
      preHandler: limit.perAccount('resend', bodyEmail),
      schema: { tags: ['auth'], body: ResendVerificationRequest, response: noContent },
    },
    async (request, reply) => {
      await auth.resendVerification(request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/recover',
    {
      onRequest: limit.perIp('recover'),
      preHandler: limit.perAccount('recover', bodyEmail),
      schema: { tags: ['auth'], body: RecoveryRequest, response: noContent },
    },
    async (request, reply) => {
      await auth.requestRecovery(request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/reset-password',
    { onRequest: limit.perIp('reset'), schema: { tags: ['auth'], body: ResetPasswordRequest, response: noContent } },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/wallet/nonce',
    { onRequest: limit.perIp('wallet-nonce'), schema: { tags: ['auth'], response: { 200: WalletNonceResponse } } },
    async () => {
      if (!wallet) throw notFound();
      return { ...(await wallet.issueNonce()), domain: wallet.domain, uri: wallet.uri };
    },
  );

  app.post(
    '/auth/wallet/signin',
    { onRequest: limit.perIp('wallet-signin'), schema: { tags: ['auth'], body: WalletSignInRequest, response: { 200: AuthResponse } } },
    async (request) => {
      if (!wallet) throw notFound();
      return auth.respond(await wallet.verify(request.body.message, request.body.signature), { userAgent: request.headers['user-agent'] });
    },
  );

  const secure = publicUrl.startsWith('https:');

  app.get('/auth/google/start', { onRequest: limit.perIp('google'), schema: { tags: ['auth'], hide: false } }, async (request, reply) => {
    if (!google) throw notFound();
    try {
      const { url, cookie } = await google.start();
      return reply.header('set-cookie', google.cookie(cookie, secure)).redirect(url, 302);
    } catch (error) {
      request.log.error({ err: error }, 'google sign-in could not start');
      return reply.redirect('/auth?error=google_failed', 302);
    }
  });

  // Always answers with a redirect to the /auth page, which exchanges the one-time code for the session
  // (POST /auth/signin-code) or shows the error. The code rides in the fragment: the browser sends it to
  // no server and no Referer; the session token never appears in a URL.
  app.get('/auth/google/callback', { onRequest: limit.perIp('google'), schema: { tags: ['auth'] } }, async (request, reply) => {
    if (!google) throw notFound();
    void reply.header('set-cookie', google.clearCookie(secure)).header('referrer-policy', 'no-referrer');
    try {
      const userId = await google.finish(new URL(request.url, publicUrl), readCookie(request.headers.cookie, FLOW_COOKIE));
      return reply.redirect(`/auth#code=${await signinCodes.issue(userId)}`, 302);
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'google_failed';
      if (!(error instanceof AppError)) request.log.error({ err: error }, 'google sign-in failed');
      return reply.redirect(`/auth?error=${encodeURIComponent(String(code))}`, 302);
    }
  });

  app.post(
    '/auth/signin-code',
    { onRequest: limit.perIp('signin-code'), schema: { tags: ['auth'], body: SigninCodeRequest, response: { 200: AuthResponse } } },
    async (request) => {
      const userId = await signinCodes.consume(request.body.code);
      if (!userId) throw new AppError(401, 'invalid_link');
      return auth.respond(userId, { userAgent: request.headers['user-agent'] });
    },
  );
};

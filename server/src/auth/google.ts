import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';
import type { UsersStorage } from '../users/storage';

export interface GoogleConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

/** What the browser carries between /start and /callback: encrypted, so the PKCE verifier stays private. */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
}

export const FLOW_COOKIE = 'od_google_flow';
const FLOW_SECONDS = 600;

/**
 * Google sign-in over OpenID Connect (openid-client v6): authorization code flow with PKCE (S256),
 * state and nonce. The flow's secrets travel in an encrypted, HttpOnly cookie keyed from the session
 * secret, so any server instance can finish a flow another started. Accounts link by verified email.
 */
export function googleSignIn(deps: { config: GoogleConfig; publicUrl: string; secret: Uint8Array; db: Kysely<Database>; users: UsersStorage; log: FastifyBaseLogger }) {
  const { config, publicUrl, db, users, log } = deps;
  const redirectUri = `${publicUrl}/api/auth/google/callback`;
  const key = new Uint8Array(crypto.hkdfSync('sha256', deps.secret, 'oncodesk', 'google-oidc-flow/v1', 32));
  let discovered: Promise<oidc.Configuration> | null = null;

  /** Discovery once, retried on the next request if it failed (the provider may be briefly down). */
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(config.issuerUrl),
        config.clientId,
        config.clientSecret,
        undefined,
        // Plain http only for a local test provider; real issuers are https.
        new URL(config.issuerUrl).protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error) => {
        discovered = null;
        throw error;
      });
    return discovered;
  }

  async function sealFlow(flow: Flow): Promise<string> {
    return new EncryptJWT({ ...flow }).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).setIssuedAt().setExpirationTime(`${FLOW_SECONDS}s`).encrypt(key);
  }

  async function openFlow(sealed: string | undefined): Promise<Flow | null> {
    if (!sealed) return null;
    try {
      const { payload } = await jwtDecrypt(sealed, key);
      return typeof payload.state === 'string' && typeof payload.nonce === 'string' && typeof payload.verifier === 'string'
        ? { state: payload.state, nonce: payload.nonce, verifier: payload.verifier }
        : null;
    } catch {
      return null;
    }
  }

  /** The user for verified Google claims: linked identity, else the account with that email, else a new one. */
  async function linkAccount(claims: { sub: string; email?: unknown; email_verified?: unknown; given_name?: unknown; family_name?: unknown; name?: unknown }): Promise<string> {
    const linked = await db.selectFrom('user_identities').select('user_id').where('provider', '=', 'google').where('subject', '=', claims.sub).executeTakeFirst();
    if (linked) return linked.user_id;
    if (claims.email_verified !== true || typeof claims.email !== 'string' || !claims.email) throw new AppError(403, 'google_email_unverified');
    const email = claims.email.toLowerCase();
    return db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('users').select(['id', 'email_verified']).where((eb) => eb(eb.fn('lower', ['email']), '=', email)).forUpdate().executeTakeFirst();
      let userId: string;
      if (existing) {
        userId = existing.id;
        // Google proved the mailbox. A password set by someone who never proved it is dropped, so an
        // attacker who pre-registered this address cannot keep a way into the owner's account.
        await trx
          .updateTable('users')
          .set({ email_verified: true, updated_at: new Date().toISOString(), ...(existing.email_verified ? {} : { password_hash: null }) })
          .where('id', '=', userId)
          .execute();
      } else {
        const row = await trx
          .insertInto('users')
          .values({
            email,
            email_verified: true,
            password_hash: null,
            nickname: typeof claims.name === 'string' ? claims.name.slice(0, 60) : null,
            first_name: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 60) : null,
            last_name: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 60) : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        userId = row.id;
      }
      await trx.insertInto('user_identities').values({ provider: 'google', subject: claims.sub, user_id: userId, email }).execute();
      return userId;
    });
  }

  return {
    /** The provider URL to send the browser to, and the sealed flow for the cookie. */
    async start(): Promise<{ url: string; cookie: string }> {
      const cfg = await configuration();
      const flow: Flow = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url: url.toString(), cookie: await sealFlow(flow) };
    },

    /** Finishes the flow from the callback URL; returns the user id. Any failure is an AppError with a code. */
    async finish(callbackUrl: URL, sealedFlow: string | undefined): Promise<string> {
      const flow = await openFlow(sealedFlow);
      if (!flow) throw new AppError(400, 'google_failed');
      if (callbackUrl.searchParams.get('error')) throw new AppError(400, 'google_cancelled');
      let claims: Record<string, unknown> | undefined;
      try {
        const cfg = await configuration();
        const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        claims = idToken;
        // Google puts email in the ID token; providers that conform strictly to OIDC serve it from userinfo.
        if (idToken && idToken.email === undefined) {
          claims = { ...(await oidc.fetchUserInfo(cfg, tokens.access_token, idToken.sub)), sub: idToken.sub };
        }
      } catch (error) {
        log.warn({ err: error }, 'google sign-in failed');
        throw new AppError(400, 'google_failed');
      }
      if (typeof claims?.sub !== 'string' || !claims.sub) throw new AppError(400, 'google_failed');
      try {
        return await linkAccount(claims as Parameters<typeof linkAccount>[0]);
      } catch (error) {
        // Two first sign-ins of one Google account racing: the identity's primary key decides; retry finds it.
        if ((error as { code?: string }).code === '23505') return linkAccount(claims as Parameters<typeof linkAccount>[0]);
        throw error;
      }
    },

    cookie(value: string, secure: boolean): string {
      return `${FLOW_COOKIE}=${value}; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=${FLOW_SECONDS}${secure ? '; Secure' : ''}`;
    },
    clearCookie: (secure: boolean) => `${FLOW_COOKIE}=; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`,
  };
}
export type GoogleSignIn = ReturnType<typeof googleSignIn>;

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

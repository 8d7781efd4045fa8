import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SiweMessage } from 'siwe';
// siwe and ethers (~170 modules) are loaded on the first wallet sign-in, not with the server: most starts and
// every server test file that never signs in with a wallet would pay their load.
const ethers = () => require('ethers') as typeof import('ethers');
const siwe = () => require('siwe') as typeof import('siwe');
import type { Database } from '../db/schema';
import { AppError, badRequest } from '../http/errors';
import type { UsersStorage } from '../users/storage';

/** How long an issued nonce may wait for its signature, and how old a signed message may be. */
const NONCE_MINUTES = 10;
const MAX_MESSAGE_AGE_MS = 10 * 60_000;
const CLOCK_SKEW_MS = 60_000;

/**
 * Sign-In with Ethereum (EIP-4361). The server issues a single-use nonce; the wallet signs a message that
 * names our domain, our URI, the nonce and the time; we check all of them and the signature (recovered
 * with ethers), and only then consume the nonce, so a rejected attempt changes nothing.
 */
export function walletSignIn(deps: { db: Kysely<Database>; users: UsersStorage; publicUrl: string }) {
  const { db, users } = deps;
  const origin = new URL(deps.publicUrl);

  return {
    domain: origin.host,
    uri: origin.origin,
    async issueNonce(): Promise<{ nonce: string; expiresAt: string }> {
      // EIP-4361 nonces are alphanumeric, at least 8 characters: 16 random bytes as 32 hex digits.
      const nonce = crypto.randomBytes(16).toString('hex');
      await db.deleteFrom('wallet_nonces').where('expires_at', '<', sql<Date>`now()` as unknown as Date).execute();
      const row = await db
        .insertInto('wallet_nonces')
        .values({ nonce, expires_at: sql<Date>`now() + make_interval(mins => ${NONCE_MINUTES})` as unknown as Date })
        .returning('expires_at')
        .executeTakeFirstOrThrow();
      return { nonce, expiresAt: new Date(row.expires_at).toISOString() };
    },

    /** Verifies a signed message and returns the (possibly new) user of that address. */
    async verify(message: string, signature: string, now = new Date()): Promise<string> {
      let parsed: SiweMessage;
      try {
        parsed = new (siwe().SiweMessage)(message);
      } catch {
        throw badRequest('wallet_message_invalid');
      }
      if (parsed.version !== '1') throw badRequest('wallet_message_invalid');
      if (parsed.domain !== origin.host) throw badRequest('wallet_domain_mismatch');
      let uri: URL;
      try {
        uri = new URL(parsed.uri);
      } catch {
        throw badRequest('wallet_message_invalid');
      }
      if (uri.origin !== origin.origin) throw badRequest('wallet_domain_mismatch');
      const issuedAt = Date.parse(parsed.issuedAt ?? '');
      if (!Number.isFinite(issuedAt) || issuedAt > now.getTime() + CLOCK_SKEW_MS || issuedAt < now.getTime() - MAX_MESSAGE_AGE_MS) {
        throw badRequest('wallet_message_expired');
      }
      if (parsed.expirationTime && Date.parse(parsed.expirationTime) <= now.getTime()) throw badRequest('wallet_message_expired');
      if (parsed.notBefore && Date.parse(parsed.notBefore) > now.getTime() + CLOCK_SKEW_MS) throw badRequest('wallet_message_expired');

      let recovered: string;
      let address: string;
      try {
        // The signature must be over the exact text received, by the address the text names.
        recovered = ethers().verifyMessage(message, signature);
        address = ethers().getAddress(parsed.address);
      } catch {
        throw new AppError(401, 'wallet_signature_invalid');
      }
      if (recovered !== address) throw new AppError(401, 'wallet_signature_invalid');

      // Last: consume the nonce. DELETE ... RETURNING, so a replay (or two racing requests) finds nothing.
      const used = await db
        .deleteFrom('wallet_nonces')
        .where('nonce', '=', parsed.nonce)
        .where('expires_at', '>', sql<Date>`now()` as unknown as Date)
        .returning('nonce')
        .executeTakeFirst();
      if (!used) throw badRequest('wallet_nonce_invalid');

      const existing = await users.byWallet(address);
      if (existing) return existing.id;
      try {
        return await users.create({ email: null, passwordHash: null, walletAddress: address });
      } catch (error) {
        // The first sign-in of one address racing with itself: the unique index decides, both get the user.
        if ((error as { code?: string }).code === '23505') return (await users.byWallet(address))!.id;
        throw error;
      }
    },
  };
}
export type WalletSignIn = ReturnType<typeof walletSignIn>;

import crypto from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

/**
 * Signed tokens of one purpose (download tickets, unsubscribe links, device cookies): JWTs (JWS compact,
 * HS256) made and checked by jose, under a key derived from the session secret for that purpose alone
 * (HKDF-SHA256) and typed with it (`typ` header), so a token made for one purpose is never accepted for
 * another, nor as a session. Every instance configured with the same JWT_SECRET signs and checks alike.
 */
export function signedTokens(secret: Uint8Array | string, purpose: string) {
  const key = purposeKey(secret, purpose);
  const typ = `oncodesk-${purpose}+jwt`;
  return {
    /** A token carrying `claims`, valid until `expiresAt` (seconds since the epoch). */
    sign(claims: JWTPayload, expiresAt: number, now = Date.now()): Promise<string> {
      return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ }).setIssuedAt(Math.floor(now / 1000)).setExpirationTime(expiresAt).sign(key);
    },
    /** The claims of a genuine, unexpired token of this purpose; null for anything else. */
    async verify(token: string, now = Date.now()): Promise<JWTPayload | null> {
      try {
        return (await jwtVerify(token, key, { algorithms: ['HS256'], typ, currentDate: new Date(now) })).payload;
      } catch {
        return null;
      }
    },
  };
}

/** A 256-bit key for one purpose, derived from the session secret (HKDF-SHA256, RFC 5869). */
export function purposeKey(secret: Uint8Array | string, purpose: string): Uint8Array {
  return new Uint8Array(crypto.hkdfSync('sha256', typeof secret === 'string' ? Buffer.from(secret) : secret, Buffer.alloc(0), `oncodesk/${purpose}`, 32));
}

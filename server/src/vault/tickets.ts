import crypto from 'node:crypto';
import type { SessionTokens } from '../http/session';

/**
 * Download tickets: short-lived, single-item capabilities for URLs the browser opens itself (links,
 * the preview iframe, <img>), which cannot carry an Authorization header. A ticket names the user and
 * the item and expires after a few minutes, so one leaked from a URL log is worth little, unlike a
 * session token in the query string. A ticket also names the session that asked for it and works only
 * while that session is open. HMAC-SHA256 under a key derived from the session secret.
 */
export function downloadTickets(secret: Uint8Array, sessions: Pick<SessionTokens, 'isOpen'>, ttlSeconds = 300) {
  const key = crypto.createHmac('sha256', secret).update('oncodesk/vault/download-ticket/v1').digest();
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');
  return {
    ttlSeconds,
    /** A ticket of the user's session `sessionId`: it stops working when that session ends (sign-out, sign-out-all, password reset). */
    issue(userId: string, sessionId: string, itemId: string, now = Date.now()): { ticket: string; expiresAt: string } {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      const payload = Buffer.from(JSON.stringify({ u: userId, s: sessionId, i: itemId, e: expires })).toString('base64url');
      return { ticket: `${payload}.${sign(payload)}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
    /** The user a ticket speaks for, if it is genuine, unexpired, for this item and its session still open; else null. */
    async verify(ticket: string, itemId: string, now = Date.now()): Promise<string | null> {
      const [payload, mac] = ticket.split('.');
      if (!payload || !mac) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
      let claim: { u?: unknown; s?: unknown; i?: unknown; e?: unknown };
      try {
        claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claim;
      } catch {
        return null;
      }
      const { u, s, i, e } = claim;
      if (i !== itemId || typeof e !== 'number' || e * 1000 <= now || typeof u !== 'string' || typeof s !== 'string') return null;
      return (await sessions.isOpen(u, s)) ? u : null;
    },
  };
}
export type DownloadTickets = ReturnType<typeof downloadTickets>;

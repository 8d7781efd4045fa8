import type { SessionTokens } from '../http/session';
import { signedTokens } from '../http/signedTokens';

/**
 * Download tickets: short-lived, single-item capabilities for URLs the browser opens itself (links,
 * the preview iframe, <img>), which cannot carry an Authorization header. A ticket names the user and
 * the item and expires after a few minutes, so one leaked from a URL log is worth little, unlike a
 * session token in the query string. A ticket also names the session that asked for it and works only
 * while that session is open. A JWT of its own purpose (http/signedTokens.ts).
 */
export function downloadTickets(secret: Uint8Array, sessions: Pick<SessionTokens, 'isOpen'>, ttlSeconds = 300) {
  const tokens = signedTokens(secret, 'vault-download-ticket');
  return {
    ttlSeconds,
    /** A ticket of the user's session `sessionId`: it stops working when that session ends (sign-out, sign-out-all, password reset). */
    async issue(userId: string, sessionId: string, itemId: string, now = Date.now()): Promise<{ ticket: string; expiresAt: string }> {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      return { ticket: await tokens.sign({ sub: userId, sid: sessionId, item: itemId }, expires, now), expiresAt: new Date(expires * 1000).toISOString() };
    },
    /** The user a ticket speaks for, if it is genuine, unexpired, for this item and its session still open; else null. */
    async verify(ticket: string, itemId: string, now = Date.now()): Promise<string | null> {
      const claims = await tokens.verify(ticket, now);
      if (!claims || claims.item !== itemId || typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
      return (await sessions.isOpen(claims.sub, claims.sid)) ? claims.sub : null;
    },
  };
}
export type DownloadTickets = ReturnType<typeof downloadTickets>;

import crypto from 'node:crypto';

/**
 * Download tickets: short-lived, single-item capabilities for URLs the browser opens itself (links,
 * the preview iframe, <img>), which cannot carry an Authorization header. A ticket names the user and
 * the item and expires after a few minutes, so one leaked from a URL log is worth little, unlike a
 * session token in the query string. HMAC-SHA256 under a key derived from the session secret.
 */
export function downloadTickets(secret: Uint8Array, ttlSeconds = 300) {
  const key = crypto.createHmac('sha256', secret).update('oncodesk/vault/download-ticket/v1').digest();
  const sign = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest('base64url');
  return {
    ttlSeconds,
    issue(userId: string, itemId: string, now = Date.now()): { ticket: string; expiresAt: string } {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      const payload = Buffer.from(JSON.stringify({ u: userId, i: itemId, e: expires })).toString('base64url');
      return { ticket: `${payload}.${sign(payload)}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
    /** The user a ticket speaks for, if it is genuine, unexpired and for this item; else null. */
    verify(ticket: string, itemId: string, now = Date.now()): string | null {
      const [payload, mac] = ticket.split('.');
      if (!payload || !mac) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
      try {
        const { u, i, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u: string; i: string; e: number };
        return i === itemId && e * 1000 > now && typeof u === 'string' ? u : null;
      } catch {
        return null;
      }
    },
  };
}
export type DownloadTickets = ReturnType<typeof downloadTickets>;

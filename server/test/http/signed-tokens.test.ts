import crypto from 'node:crypto';
import { decodeProtectedHeader } from 'jose';
import { signedTokens } from '../../src/http/signedTokens';
import { downloadTickets } from '../../src/vault/tickets';
import { unsubscribeTokens } from '../../src/alerts/unsubscribe';
import { deviceCookies } from '../../src/auth/throttle';

// The three signed tokens that are not sessions (download tickets, unsubscribe links, device cookies) are
// JWTs made and checked by jose, each under its own purpose: none is accepted for another.
const secret = crypto.randomBytes(32);
const open = { isOpen: async () => true };
const userId = crypto.randomUUID();
const sessionId = crypto.randomUUID();
const itemId = crypto.randomUUID();

describe('signed tokens', () => {
  it('are JWTs typed with their purpose; a token of one purpose or another secret is refused', async () => {
    const a = signedTokens(secret, 'a');
    const token = await a.sign({ sub: 'x' }, Math.floor(Date.now() / 1000) + 60);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'oncodesk-a+jwt' });
    expect((await a.verify(token))?.sub).toBe('x');
    expect(await signedTokens(secret, 'b').verify(token)).toBeNull();
    expect(await signedTokens(crypto.randomBytes(32), 'a').verify(token)).toBeNull();
    expect(await a.verify(`${token.slice(0, -2)}AA`)).toBeNull();
    expect(await a.verify(token, Date.now() + 61_000)).toBeNull();
  });

  it('a download ticket opens its item only, until it expires, and is no unsubscribe link', async () => {
    const tickets = downloadTickets(secret, open);
    const { ticket, expiresAt } = await tickets.issue(userId, sessionId, itemId);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    expect(await tickets.verify(ticket, itemId)).toBe(userId);
    expect(await tickets.verify(ticket, crypto.randomUUID())).toBeNull();
    expect(await tickets.verify(ticket, itemId, Date.now() + 301_000)).toBeNull();
    expect(await downloadTickets(secret, { isOpen: async () => false }).verify(ticket, itemId)).toBeNull();
    expect(await unsubscribeTokens(secret).verify(ticket)).toBeNull();
    const link = await unsubscribeTokens(secret).sign({ userId, patientId: null });
    expect(await tickets.verify(link, itemId)).toBeNull();
  });

  it('a device cookie names the browser a known device of each account it signed in to (at most five), for this secret only', async () => {
    const devices = deviceCookies(secret);
    const cookieOf = (setCookie: string) => setCookie.split(';')[0];
    const first = await devices.issue(undefined, 'Ada@Example.org', null, true);
    expect(first).toMatch(/^oncodesk_device=[\w-]+\.[\w-]+\.[\w-]+; Path=\/api\/auth; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure$/);
    const id = await devices.read(cookieOf(first), ' ada@example.org');
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(await devices.read(cookieOf(first), 'bob@example.org')).toBeNull();
    expect(await deviceCookies(crypto.randomBytes(32)).read(cookieOf(first), 'ada@example.org')).toBeNull();
    // the same device again keeps its id; other accounts are added beside it, the oldest dropped past five
    let cookie = cookieOf(await devices.issue(cookieOf(first), 'ada@example.org', id, false));
    expect(await devices.read(cookie, 'ada@example.org')).toBe(id);
    for (const n of [1, 2, 3, 4, 5]) cookie = cookieOf(await devices.issue(cookie, `user${n}@example.org`, null, false));
    expect(await devices.read(cookie, 'user5@example.org')).not.toBeNull();
    expect(await devices.read(cookie, 'user2@example.org')).not.toBeNull();
    expect(await devices.read(cookie, 'ada@example.org')).toBeNull();
    // a cookie of the format before (entries joined by ~) is not understood: the browser is unknown again
    expect(await devices.read(`oncodesk_device=${id}.abc.${Math.floor(Date.now() / 1000).toString(36)}.sig`, 'ada@example.org')).toBeNull();
  });
});

/**
 * Revocable sessions (issue 16): every token names a server-side session; signing out ends it at once,
 * "sign out everywhere" ends them all, the user sees the open sessions (device, last use) and can end
 * one; a password reset ends them all; a deleted account's token is refused (401, not 500).
 */
import { signUp, startTestApp, type TestApp, goodPassword } from '../support/app';

jest.setTimeout(120_000);

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  const signIn = async (email: string, agent: string) => {
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'user-agent': agent }, payload: { email, password: goodPassword } });
    return { authorization: `Bearer ${r.json().jwt}` };
  };
  const me = (auth: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user', headers: auth }).then((r) => r.statusCode);

  it('signing out ends this session only; the list shows the others with their device', async () => {
    const { email, auth: first } = await signUp(t.app);
    const laptop = await signIn(email, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140');
    const phone = await signIn(email, 'Mozilla/5.0 (iPhone) Safari/18');
    const list = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: laptop })).json().sessions;
    expect(list).toHaveLength(3);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(list.map((s: { userAgent: string | null }) => s.userAgent)).toEqual(expect.arrayContaining(['Mozilla/5.0 (iPhone) Safari/18']));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: laptop })).statusCode).toBe(204);
    expect(await me(laptop)).toBe(401);
    expect(await me(phone)).toBe(200);
    // ending another session from the list
    const phoneId = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: first })).json().sessions.find((s: { userAgent: string | null }) => s.userAgent?.includes('iPhone')).id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}`, headers: first })).statusCode).toBe(204);
    expect(await me(phone)).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${phoneId}`, headers: first })).json().error.code).toBe('session_not_found');
    expect(await me(first)).toBe(200);
  });

  it('"sign out everywhere" ends every session, or every other one', async () => {
    const { email, auth: a } = await signUp(t.app);
    const b = await signIn(email, 'b');
    const c = await signIn(email, 'c');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout-all', headers: a, payload: { keepCurrent: true } })).statusCode).toBe(204);
    expect([await me(a), await me(b), await me(c)]).toEqual([200, 401, 401]);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signout-all', headers: a })).statusCode).toBe(204);
    expect(await me(a)).toBe(401);
  });

  it('a session of another user cannot be ended; a forged or pre-session token is refused', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const bobSession = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bob.auth })).json().sessions[0].id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${bobSession}`, headers: alice.auth })).statusCode).toBe(404);
    expect(await me(bob.auth)).toBe(200);
    const { SignJWT } = await import('jose');
    const { resolveSecret } = await import('../../src/http/session');
    const old = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(bob.userId).setIssuedAt().setExpirationTime('1h').sign(resolveSecret(null, t.config.dataDir));
    expect(await me({ authorization: `Bearer ${old}` })).toBe(401);
  });

  it('a token already checked is trusted only byte for byte: the same session with another signature or another user is refused', async () => {
    const bob = await signUp(t.app);
    expect(await me(bob.auth)).toBe(200); // now cached as checked
    const token = bob.jwt;
    const [header, payload, signature] = token.split('.');
    const otherSignature = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await me({ authorization: `Bearer ${otherSignature}` })).toBe(401);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherUser = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    expect(await me({ authorization: `Bearer ${otherUser}` })).toBe(401);
    expect(await me(bob.auth)).toBe(200);
  });

  it('a password reset ends every session of the account', async () => {
    const { email, auth, userId } = await signUp(t.app);
    const other = await signIn(email, 'tablet');
    const { linkTokens } = await import('../../src/auth/tokens');
    const token = await linkTokens(t.app.database.db).issue(userId, email, 'reset_password');
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'Another-Secret-9' } });
    expect(r.statusCode).toBeLessThan(300);
    expect([await me(auth), await me(other)]).toEqual([401, 401]);
  });

  it("a deleted account's token is refused with 401 on reads and writes, not 500", async () => {
    const { auth } = await signUp(t.app);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user', headers: auth })).statusCode).toBe(204);
    for (const [method, url, payload] of [['GET', '/api/user'], ['POST', '/api/patients', { name: 'X', focusArea: 'lung' }], ['POST', '/api/vault/folders', { name: 'X', parentId: null }], ['POST', '/api/chat/', {}]] as const)
      expect((await t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
  });
});

import { startTestApp, signUp, uniqueEmail, goodPassword, type TestApp } from '../support/app';
import { cookieJar, startOidcProvider } from './support/oidc';

// The identity provider is a real OpenID provider (oidc-provider) on loopback, standing in for Google.
const publicUrl = 'http://app.test';
const client = { clientId: 'oncodesk-test', clientSecret: 'test-secret-of-enough-length-0123456789' };
let t: TestApp;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  idp = await startOidcProvider({ ...client, redirectUris: [`${publicUrl}/api/auth/google/callback`] });
  t = await startTestApp({ publicUrl, google: { issuerUrl: idp.issuer, ...client } });
});
afterAll(async () => {
  await t?.close();
  await idp?.stop();
});

interface Identity {
  email: string;
  verified?: boolean;
  sub?: string;
  name?: string;
}

/** Runs the whole flow: app start -> provider sign-in form -> app callback. Returns the app's final redirect. */
async function googleLogin(identity: Identity, tamper?: (callback: URL) => void, flowCookie?: (c: string) => string) {
  const start = await t.app.inject({ url: '/api/auth/google/start' });
  expect(start.statusCode).toBe(302);
  const authorizeUrl = new URL(start.headers.location as string);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
  const cookie = String(start.headers['set-cookie']).split(';')[0];

  const jar = cookieJar();
  let url = authorizeUrl.toString();
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ?? undefined,
    });
    jar.store(res);
    form = null;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') as string, url);
      if (next.origin === publicUrl) {
        tamper?.(next);
        const callback = await t.app.inject({ url: next.pathname + next.search, headers: { cookie: flowCookie ? flowCookie(cookie) : cookie } });
        expect(callback.statusCode).toBe(302);
        return new URL(callback.headers.location as string, publicUrl);
      }
      url = next.toString();
      continue;
    }
    const html = await res.text();
    expect(html).toContain('Test identity provider');
    url = new URL(/action="([^"]+)"/.exec(html)![1], url).toString();
    form = new URLSearchParams({ email: identity.email, name: identity.name ?? '', sub: identity.sub ?? '', ...(identity.verified === false ? {} : { email_verified: 'true' }) });
  }
  throw new Error('too many redirects');
}

const me = async (jwt: string) => (await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${jwt}` } })).json();

/** The one-time code of the final redirect (/auth#code=...): it rides in the fragment, never the query. */
const codeOf = (done: URL) => new URLSearchParams(done.hash.slice(1)).get('code');
const exchange = (code: string | null) => t.app.inject({ method: 'POST', url: '/api/auth/signin-code', payload: { code } });
/** What the /auth page does: exchanges the code by POST for the session token. */
async function sessionOf(done: URL): Promise<string> {
  expect(done.pathname).toBe('/auth');
  expect(done.search).toBe('');
  const res = await exchange(codeOf(done));
  expect(res.statusCode).toBe(200);
  return res.json().jwt as string;
}

describe('Google sign-in (OpenID Connect)', () => {
  it('creates a verified account for a new Google user', async () => {
    const email = uniqueEmail('g');
    const done = await googleLogin({ email, name: 'Ada Lovelace' });
    expect(done.pathname).toBe('/auth');
    const jwt = await sessionOf(done);
    expect(jwt).toBeTruthy();
    // the token never appears in the redirect
    expect(done.toString()).not.toContain(jwt);
    expect(await me(jwt)).toMatchObject({ email, emailVerified: true, firstName: 'Ada', lastName: 'Lovelace' });
    // Same Google subject again: the same user.
    const again = await googleLogin({ email, sub: `sub-${email}` });
    expect((await me(await sessionOf(again))).id).toBe((await me(jwt)).id);
  });

  it('links to an existing account with the same verified email and drops an unproven password', async () => {
    const { email, userId } = await signUp(t.app);
    const done = await googleLogin({ email: email.toUpperCase() });
    const user = await me(await sessionOf(done));
    expect(user.id).toBe(userId);
    expect(user.emailVerified).toBe(true);
    // The password was set by whoever signed up without proving the mailbox: it no longer works.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: goodPassword } });
    expect(signIn.statusCode).toBe(401);
    const identities = await t.app.database.db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).execute();
    expect(identities).toHaveLength(1);
  });

  it('refuses an email Google has not verified, creating nothing', async () => {
    const email = uniqueEmail('unverified');
    const done = await googleLogin({ email, verified: false });
    expect(done.pathname).toBe('/auth');
    expect(done.searchParams.get('error')).toBe('google_email_unverified');
    expect(await t.app.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a callback whose state was tampered with', async () => {
    const done = await googleLogin({ email: uniqueEmail('tamper') }, (u) => u.searchParams.set('state', 'forged-state'));
    expect(done.searchParams.get('error')).toBe('google_failed');
    expect(codeOf(done)).toBeNull();
  });

  it('refuses a callback without the flow cookie (login CSRF)', async () => {
    const done = await googleLogin({ email: uniqueEmail('csrf') }, undefined, () => 'od_google_flow=forged');
    expect(done.searchParams.get('error')).toBe('google_failed');
  });

  it('a sign-in code works once, and an unknown or malformed one is refused in the API shape', async () => {
    const done = await googleLogin({ email: uniqueEmail('once') });
    const code = codeOf(done);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await exchange(code)).statusCode).toBe(200);
    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('invalid_link');
    expect((await exchange('x'.repeat(43))).json().error.code).toBe('invalid_link');
    const malformed = await exchange('not a code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields[0]).toMatchObject({ path: 'code', code: 'invalid_link' });
  });

  it('a sign-in code expires', async () => {
    const done = await googleLogin({ email: uniqueEmail('late') });
    await t.app.database.db.updateTable('signin_codes').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await exchange(codeOf(done))).statusCode).toBe(401);
  });
});

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

describe('Google sign-in (OpenID Connect)', () => {
  it('creates a verified account for a new Google user', async () => {
    const email = uniqueEmail('g');
    const done = await googleLogin({ email, name: 'Ada Lovelace' });
    expect(done.pathname).toBe('/auth');
    const jwt = done.searchParams.get('jwt')!;
    expect(jwt).toBeTruthy();
    expect(await me(jwt)).toMatchObject({ email, emailVerified: true, firstName: 'Ada', lastName: 'Lovelace' });
    // Same Google subject again: the same user.
    const again = await googleLogin({ email, sub: `sub-${email}` });
    expect((await me(again.searchParams.get('jwt')!)).id).toBe((await me(jwt)).id);
  });

  it('links to an existing account with the same verified email and drops an unproven password', async () => {
    const { email, userId } = await signUp(t.app);
    const done = await googleLogin({ email: email.toUpperCase() });
    const user = await me(done.searchParams.get('jwt')!);
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
    expect(done.searchParams.get('jwt')).toBeNull();
  });

  it('refuses a callback without the flow cookie (login CSRF)', async () => {
    const done = await googleLogin({ email: uniqueEmail('csrf') }, undefined, () => 'od_google_flow=forged');
    expect(done.searchParams.get('error')).toBe('google_failed');
  });
});

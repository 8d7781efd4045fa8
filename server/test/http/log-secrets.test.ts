import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/env';
import { openDatabase, type Db } from '../../src/db';
import { REDACTED, redactUrl } from '../../src/http/redact';
import { startSmtpServer, tokenFrom, type SmtpTestServer } from '../auth/support/smtp';
import { cookieJar, startOidcProvider } from '../auth/support/oidc';
import { goodPassword, uniqueEmail } from '../support/app';
import { samples, upload } from '../vault/helpers';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// No secret in a log (issue 24): the app runs with its real request log (level info) through every flow
// that issues a secret carried in a URL or a header — session tokens, mailed verification and reset
// links, download tickets, share links, unsubscribe links, Google's code and state and our one-time
// sign-in code — each used the way a browser uses it; then the captured log is searched for every
// secret issued. The same URLs must be in the log with the secret replaced, so the test cannot pass
// by logging nothing.
jest.setTimeout(240_000);

const publicUrl = 'http://app.test';
const client = { clientId: 'oncodesk-log-test', clientSecret: 'log-test-secret-of-enough-length-0123456789' };
let app: FastifyInstance & { database: Db };
let database: Db;
let smtp: SmtpTestServer;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let dataDir: string;
const log: string[] = [];
const secrets = new Map<string, string>();
const issued = (kind: string, value: string | null | undefined) => {
  if (!value || value.length < 16) throw new Error(`no ${kind} issued`);
  secrets.set(value, kind);
  return value;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  idp = await startOidcProvider({ ...client, redirectUris: [`${publicUrl}/api/auth/google/callback`] });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-log-'));
  database = await openDatabase({ databaseUrl: null, dataDir: 'memory' });
  const config = loadConfig(
    { DATA_DIR: dataDir, DEMO_ACCOUNT: 'false', LOG_LEVEL: 'info', ARGON2_MEMORY_KIB: '1024', ARGON2_PASSES: '1', LOAD_SHED: 'false', AUTH_RATE_LIMIT_IP_PER_MINUTE: '100000' },
    { publicUrl, mail: { smtpUrl: smtp.url, from: 'OncoDesk <no-reply@test.local>' }, google: { issuerUrl: idp.issuer, ...client } },
  );
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log.push(chunk.toString());
      done();
    },
  });
  app = await buildApp({ config, database, serveWeb: false, logStream });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await smtp?.close();
  await idp?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** Google sign-in as the browser does it: start, the provider's form, the callback, the code exchange. */
async function googleSignIn(email: string): Promise<string> {
  const start = await get('/api/auth/google/start');
  const cookie = String(start.headers['set-cookie']).split(';')[0];
  const jar = cookieJar();
  let url = start.headers.location as string;
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { method: form ? 'POST' : 'GET', redirect: 'manual', headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, body: form ?? undefined });
    jar.store(res);
    form = null;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') as string, url);
      if (next.origin === publicUrl) {
        issued('OpenID authorization code', next.searchParams.get('code'));
        issued('OpenID state', next.searchParams.get('state'));
        const callback = await get(next.pathname + next.search, { cookie });
        const landing = new URL(callback.headers.location as string, publicUrl);
        const code = issued('one-time sign-in code', new URLSearchParams(landing.hash.slice(1)).get('code'));
        // the /auth page itself (the fragment never reaches a server) and the exchange
        await get(landing.pathname + landing.search);
        const exchanged = await post('/api/auth/signin-code', { code });
        expect(exchanged.statusCode).toBe(200);
        return issued('session token (Google)', exchanged.json().jwt);
      }
      url = next.toString();
      continue;
    }
    const html = await res.text();
    url = new URL(/action="([^"]+)"/.exec(html)![1], url).toString();
    form = new URLSearchParams({ email, name: 'Log Test', sub: '', email_verified: 'true' });
  }
  throw new Error('too many redirects');
}

it('the request log holds none of the secrets the app issued, and the redacted URLs instead', async () => {
  // sign-up: a session token and a verification link; the browser opens the link's page, then verifies
  const email = uniqueEmail('logs');
  const signup = await post('/api/auth/signup', { email, password: goodPassword });
  expect(signup.statusCode).toBe(201);
  const jwt = issued('session token', signup.json().jwt);
  const auth = { authorization: `Bearer ${jwt}` };
  const verifyToken = issued('verification link token', tokenFrom(await smtp.waitFor(email, { subject: /verif/i }), '/verification'));
  await get(`/verification?token=${verifyToken}`);
  expect((await post('/api/auth/verify-email', { token: verifyToken })).statusCode).toBe(200);

  // recovery: the reset link's page, then the reset
  await post('/api/auth/recover', { email });
  const resetToken = issued('password reset token', tokenFrom(await smtp.waitFor(email, { subject: /password|contraseña|password/i }), '/recover-pass'));
  await get(`/recover-pass?token=${resetToken}`);
  expect((await post('/api/auth/reset-password', { token: resetToken, password: 'Another-Secret-456' })).statusCode).toBe(204);
  const signIn = await post('/api/auth/signin', { email, password: 'Another-Secret-456' });
  const auth2 = { authorization: `Bearer ${issued('session token (sign-in)', signIn.json().jwt)}` };

  // a vault file: a download ticket used in a link, a share link opened signed out
  const file = (await upload(app, auth2, 'scan.pdf', samples.pdf())).json();
  const ticket = issued('download ticket', (await post(`/api/vault/items/${file.id}/ticket`, undefined, auth2)).json().ticket);
  expect((await get(`/api/vault/items/${file.id}/download?ticket=${ticket}&inline=1`)).statusCode).toBe(200);
  expect((await post(`/api/vault/items/${file.id}/shares`, { emails: ['friend@example.org'] }, auth2)).statusCode).toBe(201);
  const shareHash = issued('share hash', /\/download\/([A-Za-z0-9_-]+)/.exec((await smtp.waitFor('friend@example.org')).text)?.[1]);
  await get(`/download/${shareHash}`);
  expect((await get(`/api/vault/public/${shareHash}`)).statusCode).toBe(200);
  expect((await get(`/api/vault/public/${shareHash}/download`)).statusCode).toBe(200);

  // an unsubscribe link, opened and confirmed by a mail client's one-click POST
  const userId = signup.json().user.id as string;
  const unsubscribe = new URL(await (app as unknown as { alerts: { unsubscribeLink(u: string, p: string | null): Promise<string> | string } }).alerts.unsubscribeLink(userId, null));
  const unsubscribeToken = issued('unsubscribe token', unsubscribe.searchParams.get('token'));
  await get(`${unsubscribe.pathname}${unsubscribe.search}`, { accept: 'text/html' });
  expect((await post(`${unsubscribe.pathname}${unsubscribe.search}`)).statusCode).toBe(200);

  // Google: the provider's code and state on the callback, our one-time code, the session
  const googleJwt = await googleSignIn(uniqueEmail('google-logs'));
  expect((await get('/api/user', { authorization: `Bearer ${googleJwt}` })).statusCode).toBe(200);
  // a legacy client putting a session token in the query: still not logged
  await get(`/api/user?jwt=${jwt}`);

  await new Promise((r) => setTimeout(r, 200)); // the last response lines
  const text = log.join('');
  expect(secrets.size).toBe(11);
  const leaked = [...secrets].filter(([value]) => text.includes(value) || text.includes(encodeURIComponent(value))).map(([, kind]) => kind);
  expect(leaked).toEqual([]);
  // the flows were logged, with the secret replaced
  for (const expected of [
    `/verification?token=${REDACTED}`,
    `/recover-pass?token=${REDACTED}`,
    `/api/vault/items/${file.id}/download?ticket=${REDACTED}&inline=1`,
    `/download/${REDACTED}`,
    `/api/vault/public/${REDACTED}/download`,
    `/api/alerts/unsubscribe?token=${REDACTED}`,
    `/api/auth/google/callback?code=${REDACTED}`,
    `/api/user?jwt=${REDACTED}`,
  ]) {
    expect({ expected, logged: text.includes(expected) }).toEqual({ expected, logged: true });
  }
});

describe('redactUrl', () => {
  it('replaces secret parameters wherever they are, keeps the rest, and survives malformed escapes', () => {
    expect(redactUrl('/api/x?inline=1&ticket=abc.def&token=t%20x')).toBe(`/api/x?inline=1&ticket=${REDACTED}&token=${REDACTED}`);
    expect(redactUrl('/api/auth/google/callback?state=s&code=c&iss=http%3A%2F%2Fidp')).toBe(`/api/auth/google/callback?state=${REDACTED}&code=${REDACTED}&iss=http%3A%2F%2Fidp`);
    expect(redactUrl('/x?%74oken=abc')).toBe(`/x?%74oken=${REDACTED}`);
    expect(redactUrl('/x?TOKEN=abc&bad=%E0%A4%A')).toBe(`/x?TOKEN=${REDACTED}&bad=%E0%A4%A`);
    expect(redactUrl('/x?%E0%A4%A=1&token=abc')).toBe(`/x?%E0%A4%A=1&token=${REDACTED}`);
    expect(redactUrl('/download/AbC_123?x=1')).toBe(`/download/${REDACTED}?x=1`);
    expect(redactUrl('/api/vault/public/AbC_123/download')).toBe(`/api/vault/public/${REDACTED}/download`);
    expect(redactUrl('/api/vault/items?parentId=abc&sort=name')).toBe('/api/vault/items?parentId=abc&sort=name');
  });
});

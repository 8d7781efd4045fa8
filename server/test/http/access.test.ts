import crypto from 'node:crypto';
import Fastify from 'fastify';
import { accessOf, PUBLIC_ROUTES } from '../../src/http/access';
import { registerErrorHandling } from '../../src/http/errors';
import { resolveSecret, sessionPlugin } from '../../src/http/session';
import { signUp, startTestApp, type TestApp } from '../support/app';

// The route table (every route, collected by the gate's onRoute hook as the app registers it): each /api
// route is either allow-listed as public in http/access.ts or answers an anonymous call 401 before its
// body is read. A new route nobody allow-listed is guarded; an allow-list entry naming no route fails.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { env: { OPS_TOKEN: crypto.randomBytes(24).toString('hex') } });
}, 180_000);
afterAll(async () => t?.close());

const ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, ID).replace(/\*$/, 'x');
/** A body no validator would accept and no JSON parser could read: a 401 for it was given before parsing. */
const garbage = { 'content-type': 'application/json' };
const GARBAGE = '{"password": "x", broken';

describe('the route table', () => {
  it('sees every route, from the API documentation on (the gate is registered before any route)', () => {
    const urls = t.app.routeAccess.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /api/docs', 'GET /api/health', 'POST /api/auth/signin', 'GET /api/patients', 'POST /api/vault/uploads']));
    expect(t.app.routeAccess.filter((r) => r.access === 'session').length).toBeGreaterThan(100);
  });

  it('every allow-list entry names a route that exists', () => {
    const apiRoutes = t.app.routeAccess.filter((r) => r.access !== null);
    const stale = Object.keys(PUBLIC_ROUTES).filter((key) => {
      const [method, url] = key.split(' ');
      return !apiRoutes.some((r) => r.method === method && (url.endsWith('*') ? r.url.startsWith(url.slice(0, -1)) : r.url === url));
    });
    expect(stale).toEqual([]);
  });

  it('every /api route that is not public answers an anonymous call 401 before reading its body', async () => {
    const guarded = t.app.routeAccess.filter((r) => r.access === 'session');
    const answers = await Promise.all(
      guarded.map(async (r) => {
        const withBody = !['GET', 'HEAD'].includes(r.method);
        const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), ...(withBody ? { headers: garbage, payload: GARBAGE } : {}) });
        const code = r.method === 'HEAD' ? 'unauthorized' : (res.json() as { error?: { code?: string } }).error?.code;
        return { route: `${r.method} ${r.url}`, status: res.statusCode, code };
      }),
    );
    expect(answers.filter((a) => a.status !== 401 || a.code !== 'unauthorized')).toEqual([]);
  });

  it('a session opens them, and public routes read their body without one', async () => {
    const { auth } = await signUp(t.app);
    const withSession = await t.app.inject({ method: 'POST', url: '/api/patients', headers: { ...auth, ...garbage }, payload: GARBAGE });
    expect(withSession.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/signin', headers: garbage, payload: GARBAGE });
    expect(anonymous.statusCode).toBe(400);
    // a forged token is no session
    const forged = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${auth.authorization.slice(7, -4)}AAAA` } });
    expect(forged.statusCode).toBe(401);
  });

  it('downloads take a session or a ticket; operator routes take OPS_TOKEN, not a session', async () => {
    const { auth } = await signUp(t.app);
    const download = `/api/vault/items/${ID}/download`;
    expect((await t.app.inject({ method: 'GET', url: download })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${download}?ticket=forged.ticket` })).statusCode).toBe(401);
    // a session: past the gate, and the item does not exist
    expect((await t.app.inject({ method: 'GET', url: download, headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/jobs/failed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/jobs/failed', headers: auth })).statusCode).toBe(401);
  });
});

describe('a route added without an allow-list entry', () => {
  it('is guarded: anonymous calls get 401 before the body is parsed', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(sessionPlugin, { secret: resolveSecret(null, 'memory'), ttlHours: 1, db: t.app.database.db });
    let ran = false;
    await app.register(
      async (api) => {
        api.post('/brand-new', async () => {
          ran = true;
          return { ok: true };
        });
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(accessOf('POST', '/api/brand-new')).toBeNull();
    expect(app.routeAccess).toContainEqual({ method: 'POST', url: '/api/brand-new', access: 'session' });
    const res = await app.inject({ method: 'POST', url: '/api/brand-new', headers: garbage, payload: GARBAGE });
    expect(res.statusCode).toBe(401);
    expect(ran).toBe(false);
    await app.close();
  });
});

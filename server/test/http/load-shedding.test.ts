import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { startTestApp, signUpVerified, type TestApp } from '../support/app';
import { heavyRoutes, loadShedding } from '../../src/http/loadShedding';
import { registerErrorHandling } from '../../src/http/errors';

/**
 * Load shedding as a client meets it: past the in-progress limit, past one client's share, or while the
 * event loop is blocked, a new request gets 503 server_busy with Retry-After at once (translated, in the
 * API's error shape); a request counts only once its body has arrived; the health routes still answer,
 * readiness says 503 while the instance sheds and liveness stays 200; CPU-heavy searches run a few at a
 * time in a bounded line while reads pass; the server takes requests again as soon as the pressure ends.
 */
jest.setTimeout(120_000);

let t: TestApp;
let base: string;
const users: Array<Awaited<ReturnType<typeof signUpVerified>>> = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await startTestApp({}, {
    env: {
      LOAD_SHED: 'true',
      LOAD_SHED_MAX_IN_FLIGHT: '3',
      LOAD_SHED_MAX_IN_FLIGHT_PER_CLIENT: '2',
      VAULT_UPLOAD_STALL_SECONDS: '120',
      // well above the lag of a busy test machine; the event-loop test blocks the loop longer
      LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '1500',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // start-up work may have blocked the loop: wait until the instance is ready
  for (let i = 0; i < 300 && (await fetch(`${base}/health/ready`)).status === 503; i++) await sleep(100);
  // the set-up's own sign-ups may be shed while a loaded test machine delays the loop: asked again, as a client would
  for (let i = 0; i < 3; i++) {
    for (let attempt = 0; ; attempt++) {
      try {
        users.push(await signUpVerified(t.app));
        break;
      } catch (e) {
        if (attempt >= 60 || !/ 503 /.test((e as Error).message)) throw e;
        await sleep(500);
      }
    }
  }
});
afterAll(() => t.close());

const held: net.Socket[] = [];
afterEach(async () => {
  held.splice(0).forEach((s) => s.destroy());
  await sleep(100);
});

/** Connects and sends `text`; the socket stays open (held) until the test ends. */
async function hold(text: string): Promise<net.Socket> {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  held.push(socket);
  await new Promise((r) => socket.once('connect', r));
  socket.write(text);
  await sleep(150);
  return socket;
}

/** An upload whose body stops: admitted (its route reads the body itself), so it holds a place until it ends. */
const stalledUpload = (auth: Record<string, string>) =>
  hold(
    `POST /api/file HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth.authorization}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF`,
  );
/** A JSON body that stops after one byte: not admitted until it is complete, so it holds no place. */
const stalledJson = (auth: Record<string, string>) =>
  hold(`POST /api/patients HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth.authorization}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);

const get = (path: string, auth: Record<string, string> = {}, lang = 'en') => fetch(`${base}${path}`, { headers: { ...auth, 'accept-language': lang } });

test("one user's flood past its share is refused (503, Retry-After, translated) while another user is served", async () => {
  const [a, b] = users;
  await stalledUpload(a.auth);
  await stalledUpload(a.auth);
  const refused = await get('/api/patients', a.auth, 'it');
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('1');
  expect(await refused.json()).toEqual({ error: { code: 'server_busy', message: 'Il server è occupato. Riprova tra un momento.' } });
  expect((await get('/api/patients', b.auth)).status).toBe(200);
});

test('slow bodies hold no place: ten stalled JSON bodies of one user leave its share free', async () => {
  const [a] = users;
  for (let i = 0; i < 10; i++) await stalledJson(a.auth);
  for (let i = 0; i < 5; i++) expect((await get('/api/patients', a.auth)).status).toBe(200);
});

test('past the in-progress limit every user is refused, readiness says 503 and why, liveness and /health stay 200; then all recovers', async () => {
  const [a, b, c] = users;
  await stalledUpload(a.auth);
  await stalledUpload(a.auth);
  await stalledUpload(b.auth);
  expect((await get('/api/patients', c.auth)).status).toBe(503);
  const ready = await get('/health/ready');
  expect(ready.status).toBe(503);
  expect(await ready.json()).toMatchObject({ status: 'busy', reasons: ['in_flight'], inFlight: 3 });
  expect((await get('/api/health/ready')).status).toBe(503);
  expect((await get('/health/live')).status).toBe(200);
  expect((await get('/health')).status).toBe(200);
  // the app's pages and files are never shed (no web build here: a page path answers 404, not 503)
  expect((await get('/clinical-trials')).status).not.toBe(503);
  held.splice(0).forEach((s) => s.destroy());
  await sleep(150);
  expect((await get('/api/patients', c.auth)).status).toBe(200);
  expect(await (await get('/health/ready')).json()).toMatchObject({ status: 'ok', reasons: [] });
});

test('a finished request gives its place back: sequential requests are never refused', async () => {
  for (let i = 0; i < 20; i++) expect((await get('/api/patients', users[0].auth)).status).toBe(200);
});

test('while the event loop is blocked new requests are refused and readiness says 503 event_loop, liveness answers 200; after it recovers all is served', async () => {
  // a lagging loop, as a runaway computation in slices causes: 2 s blocks with brief yields for 4 s
  const end = Date.now() + 4000;
  while (Date.now() < end) {
    const until = Date.now() + 2000;
    while (Date.now() < until);
    await new Promise((r) => setTimeout(r, 0));
  }
  const busy = await get('/api/patients', users[0].auth);
  expect(busy.status).toBe(503);
  expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('server_busy');
  const ready = await get('/health/ready');
  expect(ready.status).toBe(503);
  expect(((await ready.json()) as { reasons: string[] }).reasons).toContain('event_loop');
  expect((await get('/health/live')).status).toBe(200);
  for (let i = 0; i < 50 && (await get('/health/ready')).status === 503; i++) await sleep(100);
  expect((await get('/api/patients', users[0].auth)).status).toBe(200);
  expect((await get('/health/ready')).status).toBe(200);
});

test('every route of the heavy class exists (a renamed search route must be renamed there too)', () => {
  for (const route of heavyRoutes) {
    const [method, url] = route.split(' ');
    expect({ route, exists: t.app.hasRoute({ method: method as 'POST', url }) }).toEqual({ route, exists: true });
  }
});

describe('the heavy class (the plugin alone, around a search whose end the test decides)', () => {
  const app = Fastify();
  const open: Array<() => void> = [];
  let started = 0;
  beforeAll(async () => {
    registerErrorHandling(app);
    // the session check: a token is its user's id
    app.decorate('sessions', { verify: async (token: string) => token } as never);
    await app.register(loadShedding, { maxInFlight: 64, maxInFlightPerClient: 8, heavyConcurrency: 1, heavyQueue: 1, maxEventLoopDelayMs: 1000, maxHeapShare: 0.99, retryAfterSeconds: 1 });
    app.post('/api/trials/find-match', async () => {
      started++;
      await new Promise<void>((resolve) => open.push(resolve));
      return { ok: true };
    });
    app.get('/api/patients', async () => ({ patients: [] }));
    await app.ready();
  });
  afterAll(() => app.close());
  const search = (user: string) => app.inject({ method: 'POST', url: '/api/trials/find-match', headers: { authorization: `Bearer ${user}` }, payload: {} });
  const read = (user: string) => app.inject({ method: 'GET', url: '/api/patients', headers: { authorization: `Bearer ${user}` } });

  test('one search runs, one waits its turn, more are refused; reads pass meanwhile; each user has its own search share', async () => {
    const first = search('ann');
    await sleep(50);
    const second = search('bob');
    await sleep(50);
    expect(started).toBe(1);
    // the line is full: a third user's search is refused at once, so is a second search of a user with one admitted
    expect((await search('cy')).statusCode).toBe(503);
    expect((await search('ann')).statusCode).toBe(503);
    // reads of everyone, the searching users included, are served while the searches wait
    for (const u of ['ann', 'bob', 'cy']) expect((await read(u)).statusCode).toBe(200);
    expect(app.loadState!()).toMatchObject({ heavyRunning: 1, heavyWaiting: 1, ready: false, reasons: ['heavy_queue'] });
    open.shift()!();
    expect((await first).statusCode).toBe(200);
    await sleep(20);
    expect(started).toBe(2);
    open.shift()!();
    expect((await second).statusCode).toBe(200);
    expect(app.loadState!()).toMatchObject({ heavyRunning: 0, heavyWaiting: 0, inFlight: 0, ready: true });
  });
});

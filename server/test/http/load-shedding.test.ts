import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestApp, signUp, type TestApp } from '../support/app';

/**
 * Load shedding as a client meets it: past the in-progress limit, or while the event loop is blocked,
 * a new request gets 503 server_busy with Retry-After at once (translated, in the API's error shape);
 * the health route still answers; the server takes requests again as soon as the pressure ends.
 */
let t: TestApp;
let base: string;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({}, { env: { LOAD_SHED: 'true', LOAD_SHED_MAX_IN_FLIGHT: '1' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  auth = (await signUp(t.app)).auth;
  // start-up work may have blocked the loop: wait until the first pressure sample has passed
  for (let i = 0; i < 40 && (await fetch(`${base}/api/patients`, { headers: auth })).status === 503; i++) await new Promise((r) => setTimeout(r, 100));
});
afterAll(() => t.close());

/** A request whose body never finishes: it stays in progress until the socket is destroyed. */
function stalledRequest(): Promise<net.Socket> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('POST /api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
      setTimeout(() => resolve(socket), 200);
    });
  });
}

test('past the in-progress limit a request is refused at once with 503, Retry-After and a translated message; health still answers', async () => {
  const held = await stalledRequest();
  try {
    const res = await fetch(`${base}/api/patients`, { headers: { ...auth, 'accept-language': 'it' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ error: { code: 'server_busy', message: 'Il server è occupato. Riprova tra un momento.' } });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // the app's pages and files are never shed (no web build here: a page path answers 404, not 503)
    expect((await fetch(`${base}/clinical-trials`)).status).not.toBe(503);
  } finally {
    held.destroy();
  }
  // the client that left gave its place back
  await new Promise((r) => setTimeout(r, 100));
  expect((await fetch(`${base}/api/patients`, { headers: auth })).status).toBe(200);
});

test('a finished request gives its place back: sequential requests are never refused', async () => {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${base}/api/patients`, { headers: auth });
    expect(res.status).toBe(200);
  }
});

test('while the event loop is blocked, new requests are refused; after it recovers they are served', async () => {
  // a lagging loop, as a runaway computation in slices causes: 300 ms blocks with brief yields for 1.5 s
  const end = Date.now() + 1500;
  while (Date.now() < end) {
    const until = Date.now() + 300;
    while (Date.now() < until);
    await new Promise((r) => setTimeout(r, 0));
  }
  const busy = await fetch(`${base}/api/patients`, { headers: auth });
  expect(busy.status).toBe(503);
  expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('server_busy');
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 600));
  expect((await fetch(`${base}/api/patients`, { headers: auth })).status).toBe(200);
});

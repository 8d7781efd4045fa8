import net from 'node:net';
import { startTestApp, signUp, signUpVerified, type TestApp } from '../support/app';

/**
 * Slow clients over real sockets (node:net), as issue 24's probe sent them: headers that never finish, a
 * JSON body that stops after one byte, a body that trickles, an upload whose complete body lacks its
 * closing boundary, and 64 anonymous connections holding slow bodies while signed-in users work. Each
 * slow request is cut within its bound with 408 `request_timeout` in the API's error shape (translated)
 * and its connection closed; none of them keeps another user from being served.
 */
jest.setTimeout(120_000);

const IDLE_SECONDS = 1;
const REQUEST_SECONDS = 3;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp(
    { authRateLimit: { perIpPerMinute: 100000, perAccountPer15Min: 100000 } },
    {
      env: {
        LOAD_SHED: 'true',
        // what is measured here is the in-progress count, not the event loop (lagging on a busy test machine)
        LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '5000',
        // nor a jest worker's heap, grown by the files it ran before (CI of 2026-11-28: the first sign-up of this file,
        // before any slow connection, was refused 503 server_busy)
        LOAD_SHED_MAX_HEAP_SHARE: '1',
        REQUEST_HEADERS_TIMEOUT_SECONDS: '1',
        REQUEST_BODY_IDLE_SECONDS: String(IDLE_SECONDS),
        REQUEST_TIMEOUT_SECONDS: String(REQUEST_SECONDS),
      },
    },
  );
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
  // start-up work may have blocked the loop (shed with 503): wait until the first pressure sample has passed
  for (let i = 0; i < 60 && (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 503; i++) await sleep(100);
});
const cleanup: net.Socket[] = [];
afterEach(() => cleanup.splice(0).forEach((s) => s.destroy()));
afterAll(async () => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Client {
  socket: net.Socket;
  answer(): string;
  closed: Promise<number>;
  write(text: string): void;
}

/** A raw connection that sends `head` and reports what comes back and when it was closed (ms after opening). */
async function connect(head: string): Promise<Client> {
  const socket = net.connect(port, '127.0.0.1');
  cleanup.push(socket);
  await new Promise((r) => socket.once('connect', r));
  const opened = Date.now();
  let answer = '';
  socket.on('data', (d) => (answer += d.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - opened)));
  socket.write(head);
  return { socket, answer: () => answer, closed, write: (text) => socket.write(text) };
}

const jsonHead = (path: string, length: number, extra: string[] = []) =>
  [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${length}`, ...extra].join('\r\n') + '\r\n\r\n';

function parsed(raw: string) {
  const [head, body] = raw.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]), body: body ? JSON.parse(body) : null };
}

test('a JSON body that stops after one byte is cut after REQUEST_BODY_IDLE_SECONDS: 408 request_timeout, translated, connection closed', async () => {
  const c = await connect(jsonHead('/api/auth/signin', 100, ['Accept-Language: it']) + '{');
  const closedAfter = await c.closed;
  expect(closedAfter).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 100);
  expect(closedAfter).toBeLessThan(IDLE_SECONDS * 1000 + 4000);
  expect(parsed(c.answer())).toEqual({
    status: 408,
    body: { error: { code: 'request_timeout', message: "La richiesta ha impiegato troppo tempo ad arrivare ed è stata interrotta. Riprovi." } },
  });
});

test('headers that never finish are cut after REQUEST_HEADERS_TIMEOUT_SECONDS with 408 in the API shape', async () => {
  const c = await connect('GET /api/patients HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  const closedAfter = await c.closed;
  expect(closedAfter).toBeLessThan(1000 + 2500);
  expect(parsed(c.answer())).toEqual({ status: 408, body: { error: { code: 'request_timeout', message: expect.stringMatching(/took too long/) } } });
});

test('a body that trickles (a byte every 300 ms, never idle for long) is cut at REQUEST_TIMEOUT_SECONDS', async () => {
  const c = await connect(jsonHead('/api/auth/signin', 1000));
  let sent = 0;
  const timer = setInterval(() => {
    if (!c.socket.destroyed) c.write(sent++ ? ' ' : '{');
  }, 300);
  try {
    const closedAfter = await c.closed;
    expect(closedAfter).toBeGreaterThanOrEqual(REQUEST_SECONDS * 1000 - 100);
    expect(closedAfter).toBeLessThan(REQUEST_SECONDS * 1000 + 2500);
    expect(parsed(c.answer())).toMatchObject({ status: 408, body: { error: { code: 'request_timeout' } } });
  } finally {
    clearInterval(timer);
  }
});

test('POST /api/file with a complete body that lacks its closing boundary answers 400 at once, not after 100 s', async () => {
  const u = await signUpVerified(t.app);
  const boundary = 'oncodesk-open';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="open.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\nAAAA`;
  const started = Date.now();
  const c = await connect(
    [`POST /api/file HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: ${u.auth.authorization}`, `Content-Type: multipart/form-data; boundary=${boundary}`, `Content-Length: ${body.length}`].join('\r\n') +
      '\r\n\r\n' +
      body,
  );
  for (const end = Date.now() + 5000; Date.now() < end && !c.answer().includes('\r\n\r\n{'); ) await sleep(20);
  expect(Date.now() - started).toBeLessThan(2000);
  const answer = parsed(c.answer());
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('validation_failed');
  const items = await t.app.inject({ method: 'GET', url: '/api/vault/items', headers: u.auth });
  expect(items.json().items ?? items.json()).not.toEqual(expect.arrayContaining([expect.objectContaining({ name: 'open.pdf' })]));
});

test('64 anonymous connections holding slow bodies take no place: other users are served meanwhile, and each slow one is cut', async () => {
  const users = await Promise.all([signUp(t.app), signUp(t.app)]);
  const slow = await Promise.all(Array.from({ length: 64 }, () => connect(jsonHead('/api/auth/signin', 200) + '{')));
  let open = 64;
  for (const c of slow) void c.closed.then(() => open--);
  const openWhenServed: number[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/patients`, { headers: users[i % 2].auth });
    expect(res.status).toBe(200);
    openWhenServed.push(open);
  }
  // the first reads were answered while all 64 were held (they are cut only after the idle bound)
  expect(openWhenServed[0]).toBe(64);
  const closed = await Promise.all(slow.map((c) => c.closed));
  // cut, not held: the bound is loose because 64 connections are answered on a loaded 2-core CI machine
  // (5.4 s seen there); a held connection stays open for minutes (the probe's was still open at 660 s)
  expect(Math.max(...closed)).toBeLessThan(IDLE_SECONDS * 1000 + 15_000);
  expect(slow.map((c) => parsed(c.answer()).status)).toEqual(slow.map(() => 408));
});

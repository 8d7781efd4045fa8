import { apiClient } from '../src/api/client';
import { setRuntimeConfig } from '../src/api/runtimeConfig';
import type { RuntimeConfig } from '../src/contracts';

/**
 * How the shared client meets a busy server: a request the server shed (503 server_busy, nothing done) is
 * sent again after Retry-After whatever its method; a failed write is never sent twice; a read is retried
 * once on a gateway error. fetch stands in for the server here (the server's side is tested in
 * server/test/http/load-shedding.test.ts).
 */
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const busy = () => json(503, { error: { code: 'server_busy', message: 'busy' } }, { 'retry-after': '0' });

let calls: string[];
beforeAll(() => setRuntimeConfig({ services: { api: 'http://api.test/api' } } as unknown as RuntimeConfig));
beforeEach(() => {
  calls = [];
});
function serve(...answers: Array<() => Response>) {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return (answers.shift() ?? (() => json(500, { error: { code: 'internal', message: 'x' } })))();
  }) as typeof fetch;
}

test('a shed write is sent again and succeeds', async () => {
  serve(busy, () => json(201, { id: 'p1' }));
  await expect(apiClient.post('/patients', { name: 'A' }, null)).resolves.toBeUndefined();
  expect(calls).toEqual(['POST /api/patients', 'POST /api/patients']);
});

test('a write that failed otherwise is not sent twice', async () => {
  serve(() => json(503, { error: { code: 'internal', message: 'x' } }));
  await expect(apiClient.post('/patients', { name: 'A' }, null)).rejects.toMatchObject({ status: 503 });
  expect(calls).toEqual(['POST /api/patients']);
});

test('a read is retried once on a gateway error', async () => {
  serve(() => json(502, 'bad gateway'), () => json(502, 'bad gateway'), () => json(200, {}));
  await expect(apiClient.get('/patients', { parse: (x: unknown) => x } as never)).rejects.toMatchObject({ status: 502 });
  expect(calls).toEqual(['GET /api/patients', 'GET /api/patients']);
});

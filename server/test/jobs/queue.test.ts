import { startTestApp, testDbKind, type TestApp } from '../support/app';
import type { JobQueue } from '../../src/jobs';
import { until } from '../support/until';

/**
 * The job queue as every domain uses it, on the database the suite runs on: pg-boss on PostgreSQL, the
 * in-process queue on PGlite. Two server instances on one database stand for N servers.
 */
jest.setTimeout(60_000);

let a: TestApp;
let b: TestApp;
const queueOf = (t: TestApp) => (t.app as unknown as { jobs: JobQueue }).jobs;

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({}, { sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

test('the queue is pg-boss on PostgreSQL and in-process on PGlite', () => {
  expect(queueOf(a).kind).toBe(testDbKind === 'postgres' ? 'pg-boss' : 'in-process');
});

test('each job runs once, whichever instance takes it, and carries its data', async () => {
  const runs: Array<{ instance: string; n: number }> = [];
  // both instances register the same handler, as every server does at start
  await queueOf(a).work<{ n: number }>('test.once', async ({ n }) => void runs.push({ instance: 'a', n }));
  await queueOf(b).work<{ n: number }>('test.once', async ({ n }) => void runs.push({ instance: 'b', n }));
  for (let n = 0; n < 20; n++) await queueOf(n % 2 ? a : b).send('test.once', { n });
  await until(() => runs.length >= 20);
  await new Promise((r) => setTimeout(r, 2500));
  expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
});

test('a failing job is retried, then listed as failed with its error (the dead-letter view)', async () => {
  let attempts = 0;
  await queueOf(a).work('test.fails', async () => {
    attempts++;
    throw new Error('registry unreachable');
  }, { retryLimit: 1, retryDelaySeconds: 1 });
  await queueOf(a).send('test.fails', { what: 'x' });
  await until(async () => (await queueOf(a).failed()).some((f) => f.name === 'test.fails'), 45_000);
  expect(attempts).toBe(2);
  const [dead] = (await queueOf(b).failed()).filter((f) => f.name === 'test.fails');
  expect(dead.error).toContain('registry unreachable');
  expect(dead.data).toEqual({ what: 'x' });
});

test('a job that fails once succeeds on its retry and is not listed as failed', async () => {
  let attempts = 0;
  await queueOf(a).work('test.flaky', async () => {
    if (++attempts === 1) throw new Error('first attempt fails');
  }, { retryLimit: 2, retryDelaySeconds: 1 });
  await queueOf(a).send('test.flaky', {});
  await until(() => attempts >= 2, 45_000);
  await new Promise((r) => setTimeout(r, 500));
  expect((await queueOf(a).failed()).some((f) => f.name === 'test.flaky')).toBe(false);
});

test('a singleton job asked for twice while one waits is queued once', async () => {
  const runs: number[] = [];
  // registered on one instance only, and sent with a delay, so both sends find the first one waiting
  await queueOf(a).work('test.singleton', async () => void runs.push(Date.now()), { singleton: true });
  const first = await queueOf(a).send('test.singleton', {}, { startAfterSeconds: 2 });
  const second = await queueOf(a).send('test.singleton', {}, { startAfterSeconds: 2 });
  expect(first).not.toBeNull();
  expect(second).toBeNull();
  await until(() => runs.length === 1);
  await new Promise((r) => setTimeout(r, 2500));
  expect(runs).toHaveLength(1);
});

test('the operator routes need OPS_TOKEN: absent without one, 401 with a wrong token', async () => {
  expect((await a.app.inject({ method: 'GET', url: '/api/ops/jobs/failed' })).statusCode).toBe(404);
  const ops = await startTestApp({ opsToken: 'o'.repeat(32) }, { sameDatabaseAs: a });
  try {
    const wrong = await ops.app.inject({ method: 'GET', url: '/api/ops/jobs/failed', headers: { authorization: `Bearer ${'x'.repeat(32)}` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('unauthorized');
    const right = await ops.app.inject({ method: 'GET', url: '/api/ops/jobs/failed', headers: { authorization: `Bearer ${'o'.repeat(32)}` } });
    expect(right.statusCode).toBe(200);
    expect(right.json().kind).toBe(queueOf(a).kind);
    expect(right.json().failed.some((f: { name: string }) => f.name === 'test.fails')).toBe(true);
  } finally {
    await ops.close();
  }
});

import { DatabaseProbe } from '../../src/health/databaseProbe';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A database whose `select 1` takes `delay` ms, or never answers while `down`. */
function fakeDatabase() {
  const db = { delay: 0, down: false, queries: 0 };
  const query = () => {
    db.queries++;
    return db.down ? new Promise(() => {}) : sleep(db.delay);
  };
  return { db, query };
}

describe("the health checks' database probe", () => {
  it('answers at once from a recent answer while the database is slow, with one query in flight', async () => {
    const { db, query } = fakeDatabase();
    const probe = new DatabaseProbe(query, { everyMs: 50, staleMs: 1000, timeoutMs: 500 }).start();
    expect(await probe.answers()).toBe(true);
    db.delay = 400; // saturated: each select 1 waits behind the queue
    await sleep(120);
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => probe.answers()));
    expect(performance.now() - t0).toBeLessThan(50);
    expect(answers.every(Boolean)).toBe(true);
    const before = db.queries;
    await sleep(200);
    // the timer fired about 4 times meanwhile, but a slow select 1 is not stacked: at most one more started
    expect(db.queries - before).toBeLessThanOrEqual(1);
    probe.stop();
  });

  it('does not trust an old answer: a database that stopped answering fails the check after the timeout', async () => {
    const { db, query } = fakeDatabase();
    const probe = new DatabaseProbe(query, { everyMs: 30, staleMs: 150, timeoutMs: 100 }).start();
    expect(await probe.answers()).toBe(true);
    db.down = true;
    await sleep(200);
    const t0 = performance.now();
    expect(await probe.answers()).toBe(false);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(90);
    probe.stop();
  });

  it('without the timer (before the server listens) a check probes by itself', async () => {
    const { db, query } = fakeDatabase();
    const probe = new DatabaseProbe(query, { everyMs: 1000, staleMs: 1000, timeoutMs: 200 });
    expect(await probe.answers()).toBe(true);
    expect(db.queries).toBe(1);
    expect(await probe.answers()).toBe(true);
    expect(db.queries).toBe(1);
    const failing = new DatabaseProbe(() => Promise.reject(new Error('connection refused')));
    expect(await failing.answers()).toBe(false);
  });
});

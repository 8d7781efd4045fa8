import { startTestApp, signUp, testDbKind, type TestApp } from '../support/app';
import { spendSearch } from '../../src/plans/service';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const db = () => t.app.database.db;
const setCredits = (userId: string, n: number) => db().updateTable('users').set({ searches_left: n }).where('id', '=', userId).execute();
const credits = async (userId: string) => (await db().selectFrom('users').select('searches_left').where('id', '=', userId).executeTakeFirstOrThrow()).searches_left;

describe('plans', () => {
  it('lists the plans with their allowances', async () => {
    const res = await t.app.inject({ url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json().plans).toEqual([
      { id: 'free', name: 'Free', searchesPerPeriod: 10, periodMonths: 1 },
      { id: 'pro', name: 'Pro', searchesPerPeriod: 200, periodMonths: 1 },
      { id: 'enterprise', name: 'Enterprise', searchesPerPeriod: 100000, periodMonths: 1 },
    ]);
  });

  it('spends one credit per search and refuses at zero with no_searches_left', async () => {
    const { userId, auth } = await signUp(t.app);
    await setCredits(userId, 2);
    expect(await spendSearch(db(), userId)).toEqual({ searchesLeft: 1 });
    expect(await spendSearch(db(), userId)).toEqual({ searchesLeft: 0 });
    await expect(spendSearch(db(), userId)).rejects.toMatchObject({ statusCode: 402, code: 'no_searches_left' });
    expect(await credits(userId)).toBe(0);
    expect((await t.app.inject({ url: '/api/user', headers: auth })).json().plan).toMatchObject({ id: 'free', name: 'Free', searchesLeft: 0 });
  });

  it(`lets exactly one of two concurrent searches through with one credit left (${testDbKind})`, async () => {
    for (let round = 0; round < 10; round++) {
      const { userId } = await signUp(t.app);
      await setCredits(userId, 1);
      const results = await Promise.allSettled([spendSearch(db(), userId), spendSearch(db(), userId)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
      expect(await credits(userId)).toBe(0);
    }
  });

  it(`never overspends under a burst of concurrent searches (${testDbKind})`, async () => {
    const { userId } = await signUp(t.app);
    await setCredits(userId, 5);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => spendSearch(db(), userId)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await credits(userId)).toBe(0);
  });
});

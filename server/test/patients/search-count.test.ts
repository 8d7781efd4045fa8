/**
 * A saved search's result count is stored beside its results (migration 1030), so reading a folder's searches
 * does not unpack every search's results; a search saved by the previous release (no count) is counted from
 * its results, as during a rolling upgrade.
 */
import { signUpVerified, startTestApp, type TestApp } from '../support/app';
import { loadFixtures, lungFolder } from '../trials-api/fixtures';

jest.setTimeout(120_000);

describe("a folder's saved searches", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await loadFixtures(t.app);
  });
  afterAll(() => t.close());

  it('are listed with the number of trials found, also for a search saved without its count', async () => {
    const { auth } = await signUpVerified(t.app);
    const patientId = await lungFolder(t.app, auth);
    const search = await t.app.inject({ method: 'POST', url: '/api/trials/find-match', headers: auth, payload: { patientId, location: { scope: 'global' } } });
    expect(search.statusCode).toBe(200);
    const found = (search.json() as { results: unknown[] }).results.length;
    expect(found).toBeGreaterThan(0);
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/trials/patient?patientId=${patientId}`, headers: auth })).json().searches as Array<{ count: number }>;
    expect((await listed()).map((s) => s.count)).toEqual([found]);
    const row = await t.app.database.db.selectFrom('patient_matches').select('result_count').where('patient_id', '=', patientId).executeTakeFirstOrThrow();
    expect(row.result_count).toBe(found);

    // as the previous release saves it: no count
    await t.app.database.db.updateTable('patient_matches').set({ result_count: null }).where('patient_id', '=', patientId).execute();
    expect((await listed()).map((s) => s.count)).toEqual([found]);
  });
});

import { Credits, FindMatchResponse, PatientsResponse, PlanRequest, PlanRequestsResponse, User } from '@oncodesk/shared/contracts';
import { signUp, signUpVerified, startTestApp, testDbKind, type TestApp } from '../support/app';
import { loadFixtures, lungFolder } from '../trials-api/fixtures';

// the lung folder's first answers load the vocabularies and the gazetteer (seconds on a busy machine)
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  // three requests per account per 15 minutes, so the limit is reached within the test
  t = await startTestApp({ authRateLimit: { perIpPerMinute: 1000, perAccountPer15Min: 3 } });
  await loadFixtures(t.app);
});
afterAll(async () => t.close());

const db = () => t.app.database.db;
const get = (url: string, auth: Record<string, string>, lang?: string) =>
  t.app.inject({ url: `/api${url}`, headers: { ...auth, ...(lang ? { 'accept-language': lang } : {}) } });
const post = (url: string, auth: Record<string, string>, payload: unknown, lang?: string) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...auth, ...(lang ? { 'accept-language': lang } : {}) }, payload: payload as object });
const raw = (userId: string) => db().selectFrom('users').select(['searches_left', 'period_start']).where('id', '=', userId).executeTakeFirstOrThrow();

/** 00:00 UTC on the first of the month `offset` months from now. */
const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString();
};

describe(`credit period (${testDbKind})`, () => {
  it('states the period: it began on the first of this month and renews on the first of the next (UTC)', async () => {
    const { auth } = await signUp(t.app);
    const user = User.parse((await get('/user', auth)).json());
    expect(user.plan).toEqual({ id: 'free', name: 'Free', searchesLeft: 10, searchesPerPeriod: 10, periodStart: monthStart(0), renewsAt: monthStart(1) });
    expect(Credits.parse((await get('/plans/credits', auth)).json())).toEqual({
      searchesLeft: 10,
      searchesPerPeriod: 10,
      periodStart: monthStart(0),
      renewsAt: monthStart(1),
    });
  });

  it('renews the allowance when the period is over: read as renewed, written by the next spend', async () => {
    const { userId, auth } = await signUpVerified(t.app);
    await db()
      .updateTable('users')
      .set({ searches_left: 0, period_start: new Date(monthStart(-2)) })
      .where('id', '=', userId)
      .execute();
    expect(Credits.parse((await get('/plans/credits', auth)).json())).toMatchObject({ searchesLeft: 10, periodStart: monthStart(0), renewsAt: monthStart(1) });
    const folder = await lungFolder(t.app, auth);
    const r = FindMatchResponse.parse((await post('/trials/find-match', auth, { patientId: folder, location: { scope: 'global' } })).json());
    expect([r.charged, r.searchesLeft]).toEqual([true, 9]);
    expect(r.credits).toEqual({ searchesLeft: 9, searchesPerPeriod: 10, periodStart: monthStart(0), renewsAt: monthStart(1) });
    const after = await raw(userId);
    expect([after.searches_left, new Date(after.period_start).toISOString()]).toEqual([9, monthStart(0)]);
  });

  it('a period still running is not renewed: no search at zero', async () => {
    const { userId, auth } = await signUpVerified(t.app);
    await db().updateTable('users').set({ searches_left: 0 }).where('id', '=', userId).execute();
    const folder = await lungFolder(t.app, auth);
    const r = await post('/trials/find-match', auth, { patientId: folder, location: { scope: 'global' } });
    expect(r.statusCode).toBe(402);
    expect(r.json().error.code).toBe('no_searches_left');
    expect(await db().selectFrom('search_credits').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });
});

describe(`a folder counts the credits its searches took (${testDbKind})`, () => {
  it('shows on the folder the credits taken for it this period, the same ledger the plan counts', async () => {
    const { userId, auth } = await signUpVerified(t.app);
    const [a, b] = [await lungFolder(t.app, auth), await lungFolder(t.app, auth)];
    const search = (patientId: string, location: object) => post('/trials/find-match', auth, { patientId, location });
    // a: one credit for four scopes, then one more for changed answers; b: one credit
    for (const location of [{ scope: 'radius', km: 100 }, { scope: 'country' }, { scope: 'continent' }, { scope: 'global' }])
      expect((await search(a, location)).statusCode).toBe(200);
    expect((await post('/survey/answer', auth, { patientId: a, focusArea: 'lung', questionId: 'ecog', value: '2' })).statusCode).toBe(200);
    expect((await search(a, { scope: 'global' })).statusCode).toBe(200);
    expect((await search(b, { scope: 'global' })).statusCode).toBe(200);

    const folders = PatientsResponse.parse((await get('/patients', auth)).json()).patients;
    const used = Object.fromEntries(folders.map((f) => [f.id, f.creditsUsed]));
    expect(used).toEqual({ [a]: 2, [b]: 1 });
    // the folders' figures add up to what the plan says was used
    const plan = User.parse((await get('/user', auth)).json()).plan;
    expect(plan.searchesPerPeriod - plan.searchesLeft).toBe(3);
    // scopes are not credits: folder a holds four cached searches for its two credits
    expect(folders.find((f) => f.id === a)!.searches).toHaveLength(4);

    // credits of an earlier period are not this period's
    await db()
      .updateTable('search_credits')
      .set({ taken_at: new Date(monthStart(-1)) })
      .where('patient_id', '=', b)
      .execute();
    const again = PatientsResponse.parse((await get('/patients', auth)).json()).patients;
    expect(again.find((f) => f.id === b)!.creditsUsed).toBe(0);
    expect(db().selectFrom('search_credits').select('id').where('user_id', '=', userId).execute()).resolves.toHaveLength(3);
  });
});

describe(`upgrade requests (${testDbKind})`, () => {
  it('stores an upgrade request with the plan asked for and lists it with its state', async () => {
    const { auth } = await signUp(t.app);
    const r = await post('/plans/requests', auth, { kind: 'upgrade', planId: 'pro', message: 'Clinic of 4 oncologists' });
    expect(r.statusCode).toBe(201);
    const created = PlanRequest.parse(r.json());
    expect(created).toMatchObject({ kind: 'upgrade', planId: 'pro', planName: 'Pro', state: 'received', message: 'Clinic of 4 oncologists', phone: null });
    const call = PlanRequest.parse((await post('/plans/requests', auth, { kind: 'call', phone: '+39 02 1234 5678' })).json());
    expect(call).toMatchObject({ kind: 'call', planId: null, phone: '+39 02 1234 5678', state: 'received' });
    const list = PlanRequestsResponse.parse((await get('/plans/requests', auth)).json());
    expect(list.requests.map((x) => x.id)).toEqual([call.id, created.id]);
  });

  it('answers bad input with 4xx and the API error body, translated, and stores nothing', async () => {
    const { userId, auth } = await signUp(t.app);
    const cases: Array<[unknown, number, string, string | null]> = [
      [{ kind: 'upgrade' }, 400, 'validation_failed', 'planId'],
      [{ kind: 'refund', planId: 'pro' }, 400, 'validation_failed', 'kind'],
      [{ kind: 'call', phone: 'call me maybe' }, 400, 'validation_failed', 'phone'],
    ];
    for (const [body, status, code, field] of cases) {
      const r = await post('/plans/requests', auth, body, 'es');
      expect([r.statusCode, r.json().error.code]).toEqual([status, code]);
      if (field) expect(r.json().error.fields.map((f: { path: string }) => f.path)).toContain(field);
    }
    // the phone's own code has its message, in the reader's language
    const phone = (await post('/plans/requests', auth, { kind: 'call', phone: 'x' }, 'it')).json().error;
    expect(phone.fields[0]).toMatchObject({ path: 'phone', code: 'phone_invalid' });
    expect(phone.fields[0].message).toMatch(/telefono/i);
    expect(await db().selectFrom('plan_requests').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it("refuses a plan that does not exist or is already the account's (translated)", async () => {
    const { userId, auth } = await signUp(t.app);
    const unknown = await post('/plans/requests', auth, { kind: 'upgrade', planId: 'platinum' }, 'es');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'plan_unknown']);
    expect(unknown.json().error.message).toMatch(/plan/i);
    expect(unknown.json().error.message).not.toMatch(/^Something/);
    const same = await post('/plans/requests', auth, { kind: 'upgrade', planId: 'free' }, 'en');
    expect([same.statusCode, same.json().error.code]).toEqual([400, 'plan_already_current']);
    expect(await db().selectFrom('plan_requests').select('id').where('user_id', '=', userId).execute()).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await post('/plans/requests', {}, { kind: 'call' })).statusCode).toBe(401);
    expect((await get('/plans/requests', {})).statusCode).toBe(401);
    expect((await get('/plans/credits', {})).statusCode).toBe(401);
  });

  it('is rate-limited per account: 429 rate_limited past the limit, another account is not affected', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await post('/plans/requests', alice.auth, { kind: 'call' })).statusCode).toBe(201);
    const limited = await post('/plans/requests', alice.auth, { kind: 'call' });
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/plans/requests', bob.auth, { kind: 'call' })).statusCode).toBe(201);
    expect(PlanRequestsResponse.parse((await get('/plans/requests', alice.auth)).json()).requests).toHaveLength(3);
  });
});

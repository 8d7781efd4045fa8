import { CachedMatchResponse, ExportResponse, FindMatchResponse, ReMatchResponse, TrialDetailResponse, TrialsPatientResponse } from '@oncodesk/shared/contracts';
import { signUp, signUpVerified, startTestApp, type TestApp } from '../support/app';
import { loadFixtures, lungFolder } from './fixtures';

// The first survey answers load the vocabularies and the gazetteer (seconds on a busy machine).
jest.setTimeout(120_000);

describe('trials API', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  let folder: string;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUpVerified(t.app);
    bob = await signUpVerified(t.app);
    await loadFixtures(t.app);
    folder = await lungFolder(t.app, alice.auth);
  });
  afterAll(() => t.close());
  const post = (url: string, payload: unknown, headers: Record<string, string> = alice.auth) => t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as object });
  const get = (url: string, headers: Record<string, string> = alice.auth) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
  const credits = async (userId: string) => (await t.app.database.db.selectFrom('users').select('searches_left').where('id', '=', userId).executeTakeFirstOrThrow()).searches_left;

  it('finds matches near the patient, spends one credit and caches the search', async () => {
    const before = await credits(alice.userId);
    const r = await post('/trials/find-match', { patientId: folder, location: { scope: 'radius', km: 100 } });
    expect(r.statusCode).toBe(200);
    const body = FindMatchResponse.parse(r.json());
    // the engine's output is written without a second schema check (trials/routes.ts): it must already be
    // exactly the contract, with nothing internal beside it
    expect(r.json()).toStrictEqual(JSON.parse(JSON.stringify(body)));
    expect(body.searchKey).toBe('radius:100');
    expect(body.searchesLeft).toBe(before - 1);
    expect(await credits(alice.userId)).toBe(before - 1);
    expect(body.patient).toMatchObject({ oncotreeCode: 'LUAD', age: 64, ecog: 1, location: { city: 'Milan' } });
    expect(body.results.map((x) => x.trial.id)).toEqual(['NCT90000001']);
    const top = body.results[0];
    expect(top.match.nearestSite?.name).toBe('Istituto Demo Milano');
    expect(top.match.nearestSite!.distanceKm).toBeLessThan(5);
    expect(top.match.results.find((c) => c.kind === 'alteration')?.status).toBe('match');

    const cachedRaw = (await get(`/trials/find-match?patientId=${folder}&searchKey=radius:100`)).json();
    const cached = CachedMatchResponse.parse(cachedRaw);
    expect(cachedRaw).toStrictEqual(JSON.parse(JSON.stringify(cached)));
    expect(cached.results.map((x) => x.trial.id)).toEqual(['NCT90000001']);
    expect(await credits(alice.userId)).toBe(before - 1);
  });

  it('expands the search to a continent and globally, for no further credit', async () => {
    const before = await credits(alice.userId);
    const europe = FindMatchResponse.parse((await post('/trials/find-match', { patientId: folder, location: { scope: 'continent' } })).json());
    expect(europe.searchKey).toBe('continent:Europe');
    expect(europe.results.map((x) => x.trial.id).sort()).toEqual(['NCT90000001', 'NCT90000002']);
    const italy = FindMatchResponse.parse((await post('/trials/find-match', { patientId: folder, location: { scope: 'country' } })).json());
    expect(italy.results.map((x) => x.trial.id)).toEqual(['NCT90000001']);
    const spain = FindMatchResponse.parse((await post('/trials/find-match', { patientId: folder, location: { scope: 'country', countryCodes: ['ES'] } })).json());
    expect(spain.results.map((x) => x.trial.id)).toEqual(['NCT90000002']);
    const global = FindMatchResponse.parse((await post('/trials/find-match', { patientId: folder, location: { scope: 'global' } })).json());
    // Globally every trial is a candidate; the breast cancer trial ranks last and is not a match.
    expect(global.results.map((x) => x.trial.id).sort()).toEqual(['NCT90000001', 'NCT90000002', 'NCT90000003']);
    expect(global.results[2].trial.id).toBe('NCT90000003');
    expect(global.results[2].match.verdict).not.toBe('match');
    const patient = TrialsPatientResponse.parse((await get(`/trials/patient?patientId=${folder}`)).json());
    expect(patient.searches.map((s) => s.searchKey).sort()).toEqual(['continent:Europe', 'country:ES', 'country:IT', 'global', 'radius:100']);
    expect(patient.complete).toBe(true);
    expect([europe.charged, global.charged, await credits(alice.userId)]).toEqual([false, false, before]);
  });

  it('applies a criterion override, reports the changes on re-match and clears it', async () => {
    const base = FindMatchResponse.parse((await post('/trials/find-match', { patientId: folder, location: { scope: 'radius', km: 100 } })).json());
    const crit = base.results[0].match.results.find((c) => c.kind === 'alteration')!;
    const set = await post('/trials/update-criterion', { patientId: folder, criterionId: crit.criterionId, status: 'no_match', note: 'Report re-read' });
    expect(set.statusCode).toBe(200);
    expect(set.json().overrides).toEqual([expect.objectContaining({ criterionId: crit.criterionId, status: 'no_match', note: 'Report re-read' })]);
    const re = ReMatchResponse.parse((await post('/trials/re-match', { patientId: folder, searchKey: 'radius:100' })).json());
    expect(re.changesDetected).toBe(true);
    expect(re.changes).toContainEqual({ trialId: 'NCT90000001', criterionId: crit.criterionId, field: 'criterion', before: 'match', after: 'no_match' });
    const after = re.results[0].match.results.find((c) => c.criterionId === crit.criterionId)!;
    expect(after).toMatchObject({ status: 'no_match', overridden: true, computedStatus: 'match' });
    // Nothing changed since: no changes detected.
    expect(ReMatchResponse.parse((await post('/trials/re-match', { patientId: folder, searchKey: 'radius:100' })).json()).changesDetected).toBe(false);
    await post('/trials/update-criterion', { patientId: folder, criterionId: crit.criterionId, status: null });
    const back = ReMatchResponse.parse((await post('/trials/re-match', { patientId: folder, searchKey: 'radius:100' })).json());
    expect(back.changes).toContainEqual(expect.objectContaining({ criterionId: crit.criterionId, before: 'no_match', after: 'match' }));
  });

  it('serves trial detail, one-trial match, blurb and likes', async () => {
    const d = TrialDetailResponse.parse((await get(`/trials/NCT90000001?patientId=${folder}`)).json());
    expect(d.trial).toMatchObject({ sponsor: 'Demo Oncology Group', principalInvestigator: 'Dr. Demo Investigator', phases: ['2'] });
    expect(d.match?.trialId).toBe('NCT90000001');
    expect(d.liked).toBe(false);
    expect((await get('/trials/NCT90000001')).json().match).toBeUndefined();

    const one = await post('/trials/match', { patientId: folder, trialId: 'NCT90000002' });
    expect(one.json().result.match.trialId).toBe('NCT90000002');

    const blurb = await post('/trials/generate-blurb', { patientId: folder, trialId: 'NCT90000001' });
    expect(blurb.json().blurb).toMatch(/Osimertinib for EGFR L858R/);
    expect(blurb.json().blurb).toMatch(/64 years old/);
    expect(blurb.json().blurb).toMatch(/Istituto Demo Milano/);
    expect(blurb.json().blurb).toMatch(/not medical advice/);
    const it = await t.app.inject({ method: 'POST', url: '/api/trials/generate-blurb', headers: { ...alice.auth, 'accept-language': 'it-IT' }, payload: { patientId: folder, trialId: 'NCT90000001' } });
    expect(it.json()).toMatchObject({ lang: 'it' });
    expect(it.json().blurb).toMatch(/non è un consiglio medico/);

    const liked = await t.app.inject({ method: 'PUT', url: '/api/trials/NCT90000001/like', headers: alice.auth, payload: { patientId: folder } });
    expect(liked.json().likes).toEqual(['NCT90000001']);
    expect((await get(`/trials/likes?patientId=${folder}`)).json().likes).toEqual(['NCT90000001']);
    const cached = (await get(`/trials/find-match?patientId=${folder}&searchKey=radius:100`)).json();
    expect(cached.results[0].liked).toBe(true);
    // Re-importing the trial keeps the like.
    await loadFixtures(t.app);
    expect((await get(`/trials/likes?patientId=${folder}`)).json().likes).toEqual(['NCT90000001']);
    const unliked = await t.app.inject({ method: 'DELETE', url: `/api/trials/NCT90000001/like?patientId=${folder}`, headers: alice.auth });
    expect(unliked.json().likes).toEqual([]);
  });

  it('exports results as CSV and as JSON for the printable view', async () => {
    const json = ExportResponse.parse((await get(`/trials/export?patientId=${folder}&searchKey=continent:Europe&format=json`)).json());
    expect(json.folderName).toBe('Mario R.');
    expect(json.patientSummary).toContainEqual({ label: 'Genomic alterations', value: 'EGFR L858R' });
    expect(json.results.length).toBe(2);
    const csv = await get(`/trials/export?patientId=${folder}&searchKey=continent:Europe&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="oncodesk-trials-Mario_R_.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines.some((l) => l.startsWith('trial_id,title,phases,overall_status,purpose,purpose_origin,verdict,level,criteria_checked,criteria_total,not_checked,'))).toBe(true);
    expect(lines.filter((l) => l.startsWith('NCT90000001,')).length).toBeGreaterThan(3);
    expect(csv.body).toMatch(/Documented EGFR L858R mutation/);
    expect((await get(`/trials/export?patientId=${folder}&searchKey=nope&format=csv`)).statusCode).toBe(404);
  });

  it('matchminer routes: normalization, pre-filter, comorbidities and find-match', async () => {
    const norm = await post('/trials/matchminer/patient-normalization', { text: '64-year-old man with stage IV lung adenocarcinoma, EGFR L858R, ECOG 1, HIV positive' });
    expect(norm.statusCode).toBe(200);
    const patient = norm.json().patient;
    expect(patient).toMatchObject({ age: 64, oncotreeCode: 'LUAD', ecog: 1 });
    // what the reader could not place comes back as such, not as a guess
    const unread = await post('/trials/matchminer/patient-normalization', { text: 'mCRC, KRAS G12D, enjoys gardening, ?liver mets' });
    expect(unread.json().patient).toMatchObject({ focusArea: 'colon', metastatic: true, metastasisSites: [] });
    expect(unread.json().notUnderstood).toEqual([expect.objectContaining({ text: 'enjoys gardening', reason: 'unknown' }), expect.objectContaining({ text: '?liver mets', reason: 'uncertain' })]);
    const pre = await post('/trials/matchminer/pre-filter', { patient, location: { kind: 'country', countryCodes: ['ES'] } });
    expect(pre.json()).toMatchObject({ total: 3, candidates: 1, trialIds: ['NCT90000002'] });
    const com = await post('/trials/matchminer/comorbidities-match', { patient, trialIds: ['NCT90000001', 'NCT90000002'] });
    expect(com.statusCode).toBe(200);
    const first = com.json().trials[0];
    expect(first.trialId).toBe('NCT90000001');
    expect(first.results.length).toBeGreaterThan(0);
    const before = await credits(alice.userId);
    const mm = await post('/trials/matchminer/find-match', { patient, location: { kind: 'continent', continents: ['Europe'] } });
    expect(mm.statusCode).toBe(200);
    expect(mm.json().searchesLeft).toBe(before - 1);
    expect(mm.json().results.map((x: { trial: { id: string } }) => x.trial.id).sort()).toEqual(['NCT90000001', 'NCT90000002']);
  });

  it('rejects bad input with 4xx, spending no credit and changing nothing', async () => {
    const before = await credits(alice.userId);
    const cases: Array<[string, unknown, number, string]> = [
      ['/trials/find-match', { patientId: folder, location: { scope: 'radius', km: -5 } }, 400, 'validation_failed'],
      ['/trials/find-match', { patientId: folder, location: { scope: 'mars' } }, 400, 'validation_failed'],
      ['/trials/find-match', { patientId: 'x'.repeat(500) }, 400, 'validation_failed'],
      ['/trials/find-match', { patientId: 'nope' }, 404, 'patient_not_found'],
      ['/trials/matchminer/find-match', { patient: { age: 250 } }, 400, 'invalid_patient'],
      ['/trials/matchminer/find-match', { patient: { oncotreeCode: 'NOTACODE' } }, 400, 'invalid_patient'],
      ['/trials/matchminer/find-match', { patient: { alterations: [{ gene: 'NOTAGENE1' }] } }, 400, 'invalid_patient'],
      ['/trials/matchminer/find-match', { patient: 'LUAD' }, 400, 'validation_failed'],
      ['/trials/matchminer/pre-filter', { patient: { ecog: 9 } }, 400, 'invalid_patient'],
      ['/trials/matchminer/comorbidities-match', { patient: {}, trialIds: ['NCT00000000'] }, 404, 'trial_not_found'],
      ['/trials/matchminer/comorbidities-match', { patient: {}, trialIds: Array.from({ length: 500 }, () => 'NCT90000001') }, 400, 'validation_failed'],
      ['/trials/matchminer/patient-normalization', { text: 'x'.repeat(6000) }, 400, 'validation_failed'],
      ['/trials/update-criterion', { patientId: folder, criterionId: 'NCT90000001#nope', status: 'match' }, 404, 'criterion_not_found'],
      ['/trials/update-criterion', { patientId: folder, criterionId: 'NCT90000001#trial#0', status: 'maybe' }, 400, 'validation_failed'],
      ['/trials/re-match', { patientId: folder, searchKey: 'radius:1' }, 404, 'search_not_found'],
      ['/trials/generate-blurb', { patientId: folder, trialId: 'NCT00000000' }, 404, 'trial_not_found'],
    ];
    for (const [url, body, status, code] of cases) {
      const r = await post(url, body);
      expect([url, r.statusCode, r.json().error?.code]).toEqual([url, status, code]);
    }
    const huge = await t.app.inject({ method: 'POST', url: '/api/trials/matchminer/find-match', headers: { ...alice.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ patient: { diagnosisText: 'x'.repeat(2_000_000) } }) });
    expect(huge.statusCode).toBe(413);
    expect((await get('/trials/NCT00000000')).statusCode).toBe(404);
    expect(await credits(alice.userId)).toBe(before);
    expect(TrialsPatientResponse.parse((await get(`/trials/patient?patientId=${folder}`)).json()).overrides).toEqual([]);
  });

  it("another user's folder ids answer 404 and change nothing", async () => {
    const before = await credits(bob.userId);
    const posts: Array<[string, object]> = [
      ['/trials/find-match', { patientId: folder }],
      ['/trials/match', { patientId: folder, trialId: 'NCT90000001' }],
      ['/trials/re-match', { patientId: folder, searchKey: 'radius:100' }],
      ['/trials/update-criterion', { patientId: folder, criterionId: 'NCT90000001#trial#0', status: 'no_match' }],
      ['/trials/generate-blurb', { patientId: folder, trialId: 'NCT90000001' }],
    ];
    for (const [url, body] of posts) expect([url, (await post(url, body, bob.auth)).statusCode]).toEqual([url, 404]);
    for (const url of [`/trials/patient?patientId=${folder}`, `/trials/likes?patientId=${folder}`, `/trials/find-match?patientId=${folder}&searchKey=radius:100`, `/trials/export?patientId=${folder}&searchKey=radius:100&format=csv`, `/trials/NCT90000001?patientId=${folder}`]) {
      expect([url, (await get(url, bob.auth)).statusCode]).toEqual([url, 404]);
    }
    const like = await t.app.inject({ method: 'PUT', url: '/api/trials/NCT90000001/like', headers: bob.auth, payload: { patientId: folder } });
    expect(like.statusCode).toBe(404);
    expect(await credits(bob.userId)).toBe(before);
    expect((await get(`/trials/likes?patientId=${folder}`)).json().likes).toEqual([]);
    expect((await post('/trials/find-match', { patientId: folder }, {})).statusCode).toBe(401);
  });

  it('refuses to search an incomplete survey or without a location, and with no credits left', async () => {
    const created = await post('/patients', { name: 'Empty', focusArea: 'lung' });
    const empty = created.json().id;
    const r = await post('/trials/find-match', { patientId: empty });
    expect([r.statusCode, r.json().error.code]).toEqual([409, 'survey_incomplete']);
    const noLoc = await lungFolder(t.app, alice.auth, { location: false });
    const r2 = await post('/trials/find-match', { patientId: noLoc, location: { scope: 'radius', km: 50 } });
    expect([r2.statusCode, r2.json().error.code]).toEqual([400, 'location_required']);

  });
});

describe('a credit buys a patient\'s search', () => {
  let t: TestApp;
  let carol: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    carol = await signUpVerified(t.app);
    await loadFixtures(t.app);
  });
  afterAll(() => t.close());
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: carol.auth, payload: payload as object });
  const credits = async () => (await t.app.database.db.selectFrom('users').select('searches_left').where('id', '=', carol.userId).executeTakeFirstOrThrow()).searches_left;
  const setCredits = (n: number) => t.app.database.db.updateTable('users').set({ searches_left: n }).where('id', '=', carol.userId).execute();
  const search = (patientId: string, location: object = { scope: 'global' }) => post('/trials/find-match', { patientId, location });

  it('charges the first search of a patient, not its other scopes; changed answers or another patient cost one more', async () => {
    await setCredits(5);
    const folder = await lungFolder(t.app, carol.auth);
    const first = FindMatchResponse.parse((await search(folder, { scope: 'radius', km: 100 })).json());
    expect([first.charged, first.searchesLeft, await credits()]).toEqual([true, 4, 4]);
    for (const location of [{ scope: 'country' }, { scope: 'continent' }, { scope: 'global' }, { scope: 'radius', km: 50 }]) {
      const r = FindMatchResponse.parse((await search(folder, location)).json());
      expect([r.charged, r.searchesLeft]).toEqual([false, 4]);
    }
    // a changed answer is another patient picture: a new search
    expect((await post('/survey/answer', { patientId: folder, focusArea: 'lung', questionId: 'ecog', value: '2' })).statusCode).toBe(200);
    expect(FindMatchResponse.parse((await search(folder)).json()).charged).toBe(true);
    const other = await lungFolder(t.app, carol.auth);
    expect(FindMatchResponse.parse((await search(other)).json()).charged).toBe(true);
    expect(await credits()).toBe(2);
  });

  it('a bought search lasts 24 hours', async () => {
    await setCredits(3);
    const folder = await lungFolder(t.app, carol.auth);
    expect(FindMatchResponse.parse((await search(folder)).json()).charged).toBe(true);
    await t.app.database.db.updateTable('search_passes').set({ bought_at: new Date(Date.now() - 25 * 3600_000) }).where('patient_id', '=', folder).execute();
    expect(FindMatchResponse.parse((await search(folder, { scope: 'country' })).json()).charged).toBe(true);
    expect(await credits()).toBe(1);
  });

  it('with no credits left: a bought patient still widens and opens its results; a new one gets 402 and nothing changes', async () => {
    await setCredits(1);
    const bought = await lungFolder(t.app, carol.auth);
    expect((await search(bought, { scope: 'radius', km: 100 })).statusCode).toBe(200);
    expect(await credits()).toBe(0);
    const wider = await search(bought, { scope: 'global' });
    expect([wider.statusCode, wider.json().charged]).toEqual([200, false]);
    const cached = await t.app.inject({ method: 'GET', url: `/api/trials/find-match?patientId=${bought}&searchKey=radius:100`, headers: carol.auth });
    expect(cached.statusCode).toBe(200);

    const fresh = await lungFolder(t.app, carol.auth);
    const denied = await search(fresh);
    expect([denied.statusCode, denied.json().error.code]).toEqual([402, 'no_searches_left']);
    const saved = await t.app.database.db.selectFrom('patient_matches').select('search_key').where('patient_id', '=', fresh).execute();
    const passes = await t.app.database.db.selectFrom('search_passes').select('patient_id').where('patient_id', '=', fresh).execute();
    expect([saved, passes, await credits()]).toEqual([[], [], 0]);
  });

  it('two tabs searching the same patient at once spend one credit; two patients with one credit: one search succeeds', async () => {
    await setCredits(2);
    const folder = await lungFolder(t.app, carol.auth);
    const both = await Promise.all([{ scope: 'global' }, { scope: 'country' }].map((l) => search(folder, l)));
    expect(both.map((x) => x.statusCode)).toEqual([200, 200]);
    expect(both.map((x) => x.json().charged).sort()).toEqual([false, true]);
    expect(await credits()).toBe(1);

    const [a, b] = [await lungFolder(t.app, carol.auth), await lungFolder(t.app, carol.auth)];
    const race = await Promise.all([a, b].map((p) => search(p)));
    expect(race.map((x) => x.statusCode).sort()).toEqual([200, 402]);
    expect(race.find((x) => x.statusCode === 402)!.json().error.code).toBe('no_searches_left');
    expect(await credits()).toBe(0);
  });
});

describe('searches need a verified email', () => {
  it('answers 403 email_not_verified and spends no credit for an unverified account', async () => {
    const t2 = await startTestApp();
    try {
      const user = await signUp(t2.app);
      const folder = await t2.app.inject({ method: 'POST', url: '/api/patients', headers: user.auth, payload: { name: 'Unverified', focusArea: 'lung' } });
      const patientId = folder.json().id ?? folder.json().patient?.id;
      const res = await t2.app.inject({ method: 'POST', url: '/api/trials/find-match', headers: user.auth, payload: { patientId } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('email_not_verified');
      const me = (await t2.app.inject({ url: '/api/user', headers: user.auth })).json();
      expect(me.plan.searchesLeft).toBe(me.plan.searchesPerPeriod);
    } finally {
      await t2.close();
    }
  });
});

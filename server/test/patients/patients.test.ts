import { PatientFolder, PatientsResponse } from '@oncodesk/shared/contracts';
import { signUp, signUpVerified, startTestApp, type TestApp } from '../support/app';
import { loadFixtures, lungFolder } from '../trials-api/fixtures';

// The first survey answers load the vocabularies and the gazetteer (seconds on a busy machine).
jest.setTimeout(120_000);

describe('patient folders', () => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    alice = (await signUpVerified(t.app)).auth;
    bob = (await signUpVerified(t.app)).auth;
    await loadFixtures(t.app);
  });
  afterAll(() => t.close());
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, payload });

  it('creates, lists, renames and deletes folders with a focus area', async () => {
    const created = await call('POST', '/api/patients', alice, { name: '  Anna B. ', focusArea: 'breast' });
    expect(created.statusCode).toBe(201);
    const folder = PatientFolder.parse(created.json());
    expect(folder).toMatchObject({ name: 'Anna B.', focusArea: 'breast', progress: 0, searches: [] });

    const list = PatientsResponse.parse((await call('GET', '/api/patients', alice)).json());
    expect(list.patients.map((p) => p.id)).toContain(folder.id);
    expect(PatientsResponse.parse((await call('GET', '/api/patients', bob)).json()).patients).toEqual([]);

    const renamed = await call('PATCH', `/api/patients/${folder.id}`, alice, { name: 'Anna Bianchi' });
    expect(renamed.json()).toMatchObject({ name: 'Anna Bianchi', focusArea: 'breast' });

    expect((await call('DELETE', `/api/patients/${folder.id}`, alice)).statusCode).toBe(204);
    expect((await call('GET', `/api/patients/${folder.id}`, alice)).statusCode).toBe(404);
  });

  it('rejects bad input with 4xx and changes nothing', async () => {
    const before = (await call('GET', '/api/patients', alice)).json().patients.length;
    for (const body of [{ name: '', focusArea: 'lung' }, { name: 'x'.repeat(81), focusArea: 'lung' }, { name: 'A', focusArea: 'pancreas' }, { name: 'A' }, {}]) {
      const r = await call('POST', '/api/patients', alice, body);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('validation_failed');
    }
    expect((await call('PATCH', '/api/patients/nope', alice, {})).statusCode).toBe(400);
    expect((await call('GET', '/api/patients', alice)).json().patients.length).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/patients' })).statusCode).toBe(401);
  });

  it("answers 404 for another user's folder and leaves it untouched", async () => {
    const id = await lungFolder(t.app, alice);
    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Stolen' }], ['DELETE']] as const) {
      const r = await call(method, `/api/patients/${id}`, bob, payload);
      expect(r.statusCode).toBe(404);
      expect(r.json().error.code).toBe('patient_not_found');
    }
    const own = (await call('GET', `/api/patients/${id}`, alice)).json();
    expect(own.name).toBe('Mario R.');
    expect(own.progress).toBeGreaterThan(0.4);
  });

  it('deleting a folder deletes its answers, searches, likes and overrides; a new focus area restarts the survey', async () => {
    const id = await lungFolder(t.app, alice);
    const search = await call('POST', '/api/trials/find-match', alice, { patientId: id, location: { scope: 'global' } });
    expect(search.statusCode).toBe(200);
    expect((await call('PATCH', `/api/patients/${id}`, alice, { focusArea: 'breast' })).json()).toMatchObject({ focusArea: 'breast', progress: 0, searches: [] });
    const data = (await call('GET', `/api/survey/patient-data?patientId=${id}`, alice)).json();
    expect(data.answers).toEqual({});

    const id2 = await lungFolder(t.app, alice);
    await call('POST', '/api/trials/find-match', alice, { patientId: id2, location: { scope: 'global' } });
    await t.app.inject({ method: 'PUT', url: '/api/trials/NCT90000001/like', headers: alice, payload: { patientId: id2 } });
    expect((await call('DELETE', `/api/patients/${id2}`, alice)).statusCode).toBe(204);
    const db = t.app.database.db;
    for (const table of ['survey_folders', 'survey_answers', 'patient_matches', 'trial_likes', 'patient_overrides'] as const) {
      const rows = await db.selectFrom(table).select('patient_id').where('patient_id', '=', id2).execute();
      expect(rows).toEqual([]);
    }
  });
});

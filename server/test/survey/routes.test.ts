import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PatientData, SurveyQuestionResponse } from '@oncodesk/shared/contracts';
import { openDatabase, type Db } from '../../src/db';
import * as surveyMigration from '../../src/db/migrations/0003_survey_answers';
import { registerErrorHandling } from '../../src/http/errors';
import { sessionPlugin } from '../../src/http/session';
import { usersStorage } from '../../src/users/storage';
import { geoRoutes } from '../../src/geo/routes';
import { SurveyService } from '../../src/survey/service';
import { surveyStorage } from '../../src/survey/storage';
import { surveyRoutes } from '../../src/survey/routes';
import { derivationVersion, folderPatients } from '../../src/survey/derivedPatient';
import { testGeoService } from '../support/geo';

/**
 * The geo and survey plugins mounted the way app.ts mounts domains (under /api, zod type provider,
 * shared error handling, real sessions) on an in-memory database.
 */
let app: FastifyInstance;
let database: Db;
let alice: Record<string, string>;
let bob: Record<string, string>;
let aliceId: string;
let bobId: string;
const token = crypto.randomUUID();

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: 'memory' });
  const exists = await sql<{ t: string | null }>`select to_regclass('survey_answers')::text as t`.execute(database.db);
  if (!exists.rows[0].t) await surveyMigration.up(database.db as never);
  const users = usersStorage(database.db);
  const geo = testGeoService();
  geo.warmUp();
  app = Fastify({ bodyLimit: 1024 * 1024 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(sessionPlugin, { secret: crypto.randomBytes(32), ttlHours: 1, db: database.db });
  await app.register(
    async (api) => {
      await api.register(geoRoutes, { geo });
      const survey = new SurveyService({ geo: () => geo });
      const storage = surveyStorage(database.db);
      await api.register(surveyRoutes, { survey, storage, folders: folderPatients(survey, storage), geo });
    },
    { prefix: '/api' },
  );
  await app.ready();
  const bearer = async (email: string) => {
    const id = await users.create({ email, passwordHash: 'x' });
    return { id, auth: { authorization: `Bearer ${await app.sessions.issue(id)}` } };
  };
  ({ id: aliceId, auth: alice } = await bearer(`alice.${Date.now()}@example.org`));
  ({ id: bobId, auth: bob } = await bearer(`bob.${Date.now()}@example.org`));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('maps routes', () => {
  it('suggests and retrieves with a session token', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/maps/suggest?q=mil&sessionToken=${token}&types=city,region&lang=it` });
    expect(res.statusCode).toBe(200);
    const [milan] = res.json().suggestions;
    expect(milan).toMatchObject({ name: 'Milan', country: 'Italia', type: 'city' });
    const one = await app.inject({ method: 'GET', url: `/api/maps/retrieve/${encodeURIComponent(milan.id)}?sessionToken=${token}` });
    expect(one.json().feature).toMatchObject({ id: milan.id, continent: 'Europe', region: 'Lombardy' });
    const byType = await app.inject({ method: 'GET', url: `/api/maps/suggest/country?q=ital&sessionToken=${token}` });
    expect(byType.json().suggestions[0].id).toBe('country:IT');
  });

  it('refuses bad tokens and ids with the shared error format', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/maps/suggest?q=mil&sessionToken=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_failed', fields: [{ path: 'sessionToken', code: 'session_token_invalid' }] });
    const missing = await app.inject({ method: 'GET', url: `/api/maps/retrieve/city:999999999?sessionToken=${token}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('location_not_found');
  });
});

describe('survey routes', () => {
  it('serves questions in the requested language', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/survey/question?focusArea=cervix_uteri&lang=es-ES' });
    expect(res.statusCode).toBe(200);
    const body = SurveyQuestionResponse.parse(res.json());
    expect(body.lang).toBe('es');
    expect(body.questions.find((q) => q.id === 'age')!.text).toBe('¿Qué edad tiene el paciente?');
    const one = await app.inject({ method: 'GET', url: '/api/survey/question?focusArea=lung&id=ecog', headers: { 'accept-language': 'it-IT' } });
    expect(one.json().questions).toHaveLength(1);
    expect(one.json().questions[0].text).toContain('performance status');
    expect((await app.inject({ method: 'GET', url: '/api/survey/question?focusArea=pancreas' })).statusCode).toBe(400);
  });

  /** A patient folder of a user (POST /patients makes them in the app; answers only fill them). */
  const newFolder = async (focusArea: 'lung' | 'colon', userId = aliceId) => {
    const id = crypto.randomUUID();
    await database.db.insertInto('patients').values({ user_id: userId, id, name: 'Survey test', focus_area: focusArea }).execute();
    return id;
  };
  const foldersOf = async (userId: string) => (await database.db.selectFrom('patients').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);

  it('answers for a folder the user does not have are 404 in the API shape and create nothing', async () => {
    const ghost = 'ghost-folder';
    const answer = await app.inject({ method: 'POST', url: '/api/survey/answer', headers: { ...alice, 'accept-language': 'es' }, payload: { patientId: ghost, focusArea: 'lung', questionId: 'age', value: 61 } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toMatchObject({ code: 'not_found', message: expect.any(String) });
    const loc = await app.inject({ method: 'POST', url: '/api/survey/location/answers', headers: alice, payload: { patientId: ghost, focusArea: 'lung', location: { id: 'city:3173435', sessionToken: token } } });
    expect(loc.statusCode).toBe(404);
    // no folder appeared, nor a survey folder another route could work on
    expect(await foldersOf(aliceId)).not.toContain(ghost);
    expect(await database.db.selectFrom('survey_folders').select('patient_id').where('patient_id', '=', ghost).execute()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${ghost}`, headers: alice })).json()).toMatchObject({ focusArea: null, answers: {} });
    // bob's folder id is unknown to alice the same way, and bob's folder stays untouched
    const bobs = await newFolder('lung', bobId);
    expect((await app.inject({ method: 'POST', url: '/api/survey/answer', headers: alice, payload: { patientId: bobs, focusArea: 'lung', questionId: 'age', value: 61 } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${bobs}`, headers: bob })).json().answers).toEqual({});
  });

  it('stores answers per patient folder and builds the patient', async () => {
    const patientId = await newFolder('lung');
    const post = (body: object, headers = alice) => app.inject({ method: 'POST', url: '/api/survey/answer', headers, payload: { patientId, focusArea: 'lung', ...body } });
    expect((await post({ questionId: 'diagnosis.lung', value: 'LUAD' })).statusCode).toBe(200);
    expect((await post({ questionId: 'age', value: 61 })).statusCode).toBe(200);
    expect((await post({ questionId: 'metastatic', value: 'yes' })).statusCode).toBe(200);
    const sites = await post({ questionId: 'metastasis_sites', value: ['brain', 'liver'] });
    expect(sites.json().actions.visible).toContain('brain_mets_treated');
    expect((await post({ questionId: 'alterations', value: ['egfr l858r'] })).json().value).toEqual(['EGFR L858R']);
    const loc = await app.inject({ method: 'POST', url: '/api/survey/location/answers', headers: alice, payload: { patientId, focusArea: 'lung', location: { id: 'city:3173435', sessionToken: token } } });
    expect(loc.statusCode).toBe(200);
    expect(loc.json().feature.name).toBe('Milan');

    // Turning metastatic off drops the answers it hid.
    const off = await post({ questionId: 'metastatic', value: 'no' });
    expect(off.json().actions.cleared).toEqual(['metastasis_sites']);

    const data = await app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${patientId}`, headers: alice });
    expect(data.statusCode).toBe(200);
    const body = data.json();
    expect(Object.keys(body.answers).sort()).toEqual(['age', 'alterations', 'diagnosis.lung', 'location', 'metastatic']);
    const patient = PatientData.parse(body.patient);
    expect(patient).toMatchObject({ focusArea: 'lung', oncotreeCode: 'LUAD', age: 61, metastatic: false, metastasisSites: [], location: { city: 'Milan', countryCode: 'IT' } });
    expect(patient.alterations).toEqual([{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }]);

    // Another user sees nothing of it; the folder keeps its focus area.
    const other = await app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${patientId}`, headers: bob });
    expect(other.json()).toMatchObject({ focusArea: null, answers: {} });
    const mismatch = await app.inject({ method: 'POST', url: '/api/survey/answer', headers: alice, payload: { patientId, focusArea: 'breast', questionId: 'age', value: 50 } });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error.code).toBe('focus_area_mismatch');
  });

  it('stores the patient with the answers it was built from and rebuilds one stored by an older derivation', async () => {
    const patientId = await newFolder('colon');
    const post = (questionId: string, value: unknown) => app.inject({ method: 'POST', url: '/api/survey/answer', headers: alice, payload: { patientId, focusArea: 'colon', questionId, value } });
    expect((await post('diagnosis.colon', 'COAD')).statusCode).toBe(200);
    expect((await post('age', 58)).statusCode).toBe(200);
    const row = () =>
      sql<{ patient: { age?: number; oncotreeCode?: string }; patient_version: string }>`select patient, patient_version from survey_folders where patient_id = ${patientId}`
        .execute(database.db)
        .then((r) => r.rows[0]);
    // every save stores the patient its answers describe, in the same transaction
    expect(await row()).toMatchObject({ patient: { age: 58, oncotreeCode: 'COAD' }, patient_version: derivationVersion() });

    // a patient stored by an older derivation is rebuilt on read and stored again
    await sql`update survey_folders set patient = ${JSON.stringify({ focusArea: 'colon', age: 1, metastasisSites: [], priorTreatments: [], biomarkers: [], alterations: [], comorbidities: [] })}::jsonb, patient_version = 'old' where patient_id = ${patientId}`.execute(database.db);
    const data = await app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${patientId}`, headers: alice });
    expect(data.json().patient).toMatchObject({ age: 58, oncotreeCode: 'COAD' });
    expect(await row()).toMatchObject({ patient: { age: 58 }, patient_version: derivationVersion() });

    // the stored patient is what reads return (a current version is not rebuilt)
    await sql`update survey_folders set patient = jsonb_set(patient, '{age}', '59') where patient_id = ${patientId}`.execute(database.db);
    expect((await app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${patientId}`, headers: alice })).json().patient.age).toBe(59);
  });

  it('stores treatment courses, refuses a line outside metastatic disease in the asker\'s language, and labels stored answers', async () => {
    const patientId = await newFolder('colon');
    const post = (questionId: string, value: unknown, lang = 'en') => app.inject({ method: 'POST', url: '/api/survey/answer', headers: alice, payload: { patientId, focusArea: 'colon', questionId, value, lang } });
    expect((await post('diagnosis.colon', 'COAD')).statusCode).toBe(200);
    const bad = await post('prior_treatments', [{ value: 'regimen:folfox', setting: 'adjuvant', line: 1 }], 'es');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0]).toMatchObject({ path: 'value', code: 'line_needs_metastatic_setting' });
    const ok = await post('prior_treatments', [{ value: 'regimen:folfox', setting: 'adjuvant' }, { value: 'Regimen:FOLFIRI', line: 1, response: 'stable', progressed: 'yes' }]);
    expect(ok.json().value).toEqual([{ value: 'regimen:folfox', setting: 'adjuvant' }, { value: 'regimen:folfiri', setting: 'metastatic', line: 1, response: 'stable', progressed: 'yes' }]);
    const data = (await app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${patientId}&lang=it`, headers: alice })).json();
    expect(data.patient.priorTreatments.find((t: { name: string }) => t.name === 'irinotecan')).toMatchObject({ regimen: 'folfiri', setting: 'metastatic', line: 1, bestResponse: 'stable', progressed: true });
    expect(data.labels).toMatchObject({ 'regimen:folfox': 'FOLFOX (fluorouracile, leucovorina, oxaliplatino)', COAD: 'Adenocarcinoma del colon' });
  });

  it('rejects bad answers, huge payloads and anonymous writes', async () => {
    const post = (payload: object, headers: Record<string, string> = alice) => app.inject({ method: 'POST', url: '/api/survey/answer', headers, payload });
    const age = await post({ patientId: 'p2', focusArea: 'breast', questionId: 'age', value: 130 });
    expect(age.statusCode).toBe(400);
    expect(age.json().error).toMatchObject({ code: 'validation_failed', fields: [{ path: 'value', code: 'above_max' }] });
    const code = await post({ patientId: 'p2', focusArea: 'breast', questionId: 'diagnosis.breast', value: 'NOPE' });
    expect(code.json().error.fields[0].code).toBe('unknown_oncotree_code');
    const huge = await post({ patientId: 'p2', focusArea: 'breast', questionId: 'comorbidities', value: Array.from({ length: 5000 }, () => 'hiv') });
    expect(huge.statusCode).toBe(400);
    const tooBig = await app.inject({ method: 'POST', url: '/api/survey/answer', headers: { ...alice, 'content-type': 'application/json' }, payload: JSON.stringify({ patientId: 'p2', focusArea: 'breast', questionId: 'age', value: 'x'.repeat(2_000_000) }) });
    expect(tooBig.statusCode).toBe(413);
    expect((await post({ patientId: 'p2', focusArea: 'breast', questionId: 'age', value: 40 }, {})).statusCode).toBe(401);
  });

  it('autocompletes, suggests possible answers and processes actions', async () => {
    const ac = await app.inject({ method: 'GET', url: '/api/survey/autocomplete?source=drugs&q=cisplatino&lang=es' });
    expect(ac.json().items[0]).toMatchObject({ value: 'cisplatin', label: 'cisplatino' });
    const pa = await app.inject({ method: 'GET', url: '/api/survey/autocomplete-possible-answer?questionId=diagnosis.breast&q=lobular' });
    expect(pa.json().items.map((i: { value: string }) => i.value)).toContain('ILC');
    expect((await app.inject({ method: 'GET', url: '/api/survey/autocomplete-possible-answer?questionId=nope&q=x' })).statusCode).toBe(404);
    const actions = await app.inject({ method: 'POST', url: '/api/survey/process-actions', payload: { focusArea: 'prostate', answers: { metastatic: 'yes' } } });
    expect(actions.json().visible).toContain('metastasis_sites');
    expect(actions.json().visible).not.toContain('pregnant');
  });
});

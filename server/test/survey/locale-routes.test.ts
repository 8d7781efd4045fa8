import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { openDatabase, type Db } from '../../src/db';
import { registerErrorHandling } from '../../src/http/errors';
import { sessionPlugin } from '../../src/http/session';
import { usersStorage } from '../../src/users/storage';
import { SurveyService } from '../../src/survey/service';
import { surveyStorage } from '../../src/survey/storage';
import { surveyRoutes } from '../../src/survey/routes';
import { folderPatients } from '../../src/survey/derivedPatient';
import { testGeoService } from '../support/geo';

/**
 * POST /survey/answer with numbers typed in Italian and Spanish (the language the browser sends): the
 * stored value is the one the user meant, never "1,3" read as 13, and a refused number says why in the
 * user's language with its values.
 */
let app: FastifyInstance;
let database: Db;
let auth: Record<string, string>;
let userId: string;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: 'memory' });
  const geo = testGeoService();
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(sessionPlugin, { secret: crypto.randomBytes(32), ttlHours: 1, db: database.db });
  await app.register(
    async (api) => {
      const survey = new SurveyService({ geo: () => geo });
      const storage = surveyStorage(database.db);
      await api.register(surveyRoutes, { survey, storage, folders: folderPatients(survey, storage), geo });
    },
    { prefix: '/api' },
  );
  await app.ready();
  userId = await usersStorage(database.db).create({ email: `numbers.${Date.now()}@example.org`, passwordHash: 'x' });
  auth = { authorization: `Bearer ${await app.sessions.issue(userId)}` };
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const folder = async (focusArea: string) => {
  const id = crypto.randomUUID();
  await database.db.insertInto('patients').values({ user_id: userId, id, name: 'Numbers', focus_area: focusArea }).execute();
  return id;
};
const answer = (patientId: string, focusArea: string, questionId: string, value: unknown, lang: string) =>
  app.inject({ method: 'POST', url: '/api/survey/answer', headers: { ...auth, 'accept-language': lang }, payload: { patientId, focusArea, questionId, value } });
const stored = async (patientId: string) => (await app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${patientId}`, headers: auth })).json();

describe('numbers typed in the user’s language, through the API', () => {
  it('stores "1,3" as 1.3 and refuses it where a whole number is asked, in Italian', async () => {
    const id = await folder('prostate');
    const psa = await answer(id, 'prostate', 'prostate.psa', '1,3', 'it-IT');
    expect(psa.statusCode).toBe(200);
    expect(psa.json().value).toBe(1.3);
    expect((await stored(id)).patient.biomarkers).toContainEqual({ name: 'PSA', value: '1.3', unit: 'ng/mL' });
    const age = await answer(id, 'prostate', 'age', '1,3', 'it-IT');
    expect(age.statusCode).toBe(400);
    expect(age.json().error.fields).toEqual([{ path: 'value', code: 'not_integer', message: 'Inserisca un numero intero.' }]);
  });

  it('asks about an ambiguous number with both readings, and changes nothing', async () => {
    const id = await folder('prostate');
    await answer(id, 'prostate', 'prostate.psa', 2.5, 'es');
    const r = await answer(id, 'prostate', 'prostate.psa', '1,300', 'es');
    expect(r.statusCode).toBe(400);
    expect(r.json().error.fields[0]).toEqual({ path: 'value', code: 'number_ambiguous', message: '«1,300» puede ser 1,3 o 1300: escríbalo sin separador o solo con la coma decimal.' });
    expect((await stored(id)).answers['prostate.psa']).toBe(2.5);
    // the thousands point of Spanish
    expect((await answer(id, 'prostate', 'prostate.psa', '1.300', 'es')).json().value).toBe(1300);
    // bounds keep their values in the message
    const over = await answer(id, 'prostate', 'prostate.psa', '150.000', 'es');
    expect(over.json().error.fields[0].message).toBe('El valor debe ser como máximo 100000.');
  });

  it('never stores a lab value typed as text: the browser sends the number it read', async () => {
    const id = await folder('lung');
    const r = await answer(id, 'lung', 'labs', [{ analyte: 'creatinine', value: '1,3', unit: 'mg/dL' }], 'it');
    expect(r.statusCode).toBe(400);
    expect((await stored(id)).answers.labs).toBeUndefined();
    const ok = await answer(id, 'lung', 'labs', [{ analyte: 'creatinine', value: 1.3, unit: 'mg/dL' }], 'it');
    expect(ok.json().value).toEqual([{ analyte: 'creatinine', value: 1.3, unit: 'mg/dL' }]);
  });
});

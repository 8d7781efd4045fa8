import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FocusArea, SurveyLang } from '@oncodesk/shared/contracts';
import { openDatabase, type Db } from '../../src/db';
import { registerErrorHandling } from '../../src/http/errors';
import { sessionPlugin } from '../../src/http/session';
import { usersStorage } from '../../src/users/storage';
import { SurveyService } from '../../src/survey/service';
import { surveyStorage } from '../../src/survey/storage';
import { surveyRoutes } from '../../src/survey/routes';
import { folderPatients } from '../../src/survey/derivedPatient';
import { answerChange, proposeAnswers } from '../../src/survey/fromReading';
import { testGeoService } from '../support/geo';

/**
 * The free-text start's mapping: what the clinical language reader understood becomes the folder's survey
 * answers (validated as typed answers are), what it could not place is said, what it was unsure of is asked.
 */
const survey = new SurveyService({ geo: () => testGeoService() });
const read = (focusArea: FocusArea, lang: SurveyLang, text: string, current = {}) => proposeAnswers(survey, focusArea, text, current, lang);
const answersOf = (r: ReturnType<typeof read>) => Object.fromEntries(r.proposals.map((p) => [p.questionId, p.value]));

describe('reader facts -> survey answers, one line per focus area (en/es/it)', () => {
  it.each<[FocusArea, SurveyLang, string, Record<string, unknown>]>([
    [
      'breast',
      'it',
      'Donna di 63 anni, carcinoma mammario metastatico ER+ HER2 2+ ISH amplificato, dopo palbociclib in prima linea, metastasi ossee',
      {
        'diagnosis.breast': 'BREAST',
        age: 63,
        gender: 'female',
        metastatic: 'yes',
        metastasis_sites: ['bone'],
        prior_treatments: [{ value: 'palbociclib', setting: 'metastatic', line: 1 }],
        'breast.her2': 'ihc_2_ish_amplified',
        'breast.er': 'positive',
      },
    ],
    [
      'lung',
      'en',
      'NSCLC stage IVA, PD-L1 TPS 80%, s/p carbo/pem/pembro 1L, KRAS G12C',
      {
        'diagnosis.lung': 'NSCLC',
        'stage.lung': 'IVA',
        metastatic: 'yes',
        // the three drugs written as one course are the regimen they make, with its line
        prior_treatments: [{ value: 'regimen:carboplatin-pemetrexed-pembrolizumab', setting: 'metastatic', line: 1 }],
        'lung.pdl1_tps': 80,
        alterations: ['KRAS G12C'],
      },
    ],
    [
      'prostate',
      'en',
      '68M mCRPC s/p ADT + enzalutamide, BRCA2 germline, ECOG 1',
      {
        'diagnosis.prostate': 'PROSTATE',
        age: 68,
        gender: 'male',
        ecog: '1',
        metastatic: 'yes',
        prior_treatments: ['class:androgen_deprivation', 'enzalutamide'],
        'prostate.castration_status': 'resistant',
        alterations: ['BRCA2 Mutation'],
      },
    ],
    [
      'stomach',
      'es',
      'Varón de 64 años, adenocarcinoma gástrico metastásico HER2 positivo, tras FOLFOX, ECOG 1',
      { 'diagnosis.stomach': 'STAD', age: 64, gender: 'male', ecog: '1', metastatic: 'yes', prior_treatments: ['regimen:folfox'], 'stomach.her2': 'positive' },
    ],
    [
      'liver',
      'it',
      'Uomo di 70 anni, epatocarcinoma Child-Pugh A, dopo atezolizumab + bevacizumab',
      { 'diagnosis.liver': 'HCC', age: 70, gender: 'male', prior_treatments: ['regimen:atezolizumab-bevacizumab'], 'liver.child_pugh': 'A' },
    ],
    [
      'thyroid',
      'en',
      '54F papillary thyroid carcinoma, RAI-refractory, BRAF V600E',
      { 'diagnosis.thyroid': 'THPA', age: 54, gender: 'female', 'thyroid.rai_refractory': 'yes', alterations: ['BRAF V600E'] },
    ],
    [
      'cervix_uteri',
      'es',
      'Mujer de 45 años, carcinoma escamoso de cérvix, PD-L1 CPS 10, tras cisplatino',
      { 'diagnosis.cervix_uteri': 'CESC', age: 45, gender: 'female', prior_treatments: ['cisplatin'], pdl1_cps: 10 },
    ],
    [
      'bladder',
      'it',
      'Uomo di 72 anni, carcinoma uroteliale della vescica metastatico, FGFR3 mutato, dopo cisplatino e gemcitabina',
      {
        'diagnosis.bladder': 'BLCA',
        age: 72,
        gender: 'male',
        metastatic: 'yes',
        prior_treatments: ['regimen:gemcitabine-cisplatin'],
        alterations: ['FGFR3 Mutation'],
      },
    ],
    [
      'kidney',
      'en',
      '61M metastatic clear cell RCC, IMDC intermediate, s/p nephrectomy, s/p pembro-axi 1L',
      {
        'diagnosis.kidney': 'CCRCC',
        age: 61,
        gender: 'male',
        metastatic: 'yes',
        'kidney.imdc_risk': 'intermediate',
        'local_treatments.kidney': ['surgery'],
        prior_treatments: [{ value: 'regimen:pembrolizumab-axitinib', setting: 'metastatic', line: 1 }],
      },
    ],
    [
      'colon',
      'es',
      'CCR metastásico RAS nativo, MSI-H, tras FOLFOX y bevacizumab, metástasis hepáticas, creatinina 1,3 mg/dl',
      {
        'diagnosis.colon': 'COADREAD',
        metastatic: 'yes',
        metastasis_sites: ['liver'],
        msi: 'high',
        alterations: ['KRAS Wild Type', 'NRAS Wild Type'],
        labs: [{ analyte: 'creatinine', value: 1.3, unit: 'mg/dL' }],
      },
    ],
  ])('%s (%s): %s', (focusArea, lang, text, expected) => {
    const r = read(focusArea, lang, text);
    expect(answersOf(r)).toMatchObject(expected);
    // every proposal is an answer the survey accepts as typed, shown in the clinician's language
    for (const p of r.proposals) {
      expect(survey.validateAnswer(p.questionId, p.value, { focusArea, lang })).toEqual({ ok: true, value: p.value });
      expect(p.status).toBe('new');
      expect(p.display).not.toBe('');
    }
  });

  it('a whole day of diagnosis becomes the diagnosis date answer; a month and year is not stretched to a day', () => {
    expect(answersOf(read('lung', 'es', 'Cáncer de pulmón diagnosticado el 15/03/2024'))['diagnosis_date']).toBe('2024-03-15');
    const partial = read('lung', 'en', 'NSCLC dx 03/2024');
    expect(answersOf(partial)['diagnosis_date']).toBeUndefined();
    expect(partial.notUnderstood.map((n) => n.text)).toEqual(['dx 03/2024']);
  });

  it("a line with no word of Spanish or Italian is read in the clinician's language: numbers and dates", () => {
    const it = read('breast', 'it', 'mBC, creat 1,3 mg/dl, dx 05/03/2024');
    expect(answersOf(it)).toMatchObject({ labs: [{ analyte: 'creatinine', value: 1.3, unit: 'mg/dL' }], diagnosis_date: '2024-03-05' });
    // in English the same date could be 3 May or 5 March: asked, not answered
    const en = read('breast', 'en', 'mBC, dx 05/03/2024');
    expect(answersOf(en).diagnosis_date).toBeUndefined();
    expect(en.warnings).toEqual(['ambiguous date: 05/03/2024 (day/month or month/day)']);
  });

  it('shows answers in the language asked: Italian option labels and course words', () => {
    const r = read('breast', 'it', 'Donna di 63 anni, carcinoma mammario metastatico, dopo palbociclib in prima linea');
    const by = Object.fromEntries(r.proposals.map((p) => [p.questionId, p]));
    expect(by.metastatic.display).toBe('Sì');
    expect(by.prior_treatments.display).toBe('palbociclib (linea 1)');
    expect(by.prior_treatments.from).toEqual(['palbociclib']);
  });

  it("comorbidities the reader names by their criterion condition become the survey's own answers", () => {
    // cirrhosis is the survey's "liver cirrhosis" answer, hepatitis C its own
    const liver = read('liver', 'es', 'Varón de 66 años, hepatocarcinoma sobre cirrosis alcohólica, VHC positivo, Child-Pugh B7');
    expect(answersOf(liver).comorbidities).toEqual(expect.arrayContaining(['liver_cirrhosis', 'hepatitis_c']));
    expect(liver.unplaced.filter((u) => u.field === 'comorbidities')).toEqual([]);
  });
});

describe('nothing invented', () => {
  it('a finding written as a question or hedged is asked, not answered', () => {
    const r = read('lung', 'en', 'NSCLC stage IVA, ?liver mets, possible bone mets, KRAS G12C');
    expect(answersOf(r).metastasis_sites).toBeUndefined();
    expect(r.notUnderstood).toEqual([expect.objectContaining({ text: '?liver mets, possible bone mets', reason: 'uncertain' })]);
  });

  it('a denied finding gives no answer and is listed as such', () => {
    const r = read('lung', 'en', 'metastatic NSCLC, no brain mets');
    expect(answersOf(r).metastasis_sites).toBeUndefined();
    expect(r.unplaced).toContainEqual({ text: 'brain mets', field: 'absentMetastasisSites', reason: 'absent' });
  });

  it('what the survey cannot hold is said: germline origin, a stage coarser than asked, a fact of no question', () => {
    const prostate = read('prostate', 'en', '68M mCRPC, BRCA2 germline');
    expect(prostate.unplaced).toContainEqual({ text: 'BRCA2: germline', field: 'alterations.origin', reason: 'no_question' });
    const lung = read('lung', 'en', 'NSCLC stage IV, never smoker');
    expect(answersOf(lung)['stage.lung']).toBeUndefined();
    expect(lung.unplaced).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'stage IV', reason: 'not_valid' }),
        expect.objectContaining({ text: 'never smoker', reason: 'no_question' }),
      ]),
    );
  });

  it('a PD-L1 score on another scale than the question asks is not put in it', () => {
    const r = read('lung', 'en', 'NSCLC, PD-L1 CPS 10');
    expect(answersOf(r)['lung.pdl1_tps']).toBeUndefined();
    expect(r.unplaced).toContainEqual(expect.objectContaining({ text: 'PD-L1 CPS 10', reason: 'not_valid' }));
  });

  it('a diagnosis of another focus area is not answered in this folder', () => {
    const r = read('lung', 'es', 'Mujer de 50 años con cáncer de mama metastásico');
    expect(answersOf(r)['diagnosis.lung']).toBeUndefined();
    expect(r.unplaced).toContainEqual(expect.objectContaining({ field: 'oncotreeCode', reason: 'other_focus_area' }));
  });

  it('an answer the survey would not ask given the others is said, not saved to be dropped', () => {
    const r = read('kidney', 'en', '61M clear cell RCC, IMDC intermediate');
    expect(answersOf(r)['kidney.imdc_risk']).toBeUndefined();
    expect(r.unplaced).toContainEqual({ text: 'IMDC intermediate', field: 'kidney.imdc_risk', reason: 'not_asked' });
  });
});

describe('answers already given', () => {
  it('a list answer grows, a different answer is a replacement the clinician must choose', () => {
    const r = read('breast', 'en', '63F metastatic breast cancer, s/p letrozole, ECOG 1', { ecog: '0', prior_treatments: ['palbociclib'] });
    const by = Object.fromEntries(r.proposals.map((p) => [p.questionId, p]));
    expect(by.prior_treatments).toMatchObject({ status: 'adds', value: ['palbociclib', 'letrozole'], currentDisplay: 'palbociclib' });
    expect(by.ecog).toMatchObject({ status: 'replaces', value: '1' });
    expect(answerChange('1', '1')).toBe('same');
    expect(answerChange(undefined, '1')).toBe('new');
  });
});

describe('POST /survey/free-text and /survey/answers', () => {
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
        const s = new SurveyService({ geo: () => geo });
        const storage = surveyStorage(database.db);
        await api.register(surveyRoutes, { survey: s, storage, folders: folderPatients(s, storage), geo });
      },
      { prefix: '/api' },
    );
    await app.ready();
    userId = await usersStorage(database.db).create({ email: `freetext.${Date.now()}@example.org`, passwordHash: 'x' });
    auth = { authorization: `Bearer ${await app.sessions.issue(userId)}` };
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const folder = async (focusArea: string) => {
    const id = crypto.randomUUID();
    await database.db.insertInto('patients').values({ user_id: userId, id, name: 'Free text', focus_area: focusArea }).execute();
    return id;
  };
  const post = (url: string, payload: Record<string, unknown>, lang = 'en') =>
    app.inject({ method: 'POST', url, headers: { ...auth, 'accept-language': lang }, payload });
  const stored = async (patientId: string) =>
    (await app.inject({ method: 'GET', url: `/api/survey/patient-data?patientId=${patientId}`, headers: auth })).json();

  it('proposes, then saves the confirmed answers; the survey continues at the first question still unanswered', async () => {
    const id = await folder('prostate');
    const proposed = await post(
      '/api/survey/free-text',
      { patientId: id, focusArea: 'prostate', text: '68M mCRPC s/p ADT + enzalutamide, BRCA2 germline, ECOG 1' },
      'it',
    );
    expect(proposed.statusCode).toBe(200);
    const body = proposed.json();
    // nothing is stored by reading
    expect((await stored(id)).answers).toEqual({});
    expect(body.proposals.find((p: { questionId: string }) => p.questionId === 'ecog').question).toMatch(/ECOG|performance/i);
    const answers = Object.fromEntries(body.proposals.map((p: { questionId: string; value: unknown }) => [p.questionId, p.value]));
    const saved = await post('/api/survey/answers', { patientId: id, focusArea: 'prostate', answers });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().kept).toEqual([]);
    const data = await stored(id);
    expect(data.answers).toMatchObject({ age: 68, ecog: '1', 'prostate.castration_status': 'resistant', alterations: ['BRCA2 Mutation'] });
    expect(data.patient.priorTreatments.map((t: { name: string }) => t.name)).toContain('enzalutamide');
    // diagnosis date is the first question the line did not answer
    expect(saved.json().actions.next).toBe('diagnosis_date');
  });

  it('does not replace a stored answer unless asked to, and says which were kept', async () => {
    const id = await folder('lung');
    await post('/api/survey/answers', { patientId: id, focusArea: 'lung', answers: { ecog: '0', age: 70 } });
    const again = await post('/api/survey/answers', { patientId: id, focusArea: 'lung', answers: { ecog: '1', age: 70, gender: 'female' } });
    expect(again.json()).toMatchObject({ saved: ['gender'], kept: ['ecog'] });
    expect((await stored(id)).answers).toMatchObject({ ecog: '0', gender: 'female' });
    const replaced = await post('/api/survey/answers', { patientId: id, focusArea: 'lung', answers: { ecog: '1' }, replace: ['ecog'] });
    expect(replaced.json()).toMatchObject({ saved: ['ecog'], kept: [] });
    expect((await stored(id)).answers.ecog).toBe('1');
  });

  it('refuses a set with one bad answer, in the user’s language, and stores none of it', async () => {
    const id = await folder('lung');
    const res = await post('/api/survey/answers', { patientId: id, focusArea: 'lung', answers: { age: 70, ecog: '7' } }, 'es');
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error).toMatchObject({ code: 'validation_failed', fields: [{ path: 'answers.ecog', code: 'invalid_option' }] });
    expect(error.fields[0].message).not.toBe('invalid_option');
    expect((await stored(id)).answers).toEqual({});
  });

  it('answers 409 for a folder of another focus area and 404 for a folder that is not the caller’s', async () => {
    const id = await folder('breast');
    await post('/api/survey/answers', { patientId: id, focusArea: 'breast', answers: { age: 50 } });
    expect((await post('/api/survey/free-text', { patientId: id, focusArea: 'lung', text: 'NSCLC' })).statusCode).toBe(409);
    expect((await post('/api/survey/answers', { patientId: crypto.randomUUID(), focusArea: 'lung', answers: { age: 50 } })).statusCode).toBe(404);
    expect((await post('/api/survey/free-text', { patientId: id, focusArea: 'breast', text: '   ' })).statusCode).toBe(400);
  });
});

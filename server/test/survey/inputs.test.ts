import { SurveyService, SurveyValidationError } from '../../src/survey/service';
import { HER2_STATUS, questionsByFocusArea } from '../../src/survey/questions';
import { patientSummary } from '../../src/patients/summary';

const survey = new SurveyService();
const first = (source: 'drugs' | 'variants', q: string, lang: 'en' | 'es' | 'it' = 'en') => survey.autocomplete(source, q, { lang, limit: 5 })[0];

describe('alterations written in Spanish and Italian', () => {
  it.each([
    ['ERBB2 amplificación', 'ERBB2 Amplification'],
    ['HER2 amplificazione', 'ERBB2 Amplification'],
    ['amplificación de ERBB2', 'ERBB2 Amplification'],
    ['EGFR mutación', 'EGFR Mutation'],
    ['KRAS mutazione', 'KRAS Mutation'],
    ['ALK fusione', 'ALK Fusion'],
    ['fusión de ROS1', 'ROS1 Fusion'],
    ['RET reordenamiento', 'RET Fusion'],
    ['ALK rearranged', 'ALK Fusion'],
    ['MET amplified', 'MET Amplification'],
  ])('"%s" is found and stored as %s', (typed, stored) => {
    expect(first('variants', typed)).toMatchObject({ value: stored });
    expect(survey.validateAnswer('alterations', [typed])).toEqual({ ok: true, value: [stored] });
  });

  it('the patient gets the alteration, with its category', () => {
    const p = survey.answersToPatient('breast', { 'diagnosis.breast': 'IDC', age: 50, gender: 'female', metastatic: 'yes', alterations: ['ERBB2 amplificación'] });
    expect(p.alterations).toEqual([{ gene: 'ERBB2', category: 'amplification' }]);
  });
});

describe('combinations as one course', () => {
  it.each([
    ['nivolumab + ipilimumab', 'regimen:nivolumab-ipilimumab'],
    ['ipilimumab + nivolumab', 'regimen:nivolumab-ipilimumab'],
    ['ipi-nivo', 'regimen:nivolumab-ipilimumab'],
    ['nivo/ipi', 'regimen:nivolumab-ipilimumab'],
    ['atezo-bev', 'regimen:atezolizumab-bevacizumab'],
    ['STRIDE', 'regimen:durvalumab-tremelimumab'],
    ['pembrolizumab + olaparib', 'combination:pembrolizumab+olaparib'],
    ['pembrolizumab y olaparib', 'combination:pembrolizumab+olaparib'],
  ])('"%s" is offered first as %s', (typed, value) => {
    expect(first('drugs', typed)).toMatchObject({ value, kind: 'regimen' });
  });

  it('a single drug still comes before the regimens that start with it', () => {
    expect(first('drugs', 'pembro')).toMatchObject({ value: 'pembrolizumab', kind: 'drug' });
    expect(first('drugs', 'nivolumab')).toMatchObject({ value: 'nivolumab', kind: 'drug' });
  });

  it('names a combination in the asker’s language and stores it as its drugs with one course', () => {
    expect(first('drugs', 'carboplatino + etoposide', 'es')).toMatchObject({ value: 'regimen:carboplatin-etoposide', label: 'Carboplatino + etopósido' });
    expect(first('drugs', 'capecitabina e temozolomide', 'it')).toMatchObject({ value: 'combination:capecitabine+temozolomide', label: 'capecitabina + temozolomide' });
    const answers = { 'diagnosis.lung': 'LUAD', age: 64, gender: 'male', metastatic: 'yes', prior_treatments: [{ value: 'regimen:nivolumab-ipilimumab', setting: 'metastatic', line: 1, progressed: 'yes' }, 'combination:pembrolizumab+olaparib'] };
    const p = survey.answersToPatient('lung', answers);
    expect(p.priorTreatments.map((t) => [t.name, t.regimen, t.line])).toEqual([
      ['nivolumab', 'nivolumab-ipilimumab', 1],
      ['ipilimumab', 'nivolumab-ipilimumab', 1],
      ['pembrolizumab', 'pembrolizumab + olaparib', undefined],
      ['olaparib', 'pembrolizumab + olaparib', undefined],
    ]);
    // written once per course, as clinicians do
    expect(JSON.stringify(patientSummary(p, 'en'))).toContain('Nivolumab + ipilimumab');
  });

  it('refuses a combination of unknown drugs or of a class', () => {
    expect(survey.validateAnswer('prior_treatments', ['combination:pembrolizumab+notadrug']).ok).toBe(false);
    expect(survey.validateAnswer('prior_treatments', ['combination:pembrolizumab+class:platinum']).ok).toBe(false);
    expect(survey.validateAnswer('prior_treatments', ['combination:pembrolizumab+olaparib'])).toEqual({ ok: true, value: ['combination:pembrolizumab+olaparib'] });
  });
});

describe('HER2 by IHC score and ISH', () => {
  const base = { 'diagnosis.breast': 'IDC', age: 50, gender: 'female', metastatic: 'yes' };
  it.each([
    ['ihc_3', 'positive'],
    ['ihc_2_ish_amplified', 'positive'],
    ['ish_amplified', 'positive'],
    ['ihc_2_ish_not_amplified', 'low'],
    ['ihc_1', 'low'],
    ['ihc_0', 'negative'],
    ['ish_not_amplified', 'negative'],
    ['positive', 'positive'],
    ['low', 'low'],
  ])('%s gives the patient HER2 %s (breast and stomach)', (answer, status) => {
    expect(survey.answersToPatient('breast', { ...base, 'breast.her2': answer }).biomarkers).toEqual([{ name: 'HER2', value: status }]);
    expect(survey.answersToPatient('stomach', { 'diagnosis.stomach': 'STAD', age: 60, gender: 'male', metastatic: 'yes', 'stomach.her2': answer }).biomarkers).toEqual([{ name: 'HER2', value: status }]);
  });

  it('an equivocal 2+ without ISH gives no status; every option has one reading', () => {
    expect(survey.answersToPatient('breast', { ...base, 'breast.her2': 'ihc_2_ish_pending' }).biomarkers).toEqual([]);
    for (const fa of ['breast', 'stomach'] as const) {
      const q = questionsByFocusArea[fa].find((x) => x.id === `${fa}.her2`)!;
      for (const o of q.options!) if (!['not_tested', 'unknown'].includes(o.value)) expect([o.value, o.value in HER2_STATUS]).toEqual([o.value, true]);
    }
  });
});

describe('"none" where a list can be empty', () => {
  const base = { 'diagnosis.lung': 'LUAD', age: 64, gender: 'male', metastatic: 'yes' };
  it('comorbidities, prior medicines and alterations take "none", alone', () => {
    for (const id of ['comorbidities', 'prior_treatments', 'alterations']) {
      expect(survey.validateAnswer(id, ['none'])).toEqual({ ok: true, value: ['none'] });
      const mixed = survey.validateAnswer(id, ['none', id === 'comorbidities' ? 'hiv' : id === 'alterations' ? 'EGFR L858R' : 'pembrolizumab']);
      expect([id, mixed.ok ? 'ok' : mixed.errors[0].code]).toEqual([id, 'invalid_option']);
      for (const lang of ['en', 'es', 'it'] as const) {
        const q = survey.getQuestions('lung', lang).find((x) => x.id === id)!;
        expect(q.options).toEqual([{ value: 'none', label: expect.any(String) }]);
      }
    }
  });

  it('"none" answers the question and adds nothing; no anticancer medicine is no prior line', () => {
    const p = survey.answersToPatient('lung', { ...base, comorbidities: ['none'], prior_treatments: ['none'], alterations: ['none'] });
    expect(p.comorbidities).toEqual([]);
    expect(p.priorTreatments).toEqual([]);
    expect(p.alterations).toEqual([]);
    expect(p.priorLines).toBe(0);
    expect(survey.processActions('lung', { ...base, comorbidities: ['none'] }).visible).toContain('comorbidities');
    // the lines question, when answered, says how many
    expect(survey.answersToPatient('lung', { ...base, prior_treatments: ['none'], prior_lines: 1 }).priorLines).toBe(1);
  });
});

describe('questions that apply to the diagnosis', () => {
  const visible = (answers: Record<string, unknown>) => survey.processActions('thyroid', answers).visible;
  it('medullary thyroid cancer is asked calcitonin and CEA, not the radioiodine question', () => {
    const mtc = visible({ 'diagnosis.thyroid': 'THME' });
    expect(mtc).toEqual(expect.arrayContaining(['thyroid.calcitonin', 'thyroid.cea']));
    expect(mtc).not.toContain('thyroid.rai_refractory');
    const papillary = visible({ 'diagnosis.thyroid': 'THPA' });
    expect(papillary).toContain('thyroid.rai_refractory');
    expect(papillary).not.toContain('thyroid.calcitonin');
  });

  it('stores calcitonin and CEA as the patient’s markers; a radioiodine answer left from another diagnosis is dropped', () => {
    const p = survey.answersToPatient('thyroid', { 'diagnosis.thyroid': 'THME', age: 50, gender: 'female', metastatic: 'yes', 'thyroid.calcitonin': 850, 'thyroid.cea': 12.5, 'thyroid.rai_refractory': 'yes' });
    expect(p.biomarkers).toEqual([{ name: 'Calcitonin', value: '850', unit: 'pg/mL' }, { name: 'CEA', value: '12.5', unit: 'ng/mL' }]);
    expect(p.raiRefractory).toBeUndefined();
    expect(survey.processActions('thyroid', { 'diagnosis.thyroid': 'THME', 'thyroid.rai_refractory': 'yes' }).cleared).toEqual(['thyroid.rai_refractory']);
  });

  it('records whether the disease is progressing, stable or responding, in three languages', () => {
    const texts = (['en', 'es', 'it'] as const).map((l) => survey.getQuestions('lung', l).find((q) => q.id === 'disease_status')!.options!.map((o) => o.label));
    expect(texts[0].slice(0, 3)).toEqual(['Progressing (growing or spreading)', 'Stable', 'Responding (shrinking) to treatment']);
    expect(new Set(texts.map((x) => x[0])).size).toBe(3);
    expect(survey.answersToPatient('lung', { 'diagnosis.lung': 'LUAD', age: 64, gender: 'male', metastatic: 'yes', disease_status: 'progressive' }).diseaseStatus).toBe('progressive');
    expect(survey.answersToPatient('lung', { 'diagnosis.lung': 'LUAD', age: 64, gender: 'male', metastatic: 'yes', disease_status: 'unknown' }).diseaseStatus).toBeUndefined();
    expect(() => survey.answersToPatient('lung', { 'diagnosis.lung': 'LUAD', age: 64, gender: 'male', metastatic: 'yes', disease_status: 'better' })).toThrow(SurveyValidationError);
  });
});

import { PatientData, SurveyQuestion, focusAreas, surveyLanguages, type FocusArea, type SurveyLang } from '@oncodesk/shared/contracts';
import { SurveyService, SurveyValidationError } from '../../src/survey/service';
import { questionById, questionsByFocusArea, type QuestionDef } from '../../src/survey/questions';
import { surveyErrorMessages } from '../../src/survey/messages';

const survey = new SurveyService();

/** A valid answer for a question, taken from its own options or from its live vocabulary. */
function sampleAnswer(q: QuestionDef, fa: FocusArea): unknown {
  switch (q.type) {
    case 'single_choice':
      return q.options!.find((o) => o.value !== 'unknown')!.value;
    case 'multiple_choice':
      return [q.options!.find((o) => !q.exclusive?.includes(o.value))!.value];
    case 'number':
      return q.validation.integer ? Math.round(((q.validation.min ?? 0) + (q.validation.max ?? 100)) / 2) : (q.validation.min ?? 0) + 1.5;
    case 'date':
      return '2024-03-15';
    case 'location':
      return { id: 'city:3173435' };
    case 'labs':
      return [{ analyte: 'creatinine', value: 88, unit: 'µmol/L', uln: 106 }];
    case 'autocomplete': {
      const { source, multiple } = q.autocomplete!;
      const query = { oncotree: '', drugs: 'pembro', genes: 'egfr', variants: 'egfr l858', comorbidities: 'hep' }[source];
      const items = survey.autocomplete(source, query, { focusArea: fa, limit: 2 });
      expect(items.length).toBeGreaterThan(0);
      return multiple ? items.map((i) => i.value) : items[0].value;
    }
  }
}

/** Answers that make a question visible (its showIf conditions, recursively). */
function prerequisites(q: QuestionDef, fa: FocusArea): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const c of q.showIf ?? []) {
    // "not one of": shown while the other question is unanswered
    if (c.op === 'not_in') continue;
    const dep = questionsByFocusArea[fa].find((x) => x.id === c.questionId)!;
    Object.assign(answers, prerequisites(dep, fa));
    answers[c.questionId] = c.op === 'equals' ? c.value : c.op === 'in' ? c.values![0] : [c.value];
  }
  return answers;
}

/** The value at a mapsTo path ("biomarkers.HER2" looks the biomarker up by name). */
function valueAt(patient: PatientData, path: string): unknown {
  if (path.startsWith('biomarkers.')) return patient.biomarkers.find((b) => b.name === path.slice('biomarkers.'.length));
  const v = (patient as Record<string, unknown>)[path];
  return Array.isArray(v) && v.length === 0 ? undefined : v;
}

const baseAnswers = (fa: FocusArea) => ({ [`diagnosis.${fa}`]: survey.autocomplete('oncotree', '', { focusArea: fa, limit: 1 })[0].value, age: 60, gender: 'female', metastatic: 'yes' });

describe('questions', () => {
  it.each(focusAreas.flatMap((fa) => surveyLanguages.map((lang) => [fa, lang] as [FocusArea, SurveyLang])))('%s in %s: complete, translated, valid', (fa, lang) => {
    const questions = survey.getQuestions(fa, lang);
    expect(questions.length).toBeGreaterThanOrEqual(18);
    for (const q of questions) {
      expect(SurveyQuestion.parse(q)).toEqual(q);
      expect(q.text.trim().length).toBeGreaterThan(5);
      if (q.help !== undefined) expect(q.help.trim()).not.toBe('');
      for (const o of q.options ?? []) {
        expect(o.label.trim()).not.toBe('');
        if (o.description !== undefined) expect(o.description.trim()).not.toBe('');
      }
      if (q.type === 'single_choice' || q.type === 'multiple_choice') expect(q.options!.length).toBeGreaterThan(1);
      if (q.type === 'autocomplete') expect(q.autocomplete).toBeDefined();
    }
    const ids = questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [`diagnosis.${fa}`, 'age', 'gender', 'ecog', `stage.${fa}`, 'metastatic', 'metastasis_sites', 'prior_treatments', 'alterations', 'tmb', 'comorbidities', 'location']) expect(ids).toContain(id);
    // Conditions only look back at earlier questions of the same survey.
    questions.forEach((q, i) => (q.showIf ?? []).forEach((c) => expect(ids.slice(0, i)).toContain(c.questionId)));
  });

  it('is really translated: texts differ between languages', () => {
    for (const fa of focusAreas) {
      const [en, es, it] = surveyLanguages.map((l) => survey.getQuestions(fa, l));
      en.forEach((q, i) => {
        expect(es[i].text).not.toBe(q.text);
        expect(it[i].text).not.toBe(q.text);
        expect(es[i].text).not.toBe(it[i].text);
      });
    }
  });

  it('describes every ECOG grade 0-4 in plain words', () => {
    for (const lang of surveyLanguages) {
      const ecog = survey.getQuestions('lung', lang).find((q) => q.id === 'ecog')!;
      expect(ecog.options!.map((o) => o.value)).toEqual(['0', '1', '2', '3', '4']);
      for (const o of ecog.options!) expect(o.description!.length).toBeGreaterThan(40);
    }
  });

  it('asks the biomarkers each disease needs', () => {
    const maps = (fa: FocusArea) => survey.getQuestions(fa, 'en').map((q) => q.mapsTo);
    expect(maps('breast')).toEqual(expect.arrayContaining(['biomarkers.HER2', 'biomarkers.ER', 'biomarkers.PR']));
    expect(maps('prostate')).toEqual(expect.arrayContaining(['biomarkers.PSA', 'castrationStatus']));
    expect(maps('lung')).toContain('biomarkers.PD-L1');
    for (const fa of ['colon', 'stomach'] as const) expect(maps(fa)).toEqual(expect.arrayContaining(['msi', 'biomarkers.MMR']));
    expect(maps('stomach')).toContain('biomarkers.HER2');
    expect(maps('liver')).toEqual(expect.arrayContaining(['biomarkers.AFP', 'childPugh']));
    expect(maps('colon')).toContain('biomarkers.CEA');
    expect(maps('thyroid')).toContain('raiRefractory');
    expect(maps('kidney')).toContain('imdcRisk');
    expect(survey.getQuestions('prostate', 'en').map((q) => q.id)).not.toContain('pregnant');
  });
});

describe('answersToPatient', () => {
  it.each([...focusAreas])('%s: every question fills its mapsTo path with valid PatientData', (fa) => {
    for (const q of questionsByFocusArea[fa]) {
      const answers = { ...baseAnswers(fa), ...prerequisites(q, fa), [q.id]: sampleAnswer(q, fa) };
      const patient = survey.answersToPatient(fa, answers);
      expect(PatientData.parse(patient)).toEqual(patient);
      expect(patient.focusArea).toBe(fa);
      expect([q.id, valueAt(patient, q.mapsTo)]).toEqual([q.id, expect.anything()]);
    }
  });

  it('maps a full lung answer set to the expected patient', () => {
    const patient = survey.answersToPatient('lung', {
      'diagnosis.lung': 'luad',
      diagnosis_date: '2023-05-02',
      age: '64',
      gender: 'male',
      ecog: '1',
      'stage.lung': 'IVA',
      metastatic: 'yes',
      metastasis_sites: ['brain', 'bone'],
      brain_mets_treated: 'yes',
      'local_treatments.lung': ['radiotherapy'],
      prior_treatments: ['osimertinib', 'class:platinum'],
      'lung.pdl1_tps': 60,
      alterations: ['egfr p.l858r', 'HER2 amplification', 'BRCA2'],
      tmb: 12.5,
      comorbidities: ['hepatitis_b'],
      location: { id: 'city:3173435' },
    });
    expect(patient).toMatchObject({
      oncotreeCode: 'LUAD',
      diagnosisText: 'Lung Adenocarcinoma',
      diagnosisDate: '2023-05-02',
      age: 64,
      gender: 'male',
      ecog: 1,
      stage: 'IVA',
      metastatic: true,
      metastasisSites: ['brain', 'bone'],
      brainMetastasesTreated: true,
      tmb: 12.5,
      comorbidities: ['hepatitis_b'],
      location: { locationId: 'city:3173435', city: 'Milan', countryCode: 'IT', region: 'Lombardy' },
    });
    expect(patient.priorTreatments).toEqual([
      { name: 'radiotherapy', kind: 'radiation' },
      { name: 'osimertinib', kind: 'drug', classes: ['egfr_tki', 'tki', 'egfr_tki_3g'] },
      { name: 'Platinum chemotherapy', kind: 'drug_class', classes: ['platinum', 'chemotherapy'], candidates: ['cisplatin', 'carboplatin', 'oxaliplatin'] },
    ]);
    expect(patient.biomarkers).toEqual([{ name: 'PD-L1', value: '60', unit: '%' }]);
    expect(patient.alterations).toEqual([
      { gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' },
      { gene: 'ERBB2', category: 'amplification' },
      { gene: 'BRCA2', category: 'mutation' },
    ]);
  });

  it('ignores answers to questions hidden by their conditions, and "unknown"', () => {
    const patient = survey.answersToPatient('breast', { ...baseAnswers('breast'), metastatic: 'no', metastasis_sites: ['liver'], gender: 'male', pregnant: 'yes', 'breast.her2': 'unknown', resectable: 'unknown' });
    expect(patient.metastatic).toBe(false);
    expect(patient.metastasisSites).toEqual([]);
    expect(patient.pregnant).toBeUndefined();
    expect(patient.biomarkers).toEqual([]);
    expect(patient.resectable).toBeUndefined();
  });

  it('rejects invalid answers with every problem listed', () => {
    try {
      survey.answersToPatient('colon', { 'diagnosis.colon': 'LUAD', age: 200, nonsense: 1 }, { lang: 'it' });
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(SurveyValidationError);
      const errors = (e as SurveyValidationError).errors;
      expect(errors.map((x) => [x.questionId, x.code])).toEqual([
        ['diagnosis.colon', 'oncotree_outside_focus_area'],
        ['age', 'above_max'],
        ['nonsense', 'unknown_question'],
      ]);
      expect(errors[1].message).toBe('Il valore deve essere al massimo 120.');
    }
    expect(() => survey.answersToPatient('lung', Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`q${i}`, 1])))).toThrow(SurveyValidationError);
    expect(() => survey.answersToPatient('lung', { 'stage.breast': 'IA' })).toThrow(/question_not_in_focus_area/);
  });
});

describe('validateAnswer', () => {
  const bad = (id: string, value: unknown, code: string) => {
    const r = survey.validateAnswer(id, value);
    expect([id, value, r.ok ? 'ok' : r.errors[0].code]).toEqual([id, value, code]);
  };

  it('rejects impossible ages', () => {
    bad('age', -1, 'below_min');
    bad('age', 121, 'above_max');
    bad('age', 45.5, 'not_integer');
    bad('age', 'forty', 'not_a_number');
    bad('age', Number.NaN, 'not_a_number');
    bad('age', Number.POSITIVE_INFINITY, 'not_a_number');
    bad('age', { years: 40 }, 'invalid_type');
    bad('age', null, 'required');
    expect(survey.validateAnswer('age', '57')).toEqual({ ok: true, value: 57 });
  });

  it('rejects unknown OncoTree codes and codes of another focus area', () => {
    bad('diagnosis.breast', 'XXXX', 'unknown_oncotree_code');
    bad('diagnosis.breast', 'LUAD', 'oncotree_outside_focus_area');
    bad('diagnosis.cervix_uteri', 'PRAD', 'oncotree_outside_focus_area');
    bad('diagnosis.stomach', 42, 'invalid_type');
    expect(survey.validateAnswer('diagnosis.breast', 'idc')).toEqual({ ok: true, value: 'IDC' });
    expect(survey.validateAnswer('diagnosis.cervix_uteri', 'CESC').ok).toBe(true);
  });

  it('rejects malformed values of every type', () => {
    bad('gender', 'banana', 'invalid_option');
    bad('gender', ['female'], 'invalid_type');
    bad('metastasis_sites', 'brain', 'invalid_type');
    bad('metastasis_sites', ['brain', 'brain'], 'duplicate_item');
    bad('metastasis_sites', ['moon'], 'invalid_option');
    bad('local_treatments.liver', ['none', 'surgery'], 'invalid_option');
    bad('diagnosis_date', '2023-02-30', 'invalid_date');
    bad('diagnosis_date', '15/03/2024', 'invalid_date');
    bad('diagnosis_date', '2999-01-01', 'date_in_future');
    bad('diagnosis_date', '1900-01-01', 'date_too_old');
    bad('tmb', -3, 'below_min');
    bad('lung.pdl1_tps', 101, 'above_max');
    bad('prior_treatments', ['unobtainium'], 'unknown_drug');
    bad('prior_treatments', 'osimertinib', 'invalid_type');
    bad('alterations', ['NOTAGENE V600E'], 'unknown_gene');
    bad('alterations', ['EGFR banana'], 'unknown_variant');
    bad('alterations', ['EGFR L858R', 'egfr l858r'], 'duplicate_item');
    bad('comorbidities', ['vampirism'], 'unknown_comorbidity');
    bad('location', { id: 'city:999999999' }, 'location_not_found');
    bad('location', { id: 'somewhere' }, 'location_id_invalid');
    bad('location', 'Milan', 'invalid_type');
    bad('no_such_question', 'x', 'unknown_question');
    expect(survey.validateAnswer('alterations', ['KRAS g12c', 'TP53 R175H', 'ALK Fusion'])).toEqual({ ok: true, value: ['KRAS G12C', 'TP53 R175H', 'ALK Fusion'] });
    expect(survey.validateAnswer('tmb', '')).toEqual({ ok: true, value: null });
  });

  it('rejects huge payloads', () => {
    bad('comorbidities', Array.from({ length: 1000 }, () => 'hepatitis_b'), 'payload_too_large');
    bad('comorbidities', ['hiv', 'diabetes', 'copd', 'stroke', 'seizures', 'hiv_x'].concat(Array.from({ length: 20 }, (_, i) => `x${i}`)), 'too_many_items');
    bad('alterations', Array.from({ length: 31 }, (_, i) => `EGFR L${700 + i}R`), 'too_many_items');
    bad('gender', 'x'.repeat(100_000), 'payload_too_large');
    bad('prior_treatments', ['a'.repeat(300)], 'too_long');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    bad('location', cyclic, 'invalid_type');
  });

  it('translates error messages (en, es, it), none missing', () => {
    const r = (lang: SurveyLang) => survey.validateAnswer('age', 121, { lang });
    const messages = surveyLanguages.map((l) => {
      const res = r(l);
      return res.ok ? '' : res.errors[0].message;
    });
    expect(messages).toEqual(['The value must be at most 120.', 'El valor debe ser como máximo 120.', 'Il valore deve essere al massimo 120.']);
    for (const byLang of Object.values(surveyErrorMessages)) for (const l of surveyLanguages) expect(byLang[l].length).toBeGreaterThan(5);
  });
});

describe('processActions', () => {
  it('shows metastasis questions only when metastatic, and clears hidden answers', () => {
    const open = survey.processActions('lung', { metastatic: 'yes', metastasis_sites: ['brain'] });
    expect(open.visible).toEqual(expect.arrayContaining(['metastasis_sites', 'brain_mets_treated']));
    expect(open.visible).not.toContain('resectable');
    const closed = survey.processActions('lung', { metastatic: 'no', metastasis_sites: ['brain'], brain_mets_treated: 'yes' });
    expect(closed.visible).not.toContain('metastasis_sites');
    expect(closed.visible).not.toContain('brain_mets_treated');
    expect(closed.visible).toContain('resectable');
    expect(closed.cleared).toEqual(['metastasis_sites', 'brain_mets_treated']);
  });

  it('reports progress, what is missing and what comes next', () => {
    const empty = survey.processActions('kidney', {});
    expect(empty).toMatchObject({ next: 'diagnosis.kidney', progress: 0, complete: false });
    expect(empty.missingRequired).toEqual(['diagnosis.kidney', 'age', 'gender', 'metastatic']);
    const some = survey.processActions('kidney', { 'diagnosis.kidney': 'CCRCC', age: 50, gender: 'male', metastatic: 'no' });
    expect(some).toMatchObject({ next: 'diagnosis_date', complete: true, missingRequired: [] });
    expect(some.progress).toBeCloseTo(4 / some.visible.length, 5);
  });
});

describe('question registry', () => {
  it('gives one definition per id', () => {
    for (const fa of focusAreas) for (const q of questionsByFocusArea[fa]) expect(JSON.stringify(questionById.get(q.id))).toBe(JSON.stringify(q));
  });
});

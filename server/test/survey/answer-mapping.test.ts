/**
 * Every entry of every survey list, walked through to the patient the matcher sees: answers travel as
 * keys and reach the matcher's own class keys and comorbidity conditions, never re-read from labels.
 */
import type { CompiledCriterion } from '@oncodesk/shared/contracts';
import { SurveyService } from '../../src/survey/service';
import { comorbidities, drugClasses, regimens } from '../../src/survey/lists';
import { REGIMENS, drugClasses as engineClasses, drugClassLabel, normalizeDrug } from '../../src/vocab/drugKnowledge';
import { evaluateCriterion, quickHolds, viewPatient } from '../../src/trials/matcher/evaluate';
import { matchTrial } from '../../src/trials/matcher';
import { trial } from '../trials/helpers';
import { patientSummary } from '../../src/patients/summary';
import { compileItem } from '../../src/trials/compiler';
import { canonicalProteinChange } from '../../src/vocab/proteinChange';

const compileItemFor = (text: string) => compileItem({ section: 'inclusion', text }).map((c) => c.spec);

const survey = new SurveyService();
const base = { 'diagnosis.lung': 'LUAD', age: 60, gender: 'female' };
const seen = (answers: Record<string, unknown>) => viewPatient(survey.answersToPatient('lung', { ...base, ...answers }));

describe('survey drug-class answers reach the matcher as its class keys', () => {
  it.each(drugClasses.map((c) => [c.key, c] as const))('class:%s', (_key, c) => {
    for (const k of c.matcher) expect([k, drugClassLabel(k)]).toEqual([k, expect.any(String)]);
    const v = seen({ prior_treatments: [`class:${c.key}`] });
    // exactly the mapped classes are certain (plus "immunotherapy" implied by a checkpoint class)
    const certain = new Set(c.matcher);
    if (certain.has('anti_pd1_pdl1') || certain.has('anti_ctla4')) certain.add('immunotherapy');
    expect([...v.classes].sort()).toEqual([...certain].sort());
    // no single drug is claimed received on a class answer; its members are possible, not received
    expect(v.drugs.size).toBe(0);
    for (const d of c.drugs) expect(v.possibleDrugs.has(normalizeDrug(d) ?? d.toLowerCase())).toBe(true);
    expect(v.anyPriorTherapy).toBe(!c.supportive);
  });

  it.each(drugClasses.flatMap((c) => c.drugs.map((d) => [d, c] as const)))('%s: its survey classes and the engine agree', (d, c) => {
    const engine = normalizeDrug(d);
    // the survey's certain classes hold for every member the engine knows
    if (engine) for (const k of c.matcher) expect([d, engineClasses(engine)]).toEqual([d, expect.arrayContaining([k])]);
    const v = seen({ prior_treatments: [d] });
    expect(v.drugs.has(engine ?? d.toLowerCase())).toBe(true);
    for (const k of c.matcher) expect(v.classes.has(k)).toBe(true);
    expect(v.possibleDrugs.size + v.possibleClasses.size).toBe(0);
    // a bone-targeted agent is known but is no prior systemic anticancer therapy
    expect(v.anyPriorTherapy).toBe(!c.supportive);
  });
});

describe('survey comorbidity answers reach the matcher as criterion conditions', () => {
  it.each(comorbidities.map((c) => [c.key, c] as const))('%s', (_key, c) => {
    const p = survey.answersToPatient('lung', { ...base, comorbidities: [c.key] });
    expect(p.comorbidities).toEqual([...new Set([c.key, ...c.matcher])]);
    const v = viewPatient(p);
    for (const cond of c.matcher) expect(quickHolds({ kind: 'comorbidity', condition: cond }, v)).toBe(true);
  });
});

const crit = (id: string, polarity: 'inclusion' | 'exclusion', spec: CompiledCriterion['spec'], source: string): CompiledCriterion => ({ id, polarity, spec, source, confidence: 0.9, origin: 'text' });

describe('the verdicts these answers used to get wrong', () => {
  const lung = { conditions: ['Non-small cell lung cancer'] };
  const excludesPd1 = trial('NCT90000001', 'Exclusion Criteria:\n- Prior treatment with an anti-PD-1 or anti-PD-L1 antibody', lung);
  const excludesCardiac = trial('NCT90000002', 'Exclusion Criteria:\n- Clinically significant cardiac disease', lung);
  const excludesCisplatin = trial('NCT90000003', 'Exclusion Criteria:\n- Prior treatment with cisplatin', lung);
  const resultOf = (t: ReturnType<typeof trial>, kind: string, answers: Record<string, unknown>) => {
    const r = matchTrial(t, seen(answers)).results.find((x) => x.kind === kind);
    expect(r).toBeDefined();
    return r!;
  };

  it('ipilimumab alone does not exclude a patient from trials excluding prior anti-PD-1', () => {
    expect(resultOf(excludesPd1, 'prior_therapy', { prior_treatments: ['ipilimumab'] }).status).toBe('match');
    expect(resultOf(excludesPd1, 'prior_therapy', { prior_treatments: ['class:anti_ctla4'] }).status).toBe('match');
    expect(resultOf(excludesPd1, 'prior_therapy', { prior_treatments: ['pembrolizumab'] }).status).toBe('no_match');
  });

  it('heart failure, coronary disease and arrhythmia meet a cardiac exclusion', () => {
    for (const k of ['heart_failure', 'coronary_artery_disease', 'arrhythmia']) expect([k, resultOf(excludesCardiac, 'comorbidity', { comorbidities: [k] }).status]).toEqual([k, 'no_match']);
    expect(resultOf(excludesCardiac, 'comorbidity', { comorbidities: ['diabetes'] }).status).toBe('unknown');
  });

  it('a class answer leaves a named member unknown, and says why', () => {
    const r = resultOf(excludesCisplatin, 'prior_therapy', { prior_treatments: ['class:platinum'] });
    expect(r.status).toBe('unknown');
    expect(r.patientFact).toMatch(/which drug not recorded/);
    expect(resultOf(excludesCisplatin, 'prior_therapy', { prior_treatments: ['carboplatin'] }).status).toBe('match');
  });

  // (the explained path takes its truth from quickHolds, so comparing the two could not fail: the expectation
  // here comes from the survey's class list instead)
  it('a class answer meets exactly the criteria on the classes it stands for, on both paths', () => {
    const keys = [...new Set(drugClasses.flatMap((c) => c.matcher))];
    for (const c of drugClasses) {
      const v = seen({ prior_treatments: [`class:${c.key}`] });
      for (const k of keys) {
        const spec = { kind: 'prior_therapy' as const, drugs: [], classes: [k] };
        const met = c.matcher.includes(k);
        expect([c.key, k, quickHolds(spec, v) === true]).toEqual([c.key, k, met]);
        expect([c.key, k, evaluateCriterion(crit('x', 'inclusion', spec, 's'), v).status === 'match']).toEqual([c.key, k, met]);
      }
    }
  });
});

describe('breast: menopausal status reaches the matcher', () => {
  it.each([['postmenopausal', 'postmenopausal'], ['premenopausal', 'premenopausal'], ['unknown', undefined]] as const)('%s', (answer, expected) => {
    const p = survey.answersToPatient('breast', { 'diagnosis.breast': 'IDC', age: 58, gender: 'female', 'breast.menopausal_status': answer });
    expect(p.menopausalStatus).toBe(expected);
  });
  it('is not asked of men', () => {
    const p = survey.answersToPatient('breast', { 'diagnosis.breast': 'IDC', age: 58, gender: 'male', 'breast.menopausal_status': 'postmenopausal' });
    expect(p.menopausalStatus).toBeUndefined();
  });
});

describe('regimens answer as the drugs they are made of', () => {
  it.each(regimens.map((r) => [r.key, r] as const))('regimen:%s', (key) => {
    const v = seen({ prior_treatments: [`regimen:${key}`] });
    expect([...v.drugs].sort()).toEqual([...REGIMENS[key]].map((d) => normalizeDrug(d) ?? d).sort());
    expect(v.anyPriorTherapy).toBe(true);
  });
  it('are offered by the drug autocomplete, named in the interface language', () => {
    const es = survey.autocomplete('drugs', 'FOLFOX', { lang: 'es' });
    expect(es[0]).toMatchObject({ value: 'regimen:folfox', kind: 'regimen', label: 'FOLFOX (fluorouracilo, leucovorina, oxaliplatino)' });
    expect(survey.autocomplete('drugs', 'tchp', { lang: 'it' })[0]).toMatchObject({ value: 'regimen:tchp', description: 'docetaxel, carboplatin, trastuzumab, pertuzumab' });
  });
});

describe('each prior treatment takes its course: setting, line, best response, progression', () => {
  const colon = { 'diagnosis.colon': 'COAD', age: 62, gender: 'male', metastatic: 'yes' };
  it('reaches the patient for every drug of a regimen; what was left out stays unknown', () => {
    const answer = survey.validateAnswer('prior_treatments', [
      { value: 'regimen:folfox', setting: 'adjuvant' },
      { value: 'regimen:folfiri', line: 1, response: 'partial', progressed: 'yes' },
      'bevacizumab',
    ]);
    // a line implies the metastatic setting; an answer without a course stays a plain answer
    expect(answer).toEqual({ ok: true, value: [{ value: 'regimen:folfox', setting: 'adjuvant' }, { value: 'regimen:folfiri', setting: 'metastatic', line: 1, response: 'partial', progressed: 'yes' }, 'bevacizumab'] });
    const p = survey.answersToPatient('colon', { ...colon, prior_treatments: (answer as { value: unknown }).value });
    const oxaliplatin = p.priorTreatments.find((t) => t.name === 'oxaliplatin')!;
    expect(oxaliplatin).toMatchObject({ regimen: 'folfox', setting: 'adjuvant' });
    expect(oxaliplatin.line).toBeUndefined();
    expect(oxaliplatin.progressed).toBeUndefined();
    expect(p.priorTreatments.find((t) => t.name === 'irinotecan')).toMatchObject({ regimen: 'folfiri', setting: 'metastatic', line: 1, bestResponse: 'partial', progressed: true });
    const bev = p.priorTreatments.find((t) => t.name === 'bevacizumab')!;
    expect([bev.setting, bev.line, bev.bestResponse, bev.progressed]).toEqual([undefined, undefined, undefined, undefined]);
    // the adjuvant regimen is not a line for metastatic disease: one line, from the metastatic course
    expect(viewPatient(p).lines).toBe(1);
  });
  it('reads in the summary as a clinician writes it: the regimen once, with its course, in the interface language', () => {
    const p = survey.answersToPatient('colon', { ...colon, prior_treatments: [{ value: 'regimen:folfox', setting: 'adjuvant' }, { value: 'regimen:folfiri', setting: 'metastatic', line: 1, response: 'partial', progressed: 'yes' }, 'bevacizumab'] });
    const line = (lang: 'en' | 'it') => patientSummary(p, lang).find((l) => l.label === (lang === 'en' ? 'Prior treatments' : 'Trattamenti precedenti'))!.value;
    expect(line('en')).toBe('FOLFOX (fluorouracil, leucovorin, oxaliplatin) (adjuvant); FOLFIRI (fluorouracil, leucovorin, irinotecan) (metastatic, line 1, partial response, progressed); bevacizumab');
    expect(line('it')).toBe('FOLFOX (fluorouracile, leucovorina, oxaliplatino) (adiuvante); FOLFIRI (fluorouracile, leucovorina, irinotecan) (metastatico, linea 1, risposta parziale, progredita); bevacizumab');
  });
  it('refuses impossible courses with the survey messages and accepts the plain list it always did', () => {
    const code = (v: unknown, lang: 'en' | 'it' = 'en') => {
      const r = survey.validateAnswer('prior_treatments', v, { lang });
      return r.ok ? 'ok' : `${r.errors[0].code}: ${r.errors[0].message}`;
    };
    expect(code([{ value: 'regimen:folfox', setting: 'adjuvant', line: 2 }], 'it')).toMatch(/^line_needs_metastatic_setting: La linea di terapia/);
    expect(code([{ value: 'regimen:folfox', line: 0 }])).toMatch(/^below_min/);
    expect(code([{ value: 'regimen:folfox', line: 1.5 }])).toMatch(/^not_integer/);
    expect(code([{ value: 'regimen:folfox', line: 25 }])).toMatch(/^above_max/);
    expect(code([{ value: 'regimen:folfox', response: 'great' }])).toMatch(/^invalid_type/);
    expect(code([{ value: 'no such drug', setting: 'metastatic' }])).toMatch(/^unknown_drug/);
    expect(code([{ value: 'regimen:folfox' }, 'regimen:folfox'])).toMatch(/^duplicate_item/);
    expect(code(['oxaliplatin', 'fluorouracil'])).toBe('ok');
    // only the treatment question takes courses
    expect(survey.validateAnswer('alterations', [{ value: 'EGFR L858R', setting: 'metastatic' }]).ok).toBe(false);
  });
});

describe('tumour grade where trials ask it', () => {
  it('prostate: the ISUP grade group; bladder: low or high grade; "I don\'t know" gives no value', () => {
    const prostate = { 'diagnosis.prostate': 'PRAD', age: 68, gender: 'male' };
    expect(survey.answersToPatient('prostate', { ...prostate, 'prostate.gleason': '4' }).gleasonGradeGroup).toBe(4);
    expect(survey.answersToPatient('prostate', { ...prostate, 'prostate.gleason': 'unknown' }).gleasonGradeGroup).toBeUndefined();
    expect(survey.getQuestions('prostate', 'it').find((q) => q.id === 'prostate.gleason')!.options!.map((o) => o.label)[2]).toBe('Gleason 4+3=7 (gruppo di grado 3)');
    expect(survey.answersToPatient('bladder', { 'diagnosis.bladder': 'BLCA', age: 70, gender: 'female', 'bladder.grade': 'high' }).tumorGrade).toBe('high');
  });
});

describe('"not tested" is its own answer', () => {
  it('is offered beside negative and "I don\'t know" and gives the matcher no value', () => {
    const q = survey.getQuestions('breast', 'es').find((x) => x.id === 'breast.er')!;
    expect(q.options!.map((o) => o.value)).toEqual(['positive', 'negative', 'not_tested', 'unknown']);
    expect(q.options!.find((o) => o.value === 'not_tested')!.label).toBe('No analizado');
    const p = survey.answersToPatient('breast', { 'diagnosis.breast': 'IDC', age: 50, gender: 'female', 'breast.er': 'not_tested', 'breast.her2': 'negative' });
    expect(p.biomarkers).toEqual([{ name: 'HER2', value: 'negative' }]);
    expect(survey.answersToPatient('colon', { 'diagnosis.colon': 'COAD', age: 50, gender: 'female', msi: 'not_tested' }).msi).toBeUndefined();
  });
});

describe('diagnosis autocomplete in Spanish and Italian clinical names', () => {
  it.each([
    ['adenocarcinoma de pulmón', 'es', 'LUAD'],
    ['adenocarcinoma del polmone', 'it', 'LUAD'],
    ['carcinoma hepatocelular', 'es', 'HCC'],
    ['NSCLC', 'en', 'NSCLC'],
  ] as const)('"%s" (%s) finds %s', (query, lang, code) => {
    expect(survey.autocomplete('oncotree', query, { lang }).map((i) => i.code)).toContain(code);
  });
});

describe('prior lines for advanced disease reach the matcher', () => {
  it('decides "at least one prior line" and "no more than two" criteria', () => {
    const v = seen({ metastatic: 'yes', prior_treatments: ['carboplatin'], prior_lines: 2 });
    expect(v.lines).toBe(2);
    expect(quickHolds({ kind: 'prior_therapy', drugs: [], classes: [], minLines: 1 }, v)).toBe(true);
    expect(quickHolds({ kind: 'prior_therapy', drugs: [], classes: [], maxLines: 1 }, v)).toBe(false);
  });
  it('is asked only for metastatic disease', () => {
    expect(survey.answersToPatient('lung', { ...base, metastatic: 'no', prior_lines: 3 }).priorLines).toBeUndefined();
  });
});

describe('exon-level variants meet the trial text however each spells them', () => {
  it('"EGFR Exon 19 Deletion" from the survey meets "exon 19 deletion", "ex19del" and "exon 19 mutation"; not exon 20 insertions', () => {
    const v = seen({ alterations: ['EGFR exon 19 deletion'] });
    expect(v.alterations).toEqual([{ gene: 'EGFR', proteinChange: 'exon19del', category: 'mutation' }]);
    const spec = (text: string) => compileItemFor(text).find((c) => c.kind === 'alteration')!;
    for (const text of ['EGFR exon 19 deletion', 'documented EGFR ex19del', 'EGFR exon 19 mutation']) expect([text, quickHolds(spec(text), v)]).toEqual([text, true]);
    expect(quickHolds(spec('EGFR exon 20 insertion'), v)).toBe(false);
    expect(canonicalProteinChange('p.L858R')).toBe('L858R');
    expect(canonicalProteinChange('Exon 14 Skipping')).toBe('exon14skipping');
  });
});

import { focusAreas, parseTypedNumber, surveyLanguages } from '@oncodesk/shared/contracts';
import { SurveyService } from '../../src/survey/service';
import { questionsByFocusArea, type QuestionDef } from '../../src/survey/questions';

const survey = new SurveyService();

/** Every numeric question of the survey, once (shared ids have one definition). */
const numeric: QuestionDef[] = [...new Map(focusAreas.flatMap((fa) => questionsByFocusArea[fa]).filter((q) => q.type === 'number').map((q) => [q.id, q])).values()];

describe('survey numbers typed in Spanish and Italian', () => {
  it('covers the numeric questions there are', () => {
    expect(numeric.map((q) => q.id).sort()).toEqual(['age', 'colon.cea', 'liver.afp', 'lung.pdl1_tps', 'pdl1_cps', 'prior_lines', 'prostate.psa', 'thyroid.calcitonin', 'thyroid.cea', 'tmb'].sort());
  });

  it.each(numeric.map((q) => [q.id, q] as const))('%s: "1,3" is never stored as 13', (_id, q) => {
    for (const lang of surveyLanguages) {
      const r = survey.validateAnswer(q.id, '1,3', { lang });
      if (q.validation.integer) expect(r.ok ? r.value : r.errors[0].code).toBe('not_integer');
      else expect(r).toEqual({ ok: true, value: 1.3 });
    }
  });

  it.each(numeric.map((q) => [q.id, q] as const))('%s: decimal comma, thousands and "<" in es and it', (_id, q) => {
    for (const lang of ['es', 'it'] as const) {
      const ok = (text: string) => survey.validateAnswer(q.id, text, { lang });
      // a whole number with the decimal comma's zero
      expect(ok('12,0')).toEqual({ ok: true, value: 12 });
      // the point groups thousands in es/it: above the question's maximum it is refused, not read as 1.5
      const big = ok('1.500');
      if (q.validation.max !== undefined && q.validation.max < 1500) expect(big.ok ? big.value : big.errors[0].code).toBe('above_max');
      else expect(big).toEqual({ ok: true, value: 1500 });
      const limit = ok('<1');
      expect(limit.ok ? limit.value : limit.errors[0].code).toBe('number_is_limit');
      const range = ok('1-3');
      expect(range.ok ? range.value : range.errors[0].code).toBe('number_is_range');
    }
  });

  it('asks about "1,300" where both 1.3 and 1300 are possible and takes the one that fits otherwise', () => {
    const psa = survey.validateAnswer('prostate.psa', '1,300', { lang: 'es' });
    expect(psa.ok).toBe(false);
    if (!psa.ok) {
      expect(psa.errors[0].code).toBe('number_ambiguous');
      expect(psa.errors[0].message).toBe('«1,300» puede ser 1,3 o 1300: escríbalo sin separador o solo con la coma decimal.');
    }
    // a TPS is at most 100: only 1.3 fits
    expect(survey.validateAnswer('lung.pdl1_tps', '1,300', { lang: 'it' })).toEqual({ ok: true, value: 1.3 });
    // English groups thousands with the comma
    expect(survey.validateAnswer('prostate.psa', '1,300', { lang: 'en' })).toEqual({ ok: true, value: 1300 });
    expect(survey.validateAnswer('prostate.psa', '12,5ng/ml', { lang: 'it' })).toEqual({ ok: true, value: 12.5 });
    const unit = survey.validateAnswer('prostate.psa', '12,5 mg/dL', { lang: 'it' });
    expect(unit.ok ? unit.value : unit.errors[0].message).toBe('Questa domanda chiede il valore in ng/mL.');
    expect(survey.validateAnswer('age', '57 años', { lang: 'es' })).toEqual({ ok: true, value: 57 });
  });

  it('numbers sent as numbers are stored as they are', () => {
    expect(survey.validateAnswer('colon.cea', 1.3, { lang: 'it' })).toEqual({ ok: true, value: 1.3 });
  });
});

describe('laboratory values', () => {
  it('takes numbers only: a typed "1,3" is refused, never read as 13', () => {
    const r = survey.validateAnswer('labs', [{ analyte: 'creatinine', value: '1,3', unit: 'mg/dL' }], { lang: 'it' });
    expect(r.ok ? r.value : r.errors[0].code).toBe('not_a_number');
    expect(survey.validateAnswer('labs', [{ analyte: 'creatinine', value: 1.3, unit: 'mg/dL' }], { lang: 'it' })).toEqual({ ok: true, value: [{ analyte: 'creatinine', value: 1.3, unit: 'mg/dL' }] });
  });

  it('gives every analyte and unit the range its values can have, so the input reads each typed value in es/it as the server checks it', () => {
    const labs = survey.getQuestions('lung', 'it').find((q) => q.id === 'labs')!;
    for (const a of labs.analytes!) {
      for (const u of a.units) {
        expect([a.key, u.value, u.plausible?.length]).toEqual([a.key, u.value, 2]);
        const [lo, hi] = u.plausible!;
        // a decimal comma value inside the range is read as the decimal and accepted by the server as such
        const mid = Number(((lo + hi) / 2).toPrecision(3));
        const typed = String(mid).replace('.', ',');
        for (const lang of ['es', 'it'] as const) {
          const read = parseTypedNumber(typed, lang, (n) => n >= lo && n <= hi);
          // a three-decimal value ("12,345") may also be a thousands group: asked, never changed
          if (read.status === 'ambiguous') expect(read.candidates).toContain(mid);
          else expect([a.key, u.value, lang, read]).toEqual([a.key, u.value, lang, { status: 'ok', value: mid }]);
        }
        const r = survey.validateAnswer('labs', [{ analyte: a.key, value: mid, unit: u.value }], { lang: 'it' });
        expect([a.key, u.value, r.ok]).toEqual([a.key, u.value, true]);
      }
    }
  });

  it('reads "1,300" as the creatinine of 1.3 mg/dL it must be and 11,8 as a haemoglobin of 11.8', () => {
    const labs = survey.getQuestions('lung', 'es').find((q) => q.id === 'labs')!;
    const range = (key: string, unit: string) => labs.analytes!.find((a) => a.key === key)!.units.find((u) => u.value === unit)!.plausible!;
    const within = ([lo, hi]: [number, number]) => (n: number) => n >= lo && n <= hi;
    expect(parseTypedNumber('1,300', 'es', within(range('creatinine', 'mg/dL')))).toEqual({ status: 'ok', value: 1.3 });
    expect(parseTypedNumber('11,8', 'it', within(range('hemoglobin', 'g/dL')))).toEqual({ status: 'ok', value: 11.8 });
    expect(parseTypedNumber('150.000', 'it', within(range('platelets', '/uL')))).toEqual({ status: 'ok', value: 150000 });
  });
});

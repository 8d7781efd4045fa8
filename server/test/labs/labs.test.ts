/**
 * Laboratory values end to end without a browser: the survey's labs answer (units as a laboratory writes
 * them, refused when impossible), what the matcher makes of it against protocol thresholds written in
 * other units (UCUM conversion), and "unknown" — never a guess — when units cannot be compared.
 */
import { renderMessage, type CriterionSpec, type PatientData } from '@oncodesk/shared/contracts';
import { compileItem } from '../../src/trials/compiler';
import { evaluateSpec, quickHolds, viewPatient } from '../../src/trials/matcher';
import { surveyService } from '../../src/survey/service';
import { convertLab, impliedUnit, toUcum } from '../../src/vocab/labUnits';
import { P } from '../trials/helpers';

const survey = surveyService();

describe('units: laboratory spellings to UCUM, then UCUM arithmetic', () => {
  it.each([
    ['anc', 1500, '/mm3', 'x10^9/L', 1.5],
    ['anc', 1.8, 'K/uL', 'cells/mm3', 1800],
    ['platelets', 250, 'x10E3/uL', '10^9/L', 250],
    ['hemoglobin', 120, 'g/L', 'g/dL', 12],
    ['alt', 40, 'IU/L', 'U/L', 40],
    ['creatinine_clearance', 60, 'mL/min/1.73 m2', 'mL/min', 60],
  ])('%s %d %s = %d %s', (analyte, value, from, to, want) => {
    expect(convertLab(analyte, value, from, to)).toBeCloseTo(want, 6);
  });

  it('converts mass to molar amounts with the analyte molar mass (creatinine 1 mg/dL = 88.4 µmol/L)', () => {
    expect(convertLab('creatinine', 1, 'mg/dL', 'µmol/L')).toBeCloseTo(88.4, 1);
    expect(convertLab('bilirubin', 1, 'mg/dL', 'umol/L')).toBeCloseTo(17.1, 1);
  });

  it('refuses what does not compare: K/uL is not kelvin, a count is not a mass, an unknown spelling is unknown', () => {
    expect(toUcum('K/uL')).toBe('10*3/uL');
    expect(convertLab('anc', 2, 'g/dL', '10*9/L')).toBeUndefined();
    expect(convertLab('anc', 2, 'furlongs', '10*9/L')).toBeUndefined();
  });

  it('reads a threshold written without a unit in the unit it fits, and leaves ambiguity unknown', () => {
    expect(impliedUnit('anc', 1500)).toBe('/uL');
    expect(impliedUnit('anc', 1.5)).toBe('10*9/L');
    expect(impliedUnit('platelets', 100000)).toBe('/uL');
    expect(impliedUnit('alt', 40)).toBeUndefined();
  });
});

describe('the labs survey answer', () => {
  const check = (value: unknown) => survey.validateAnswer('labs', value, { focusArea: 'lung', lang: 'es' });

  it('stores units as UCUM codes and keeps the upper limit of normal', () => {
    expect(check([{ analyte: 'platelets', value: 142, unit: 'K/uL' }, { analyte: 'bilirubin', value: 1.4, unit: 'mg/dL', uln: 1.2 }])).toEqual({
      ok: true,
      value: [{ analyte: 'platelets', value: 142, unit: '10*3/uL' }, { analyte: 'bilirubin', value: 1.4, unit: 'mg/dL', uln: 1.2 }],
    });
  });

  it.each([
    [[{ analyte: 'hemoglobin', value: 11, unit: 'kg' }], 'unit_invalid'],
    [[{ analyte: 'hemoglobin', value: 110, unit: 'g/dL' }], 'implausible_value'],
    [[{ analyte: 'unobtainium', value: 1, unit: 'g/dL' }], 'unknown_analyte'],
    [[{ analyte: 'anc', value: 1.2, unit: '10^9/L' }, { analyte: 'anc', value: 1.3, unit: '10^9/L' }], 'duplicate_item'],
    [[{ analyte: 'anc', value: 1.2, unit: '10^9/L', date: '2999-01-01' }], 'date_in_future'],
    ['1.2', 'invalid_type'],
  ])('refuses %j with %s, in the user language', (value, code) => {
    const r = check(value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors[0].code).toBe(code);
      expect(r.errors[0].message).not.toMatch(/[a-z]+_[a-z]+/);
    }
  });

  it('becomes the matcher patient labs', () => {
    const { patient } = survey.patientOf('lung', { labs: [{ analyte: 'creatinine', value: 97, unit: 'umol/L', uln: 90 }] });
    expect(patient.labs).toEqual([{ analyte: 'creatinine', value: 97, unit: 'umol/L', uln: 90 }]);
  });
});

describe('protocol thresholds against the patient labs', () => {
  const patient = (labs: PatientData['labs']): PatientData => P({ labs });
  const spec = (text: string): CriterionSpec => {
    const c = compileItem({ section: 'inclusion', text }).find((x) => x.spec.kind === 'lab');
    expect(c).toBeDefined();
    return c!.spec;
  };

  it('creatinine 97 µmol/L meets "serum creatinine <= 1.5 mg/dL" (1.10 mg/dL) and says both', () => {
    const s = spec('Serum creatinine ≤ 1.5 mg/dL');
    const v = viewPatient(patient([{ analyte: 'creatinine', value: 97, unit: 'umol/L' }]));
    expect(quickHolds(s, v)).toBe(true);
    expect(renderMessage(evaluateSpec(s, v).factMsg!)).toMatch(/97 µmol\/L = 1\.097 mg\/dL/);
  });

  it('ANC 1.2 ×10⁹/L fails "ANC >= 1,500/mm3"; 1.8 K/uL meets it', () => {
    const s = spec('Absolute neutrophil count (ANC) ≥ 1,500/mm3');
    expect(quickHolds(s, viewPatient(patient([{ analyte: 'anc', value: 1.2, unit: '10*9/L' }])))).toBe(false);
    expect(quickHolds(s, viewPatient(patient([{ analyte: 'anc', value: 1.8, unit: '10*3/uL' }])))).toBe(true);
  });

  it('a threshold without a unit is read in the unit it fits: "platelets >= 100,000" against 142 ×10³/µL', () => {
    const s = spec('Platelets >= 100,000');
    expect(quickHolds(s, viewPatient(patient([{ analyte: 'platelets', value: 142, unit: '10*3/uL' }])))).toBe(true);
    expect(quickHolds(s, viewPatient(patient([{ analyte: 'platelets', value: 80, unit: '10*9/L' }])))).toBe(false);
  });

  it('"bilirubin <= 1.5 x ULN" uses the laboratory upper limit; without it the criterion is unknown', () => {
    const s = spec('Total bilirubin ≤ 1.5 × upper limit of normal (ULN)');
    expect(quickHolds(s, viewPatient(patient([{ analyte: 'bilirubin', value: 1.4, unit: 'mg/dL', uln: 1.2 }])))).toBe(true);
    expect(quickHolds(s, viewPatient(patient([{ analyte: 'bilirubin', value: 2.0, unit: 'mg/dL', uln: 1.2 }])))).toBe(false);
    expect(quickHolds(s, viewPatient(patient([{ analyte: 'bilirubin', value: 1.4, unit: 'mg/dL' }])))).toBeUndefined();
  });

  it('units that do not compare leave the criterion unknown rather than compared as bare numbers', () => {
    const s = spec('Hemoglobin ≥ 9 g/dL');
    expect(quickHolds(s, viewPatient(patient([{ analyte: 'hemoglobin', value: 5.8, unit: '%' }])))).toBeUndefined();
    expect(quickHolds(s, viewPatient(patient([{ analyte: 'hemoglobin', value: 5.8, unit: 'mmol/L' }])))).toBe(true);
  });
});

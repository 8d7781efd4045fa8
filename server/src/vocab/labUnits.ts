/**
 * Laboratory analytes the trials ask about, with their LOINC code and the unit OncoDesk records them in,
 * and unit conversion through UCUM (@lhncbc/ucum-lhc). Laboratories and protocols write units their own
 * way ("K/uL", "x10E3/uL", "IU/L", "/mm3"), which UCUM either refuses or misreads ("K" is kelvin), so a
 * spelling is first mapped to its UCUM code here; UCUM then does the arithmetic (including mass to molar
 * amounts with the analyte's molar mass). No LOINC table ships with the shared data, so the codes of
 * these analytes are written here.
 */

import { displayUnit } from '@oncodesk/shared/contracts';

export { displayUnit };

interface UcumUtils {
  convertUnitTo(from: string, value: number, to: string, opts?: { molecularWeight?: number }): { status: string; toVal: number | null };
  validateUnitString(unit: string): { status: string };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ucum: UcumUtils = (require('@lhncbc/ucum-lhc') as { UcumLhcUtils: { getInstance(): UcumUtils } }).UcumLhcUtils.getInstance();

export interface LabAnalyte {
  /** The matcher's analyte key (the criterion compiler's). */
  key: string;
  loinc: string;
  /** English display name, as a lab report heads it. */
  name: string;
  /** The UCUM unit OncoDesk records it in. */
  unit: string;
  /** Units a clinician may enter it in (UCUM), the recorded one first. */
  units: string[];
  /** g/mol, for mass <-> molar conversions (creatinine mg/dL <-> µmol/L). */
  molarMass?: number;
  /** Values a human could have, in the recorded unit: outside it the number is a misreading. */
  plausible: [number, number];
  /**
   * Upper limits of normal a laboratory prints for it, in the recorded unit (adult ranges of the major
   * reference intervals, with room for local methods): outside it a report's reference is a misreading
   * ("<41" read "<4" for ALT) and is not stored as the patient's ULN.
   */
  referenceUln: [number, number];
}

const COUNT_UNITS = ['10*9/L', '10*3/uL', '/uL'];

export const LAB_ANALYTES: LabAnalyte[] = [
  { key: 'hemoglobin', loinc: '718-7', name: 'Hemoglobin', unit: 'g/dL', units: ['g/dL', 'g/L', 'mmol/L'], molarMass: 16114.5, plausible: [1, 25], referenceUln: [10, 22] },
  { key: 'wbc', loinc: '6690-2', name: 'White blood cells', unit: '10*9/L', units: COUNT_UNITS, plausible: [0, 500], referenceUln: [5, 20] },
  { key: 'anc', loinc: '751-8', name: 'Neutrophils (absolute)', unit: '10*9/L', units: COUNT_UNITS, plausible: [0, 200], referenceUln: [3, 15] },
  { key: 'lymphocytes', loinc: '731-0', name: 'Lymphocytes (absolute)', unit: '10*9/L', units: COUNT_UNITS, plausible: [0, 500], referenceUln: [1.5, 10] },
  { key: 'platelets', loinc: '777-3', name: 'Platelets', unit: '10*9/L', units: COUNT_UNITS, plausible: [0, 3000], referenceUln: [200, 1000] },
  { key: 'creatinine', loinc: '2160-0', name: 'Creatinine', unit: 'mg/dL', units: ['mg/dL', 'umol/L'], molarMass: 113.12, plausible: [0.05, 30], referenceUln: [0.5, 3] },
  { key: 'creatinine_clearance', loinc: '2164-2', name: 'Creatinine clearance / eGFR', unit: 'mL/min', units: ['mL/min', 'mL/min/{1.73_m2}', 'mL/s'], plausible: [0, 250], referenceUln: [60, 250] },
  { key: 'bilirubin', loinc: '1975-2', name: 'Bilirubin (total)', unit: 'mg/dL', units: ['mg/dL', 'umol/L'], molarMass: 584.66, plausible: [0, 60], referenceUln: [0.4, 3] },
  { key: 'ast', loinc: '1920-8', name: 'AST', unit: 'U/L', units: ['U/L', 'ukat/L'], plausible: [0, 20000], referenceUln: [15, 150] },
  { key: 'alt', loinc: '1742-6', name: 'ALT', unit: 'U/L', units: ['U/L', 'ukat/L'], plausible: [0, 20000], referenceUln: [15, 150] },
  { key: 'alp', loinc: '6768-6', name: 'Alkaline phosphatase', unit: 'U/L', units: ['U/L', 'ukat/L'], plausible: [0, 20000], referenceUln: [50, 500] },
  { key: 'albumin', loinc: '1751-7', name: 'Albumin', unit: 'g/dL', units: ['g/dL', 'g/L'], plausible: [0.5, 7], referenceUln: [3, 7] },
  { key: 'ldh', loinc: '2532-0', name: 'LDH', unit: 'U/L', units: ['U/L', 'ukat/L'], plausible: [0, 50000], referenceUln: [100, 1000] },
  { key: 'inr', loinc: '6301-6', name: 'INR', unit: '{INR}', units: ['{INR}'], plausible: [0.5, 15], referenceUln: [0.9, 4] },
  { key: 'cea', loinc: '2039-6', name: 'CEA', unit: 'ng/mL', units: ['ng/mL', 'ug/L'], plausible: [0, 1e6], referenceUln: [1, 20] },
  { key: 'ca19_9', loinc: '24108-3', name: 'CA 19-9', unit: 'U/mL', units: ['U/mL', 'kU/L'], plausible: [0, 1e7], referenceUln: [10, 100] },
  { key: 'ca125', loinc: '10334-1', name: 'CA-125', unit: 'U/mL', units: ['U/mL', 'kU/L'], plausible: [0, 1e6], referenceUln: [10, 100] },
  { key: 'psa', loinc: '2857-1', name: 'PSA', unit: 'ng/mL', units: ['ng/mL', 'ug/L'], plausible: [0, 1e5], referenceUln: [1, 10] },
  { key: 'afp', loinc: '1834-1', name: 'AFP', unit: 'ng/mL', units: ['ng/mL', 'ug/L'], plausible: [0, 1e7], referenceUln: [3, 50] },
];
export const LAB_BY_KEY = new Map(LAB_ANALYTES.map((a) => [a.key, a]));
export const LAB_BY_LOINC = new Map(LAB_ANALYTES.map((a) => [a.loinc, a]));

/** Laboratory spellings (lower case, spaces removed) of units UCUM refuses or misreads, to their UCUM code. */
const SPELLINGS: Record<string, string> = {
  'k/ul': '10*3/uL', 'k/µl': '10*3/uL', 'k/mcl': '10*3/uL', 'k/mm3': '10*3/uL', 'thou/ul': '10*3/uL', 'thou/mm3': '10*3/uL',
  'x10e3/ul': '10*3/uL', 'x10^3/ul': '10*3/uL', 'x10^3/µl': '10*3/uL', '×10^3/µl': '10*3/uL', '10^3/ul': '10*3/uL', '10^3/µl': '10*3/uL', 'x10(3)/ul': '10*3/uL', '10e3/ul': '10*3/uL', '10*3/ul': '10*3/uL',
  'x10^9/l': '10*9/L', '×10^9/l': '10*9/L', '×109/l': '10*9/L', '10^9/l': '10*9/L', '10e9/l': '10*9/L', '10*9/l': '10*9/L', 'g/l(cells)': '10*9/L', 'giga/l': '10*9/L',
  '/mm3': '/uL', '/mm^3': '/uL', 'mm3': '/uL', 'cells/mm3': '/uL', 'cells/ul': '/uL', '/ul': '/uL', '/µl': '/uL', '/mcl': '/uL', 'cells/µl': '/uL', '/cmm': '/uL',
  // enzyme activities: laboratories write IU/L and U/L for the same unit (UCUM keeps [IU] apart from U)
  'iu/l': 'U/L', 'u/l': 'U/L', 'ui/l': 'U/L',
  'µmol/l': 'umol/L', 'μmol/l': 'umol/L', 'umol/l': 'umol/L', 'mcmol/l': 'umol/L',
  'mg/dl': 'mg/dL', 'g/dl': 'g/dL', 'g/l': 'g/L', 'mmol/l': 'mmol/L', 'mg/l': 'mg/L',
  'ng/ml': 'ng/mL', 'µg/l': 'ug/L', 'ug/l': 'ug/L', 'mcg/l': 'ug/L',
  'u/ml': 'U/mL', 'ku/l': 'kU/L', 'iu/ml': '[IU]/mL',
  'ml/min': 'mL/min', 'ml/min/1.73m2': 'mL/min/{1.73_m2}', 'ml/min/1.73m²': 'mL/min/{1.73_m2}', 'ml/min/1.73m^2': 'mL/min/{1.73_m2}', 'ml/min/1,73m2': 'mL/min/{1.73_m2}', 'ml/s': 'mL/s',
  'ukat/l': 'ukat/L', 'µkat/l': 'ukat/L',
  ratio: '{INR}', inr: '{INR}', '': '',
};

/** A laboratory or protocol unit spelling as UCUM, or undefined when it is neither known nor valid UCUM. */
export function toUcum(unit: string | undefined): string | undefined {
  if (unit === undefined) return undefined;
  // one spelling of micro (the Greek mu pdf.js gives for µ), of powers (x10³, ×10⁹) and of m²
  const key = unit
    .replace(/\s+/g, '')
    .toLowerCase()
    .replace(/μ/g, 'µ')
    .replace(/×/g, 'x')
    .replace(/³/g, '^3')
    .replace(/⁹/g, '^9')
    .replace(/²/g, '2')
    // one spelling of a power of ten: "10*3", "10e3", "103" (OCR loses the caret) and "1073" (OCR reads it as 7) after an "x"
    .replace(/^x10[\^*e7]?([39])\//, 'x10^$1/')
    .replace(/^10[\^*e]([39])\//, 'x10^$1/')
    // after a power of ten, "p" is OCR's micro sign ("x10^3/pL", "/puL"): no count is per picolitre
    .replace(/^(x10\^[39]\/)(?:pu|p|µu)l$/, '$1µl');
  if (key in SPELLINGS) return SPELLINGS[key];
  return ucum.validateUnitString(unit.replace(/\s+/g, '')).status === 'valid' ? unit.replace(/\s+/g, '') : undefined;
}

/**
 * A value of an analyte in another unit (both in any spelling toUcum knows); undefined when the units
 * measure different things (a count is not a mass) or are unknown — the caller then says "unknown".
 */
export function convertLab(analyte: string, value: number, from: string | undefined, to: string | undefined): number | undefined {
  const f = toUcum(from);
  const t = toUcum(to);
  if (f === undefined || t === undefined) return undefined;
  if (f === t) return value;
  // "per 1.73 m²" is an annotation: eGFR and creatinine clearance compare in mL/min
  const strip = (u: string) => u.replace('/{1.73_m2}', '');
  if (strip(f) === strip(t)) return value;
  const a = LAB_BY_KEY.get(analyte);
  const r = ucum.convertUnitTo(strip(f), value, strip(t), a?.molarMass ? { molecularWeight: a.molarMass } : undefined);
  // UCUM's float arithmetic (1500 /uL -> 1.4999999999999998 10*9/L): twelve significant digits are plenty
  return r.status === 'succeeded' && r.toVal !== null ? Number(r.toVal.toPrecision(12)) : undefined;
}

/**
 * The unit a protocol meant when it wrote a threshold without one ("ANC >= 1500", "platelets >= 100"):
 * the analyte's customary units tried in order, the first in whose plausible range the threshold lies.
 * Undefined when none or more than one fits (the criterion then stays unknown rather than guessed).
 */
const CUSTOMARY: Record<string, Array<[string, number, number]>> = {
  anc: [['/uL', 200, 20000], ['10*9/L', 0.2, 20]],
  wbc: [['/uL', 500, 50000], ['10*9/L', 0.5, 50]],
  lymphocytes: [['/uL', 100, 20000], ['10*9/L', 0.1, 20]],
  platelets: [['/uL', 5000, 1000000], ['10*9/L', 5, 1000]],
  hemoglobin: [['g/dL', 4, 20], ['g/L', 40, 200]],
  creatinine: [['mg/dL', 0.3, 6], ['umol/L', 25, 600]],
  bilirubin: [['mg/dL', 0.2, 6], ['umol/L', 5, 120]],
  albumin: [['g/dL', 1, 6], ['g/L', 10, 60]],
  creatinine_clearance: [['mL/min', 10, 200]],
  inr: [['{INR}', 0.8, 5]],
};
export function impliedUnit(analyte: string, threshold: number): string | undefined {
  const fits = (CUSTOMARY[analyte] ?? []).filter(([, lo, hi]) => threshold >= lo && threshold <= hi);
  return fits.length === 1 ? fits[0][0] : undefined;
}

/** "1.8 ×10⁹/L" (rounded to what a laboratory reports). */
export function labText(value: number, unit: string | undefined): string {
  const u = displayUnit(unit);
  return `${Number(value.toPrecision(4))}${u ? ` ${u}` : ''}`;
}

import { ANALYTES } from '../../trials/compiler/lab';
import { convertLab, LAB_BY_KEY, toUcum, type LabAnalyte } from '../../vocab/labUnits';
import type { Line } from '../layout';
import { languageOf, type ReportLanguage } from '../words';
import type { Draft } from './draft';

/**
 * Results of a laboratory report, read line by line without assuming one laboratory's layout: a line that
 * opens with an analyte name (the criterion compiler's names, one definition) is cut into cells — dates,
 * reference ranges, limits, units, numbers, flags — whatever their column order, and the first number is
 * the result. A flag printed in the result's cell ("3.4 L") is a flag, a limit ("<41") a reference.
 * Numbers are read as the report's language writes them ("11,8" and "150.000" in Spanish or Italian,
 * "150,000" in English); a separator the language does not settle, or a value no human could have, is
 * kept as the text printed and marked not understood, for the clinician to read — never guessed. Units
 * are stored as UCUM codes (vocab/labUnits) so a criterion in another unit can be compared; a unit the
 * analyte cannot take is dropped rather than guessed; a reference range whose upper limit no laboratory
 * would print for the analyte (an OCR slip: "<41" read as "<4") is dropped rather than stored as a ULN.
 */

// names that contain an analyte's name but are another test ("mean corpuscular haemoglobin", "direct bilirubin")
const OTHER_TEST = /corpuscular|\bMCHC?\b|direct|indirect|conjugated|\bdirett|\bindirett|\bconiugat|\bfree\b|ratio\b(?!.*INR)|urine|urinary|\burin[ae]\b|\bA1c\b|glycated|glicat|glicosilad|%\s*$|\bpercent|relative|\btime\b|\btiempo\b|\btempo\b|\bPT\b(?!.*INR)|\bdate\b/i;
/** Words a laboratory puts before an analyte's name ("Absolute Neutrophils", "Estimated GFR", "Velocità di filtrazione glomerulare"). */
const QUALIFIER = /^(?:(?:absolute|estimated|calculated|total|serum|plasma|blood|s-|p-|b-|velocit[aà] di|tasa de|recuento de|conta de[li]*)\s*)+$/i;

/** A number as printed: digits with thousands separators or a decimal separator (either sign). */
const NUM = /\d{1,3}(?:[.,]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?/.source;
const TOKEN = new RegExp(
  [
    /(?<date>\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{1,2}:\d{2})/.source,
    `(?<range>(?<lo>${NUM})\\s*(?:-|–|—|to)\\s*(?<hi>${NUM}))`,
    `(?<limit>(?:[<>≤≥]=?|up to)\\s*(?<bound>${NUM}))`,
    /(?<unit>(?:[x×]\s*)?10\s*(?:\^|e|E|\*)?\s*[0-9³⁹]{1,2}\s*\/\s*(?:[µuμ]|p|pu)?[lL]\b|[a-zA-Zµμ%][a-zA-Zµμ]*(?:\s*\/\s*(?:[a-zA-Zµμ]+|[0-9.,]+\s*m(?:2|²|\^2)))+|\/\s*(?:[µuμ]L|mm\^?3|mcL|cmm)\b|%|mm3)/.source,
    `(?<number>${NUM})(?<glued>HH|LL|H|L)?(?![0-9A-Za-z])`,
    /(?<flag>\b(?:HH|LL|H|L|High|Low|Alto|Alta|Bajo|Baja|Alto|Basso|Abnormal|Critical|Crit)\b|[*↑↓!])/.source,
  ].join('|'),
  'gi',
);

/** How a report writes 1234.5: the English way ("1,234.5") or the continental one ("1.234,5"). */
type Convention = 'point' | 'comma';
const CONVENTION: Record<ReportLanguage, Convention> = { en: 'point', es: 'comma', it: 'comma' };

/**
 * The readings a printed number allows: one, or two when a single separator followed by three digits could
 * be a thousands separator or a decimal one ("1,500": 1500 in English, 1.5 in Spanish) and the convention
 * is not known.
 */
export function readingsOf(printed: string, convention: Convention | undefined): number[] {
  const s = printed.replace(/\s+/g, '');
  const seps = s.match(/[.,]/g) ?? [];
  if (!seps.length) return [Number(s)];
  const last = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
  // both signs ("1.234,5") or one sign repeated ("1.500.000"): the grouping tells which is which
  if (new Set(seps).size === 2) return [Number(s.slice(0, last).replace(/[.,]/g, '') + '.' + s.slice(last + 1))];
  if (seps.length > 1) return [Number(s.replace(/[.,]/g, ''))];
  const sep = seps[0]!;
  const decimal = Number(s.replace(sep, '.'));
  const thousands = Number(s.replace(sep, ''));
  // "0,500", "11,8", "1.25": only a decimal separator can stand there
  if (!/^[1-9]\d{0,2}[.,]\d{3}$/.test(s)) return [decimal];
  if (convention) return [(sep === ',') === (convention === 'point') ? thousands : decimal];
  return [thousands, decimal];
}

const FLAGS: Array<[RegExp, string]> = [
  [/^(?:HH)$/i, 'HH'],
  [/^(?:LL)$/i, 'LL'],
  [/^(?:H|High|Alt[oa]|↑)$/i, 'H'],
  [/^(?:L|Low|Baj[oa]|Basso|↓)$/i, 'L'],
];
const flagOf = (f: string) => FLAGS.find(([re]) => re.test(f))?.[1] ?? 'A';

/** Whether a value in a unit of the analyte lies within what a human could have. */
const plausible = (a: LabAnalyte, value: number, unit: string, [lo, hi]: [number, number]) => {
  const v = convertLab(a.key, value, unit, a.unit);
  return v !== undefined && v >= lo && v <= hi;
};

/** The analyte a line opens with: the longest name at its start or after a qualifier ("Absolute Neutrophils"). */
function analyteAt(text: string): { key: string; end: number } | undefined {
  const head = text.slice(0, 60);
  let best: { key: string; end: number; len: number } | undefined;
  for (const [re, key] of ANALYTES) {
    const m = re.exec(head);
    if (!m || (m.index > 3 && !QUALIFIER.test(head.slice(0, m.index)))) continue;
    // the longest name wins (so "haemoglobin A1c" is not haemoglobin)
    if (!best || m[0].length > best.len) best = { key, end: m.index + m[0].length, len: m[0].length };
  }
  return best;
}

/** Reads the laboratory results of a report's lines (the language of the whole report decides its separators). */
export function labFindings(lines: Line[]): Draft[] {
  const out: Draft[] = [];
  const language = languageOf(lines.map((l) => l.text).join('\n'));
  for (const line of lines) {
    const at = analyteAt(line.text);
    if (!at) continue;
    const a = LAB_BY_KEY.get(at.key);
    // the longest name is another test than the ones recorded (HbA1c): not read
    if (!a) continue;
    // the rest of the name: words and brackets up to the first digit or column break
    const nameEnd = /^(?:\([^)]*\)|[^0-9<>≤≥(])*?(?=\s\d|\s*[<>≤≥]|\s{2,}|$)/.exec(line.text.slice(at.end))?.[0] ?? '';
    const name = (line.text.slice(0, at.end) + nameEnd).trim();
    if (OTHER_TEST.test(name)) continue;
    const tail = line.text.slice(at.end + nameEnd.length);
    let printed: string | undefined;
    let limitValue: string | undefined;
    let unit: string | undefined;
    let range: { text: string; lo?: string; hi?: string } | undefined;
    let flag: string | undefined;
    let glued = '';
    let foreign = false;
    for (const m of tail.matchAll(TOKEN)) {
      const g = m.groups!;
      if (g.date) continue;
      const valueRead = printed !== undefined || limitValue !== undefined;
      if (g.number !== undefined && !valueRead) {
        printed = g.number;
        if (g.glued) {
          flag = flagOf(g.glued);
          glued = g.glued;
        }
        // a limit as the result ("<0.5") stands before the unit; after it, it is the reference of a result OCR lost
      } else if (g.limit && !valueRead && !unit) limitValue = g.limit.replace(/\s+/g, '');
      else if (g.range && valueRead && !range) range = { text: g.range.replace(/\s+/g, ' '), lo: g.lo, hi: g.hi };
      else if (g.limit && valueRead && !range) range = { text: g.limit.replace(/\s+/g, ' '), hi: /^[<≤]|^up/i.test(g.limit) ? g.bound : undefined };
      else if (g.unit && !unit) {
        const u = toUcum(g.unit);
        if (u !== undefined && a.units.includes(u)) unit = u;
        // a unit the analyte cannot take ("Neutrophils 62 %"): another test of the same name
        else if (valueRead) foreign = true;
      } else if (g.flag && !flag && valueRead) flag = flagOf(g.flag);
    }
    if ((printed === undefined && limitValue === undefined) || foreign) continue;
    if (!unit && a.unit === '{INR}') unit = '{INR}';
    // a result without a unit is not a laboratory line ("EGFR L858R: osimertinib" names a gene, not eGFR)
    if (!unit) continue;
    const u = unit;
    // the value: the reading the language allows, if it is one a human could have
    let value: number | string | undefined = limitValue;
    let understood = true;
    let convention = language && CONVENTION[language];
    if (printed !== undefined) {
      const fits = readingsOf(printed, convention).filter((v) => plausible(a, v, u, a.plausible));
      if (fits.length === 1) {
        value = fits[0];
        // the value's separator, once read, tells how the line's other numbers are written ("150,000" then "150,000-400,000")
        const sep = /^[^.,]*([.,])[^.,]*$/.exec(printed)?.[1];
        if (!convention && sep) convention = (fits[0] === Number(printed.replace(sep, '.'))) === (sep === '.') ? 'point' : 'comma';
      } else {
        value = printed + glued;
        understood = false;
      }
    }
    const whole = printed !== undefined && !/[.,]/.test(printed);
    // a reference whose decimal signs OCR lost ("0.2-1.2" read "02-12") says nothing about the value beside it
    const rangeLost = range !== undefined && lostDecimals(a, u, range, convention);
    const misread = whole && ((glued && !confirmed(value as number, flag, range, convention)) || (range && (rangeLost || unflaggedOutside(value as number, flag, range, convention))));
    // a flag that points away from the reference ("85 L" against "> 60"): the number or the flag was misread
    if (typeof value === 'number' && printed !== undefined && (misread || (!rangeLost && contradicts(value, flag, range, convention)))) {
      value = printed + glued;
      understood = false;
    }
    const referenceRange = range && understood && !rangeLost ? referenceOf(a, u, range, convention) : undefined;
    out.push({
      kind: 'lab',
      name: a.name,
      analyte: a.key,
      loinc: a.loinc,
      value,
      unit: u,
      ...(flag ? { flag } : {}),
      ...(referenceRange ? { referenceRange } : {}),
      ...(understood ? {} : { interpretation: 'not_understood' }),
      line,
    });
  }
  return out;
}

/**
 * Whether a whole number printed against its flag ("34L") is what the laboratory printed. OCR joins a
 * value's cell to its flag and then drops the decimal sign ("3.4 L" read "34L", "11,8 L" read "118L"),
 * so such a number stands only when its reference agrees: one is printed, without decimals, and the flag
 * points the way the number lies from it.
 */
function confirmed(value: number, flag: string | undefined, range: Range | undefined, convention: Convention | undefined): boolean {
  if (!range || /\d[.,]\d{1,2}(?!\d)/.test(range.text)) return false;
  const { lo, hi } = boundsOf(range, convention);
  if (flag === 'L') return lo !== undefined ? value < lo : hi !== undefined && value < hi;
  if (flag === 'H') return hi !== undefined && value > hi;
  return true;
}

type Range = { text: string; lo?: string; hi?: string };
/** The lower and upper limits of a reference: "1.5-7.5", "<41" (upper), "> 60" (lower). */
function boundsOf(range: Range, convention: Convention | undefined): { lo?: number; hi?: number } {
  const one = (n: string | undefined) => (n === undefined ? undefined : readingsOf(n, convention).length === 1 ? readingsOf(n, convention)[0] : undefined);
  const lower = /^\s*(?:>|≥)=?\s*([\d.,]+)/.exec(range.text)?.[1];
  return { lo: one(range.lo ?? lower), hi: one(range.hi) };
}

/**
 * Whether a whole number lies outside a reference printed with decimals and carries no flag ("INR 11"
 * against "0,8-1,2", where "1,1" stood): a laboratory prints a result as precisely as its range and flags
 * what is outside it, so the number lost its decimal sign.
 */
function unflaggedOutside(value: number, flag: string | undefined, range: Range, convention: Convention | undefined): boolean {
  if (flag || !/\d[.,]\d{1,2}(?!\d)/.test(range.text)) return false;
  const { lo, hi } = boundsOf(range, convention);
  return (lo !== undefined && value < lo) || (hi !== undefined && value > hi);
}

/** Whether a flag points away from the reference: "L" above the lower limit, "H" below the upper one. */
function contradicts(value: number, flag: string | undefined, range: Range | undefined, convention: Convention | undefined): boolean {
  if (!range || (flag !== 'L' && flag !== 'H')) return false;
  const { lo, hi } = boundsOf(range, convention);
  return flag === 'L' ? (lo !== undefined ? value > lo : hi !== undefined && value > hi) : hi !== undefined ? value < hi : lo !== undefined && value < lo;
}

/**
 * Whether OCR lost the decimal signs of a line's reference ("0,3 - 1,2" read "03-12", "1,5 - 7,5" read
 * "15-75"): a number printed with a leading zero, or an upper limit above any the analyte has. The whole
 * number beside it then likely lost its own ("1,3" read "13").
 */
function lostDecimals(a: LabAnalyte, unit: string, range: { text: string; hi?: string }, convention: Convention | undefined): boolean {
  if (/(?:^|[^\d.,])0\d/.test(range.text)) return true;
  const hi = range.hi !== undefined ? readingsOf(range.hi, convention) : [];
  const inRecorded = hi.length === 1 ? convertLab(a.key, hi[0], unit, a.unit) : undefined;
  return inRecorded !== undefined && inRecorded > a.referenceUln[1];
}

/**
 * The reference range as stored: its numbers written the one way ("12,0 - 15,5" -> "12.0 - 15.5",
 * "150.000 - 400.000" -> "150000 - 400000"), undefined when a number is ambiguous or the upper limit is
 * not one a laboratory prints for the analyte.
 */
function referenceOf(a: LabAnalyte, unit: string, range: { text: string; lo?: string; hi?: string }, convention: Convention | undefined): string | undefined {
  let ambiguous = false;
  const text = range.text.replace(new RegExp(NUM, 'g'), (n) => {
    const r = readingsOf(n, convention);
    if (r.length !== 1) ambiguous = true;
    // a thousands reading is written without separators, a decimal one with the printed decimals ("12,0" -> "12.0")
    if (!/[.,]/.test(n) || (/[.,]\d{3}$/.test(n) && r[0] === Number(n.replace(/[.,]/g, '')))) return String(r[0]);
    return r[0].toFixed(n.length - 1 - Math.max(n.lastIndexOf('.'), n.lastIndexOf(',')));
  });
  if (ambiguous) return undefined;
  const uln = ulnOf(text);
  const lln = range.lo !== undefined ? readingsOf(range.lo, convention)[0] : undefined;
  if (uln !== undefined && (!plausible(a, uln, unit, a.referenceUln) || (lln !== undefined && lln > uln))) return undefined;
  return text;
}

/** The upper limit of normal a reference range gives ("13.5-17.5" -> 17.5, "< 40" -> 40); undefined for "> 60". */
export function ulnOf(range: string | undefined): number | undefined {
  if (!range) return undefined;
  const r = /(\d+(?:[.,]\d+)?)\s*(?:-|–|—|to)\s*(\d+(?:[.,]\d+)?)/.exec(range);
  if (r) return Number(r[2].replace(',', '.'));
  const l = /(?:<|≤|up to)=?\s*(\d+(?:[.,]\d+)?)/.exec(range);
  return l ? Number(l[1].replace(',', '.')) : undefined;
}

import { ANALYTES } from '../../trials/compiler/lab';
import { LAB_BY_KEY, toUcum } from '../../vocab/labUnits';
import type { Line } from '../layout';
import type { Draft } from './draft';

/**
 * Results of a laboratory report, read line by line without assuming one laboratory's layout: a line that
 * opens with an analyte name (the criterion compiler's names, one definition) is cut into tokens — dates,
 * reference ranges, limits, units, numbers, flags — whatever their column order, and the first number is
 * the result. Units are stored as UCUM codes (vocab/labUnits) so a criterion in another unit can be
 * compared; a unit the analyte cannot take is dropped rather than guessed.
 */


// names that contain an analyte's name but are another test ("mean corpuscular haemoglobin", "direct bilirubin")
const OTHER_TEST = /corpuscular|\bMCHC?\b|direct|indirect|conjugated|\bfree\b|ratio\b(?!.*INR)|urine|urinary|\bA1c\b|glycated|%\s*$|\bpercent|relative|\btime\b|\bPT\b(?!.*INR)|\bdate\b/i;

const TOKEN = new RegExp(
  [
    /(?<date>\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{1,2}:\d{2})/.source,
    /(?<range>\d+(?:[.,]\d+)?\s*(?:-|–|—|to)\s*\d+(?:[.,]\d+)?)/.source,
    /(?<limit>(?:[<>≤≥]=?|up to)\s*\d+(?:[.,]\d+)?)/.source,
    /(?<unit>(?:[x×]\s*)?10\s*(?:\^|e|E|\*)?\s*[0-9]{1,2}\s*\/\s*[µuμ]?[lL]\b|[a-zA-Zµμ%][a-zA-Zµμ]*(?:\s*\/\s*(?:[a-zA-Zµμ]+|[0-9.,]+\s*m(?:2|²|\^2)))+|%|mm3)/.source,
    /(?<number>\d+(?:[.,]\d+)?)/.source,
    /(?<flag>\b(?:HH|LL|H|L|High|Low|Abnormal|Critical|Crit)\b|[*↑↓!])/.source,
  ].join('|'),
  'g',
);

const num = (s: string) => Number(s.replace(',', '.'));

/** Reads the laboratory results of a report's lines. */
export function labFindings(lines: Line[]): Draft[] {
  const out: Draft[] = [];
  for (const line of lines) {
    const head = line.text.slice(0, 60);
    // the longest analyte name at the line's start (so "haemoglobin A1c" is not haemoglobin)
    let best: { key: string; end: number; len: number } | undefined;
    for (const [re, key] of ANALYTES) {
      const m = re.exec(head);
      if (!m || m.index > 3) continue;
      if (!best || m[0].length > best.len) best = { key, end: m.index + m[0].length, len: m[0].length };
    }
    if (!best) continue;
    const a = LAB_BY_KEY.get(best.key);
    // the longest name is another test than the ones recorded (HbA1c): not read
    if (!a) continue;
    // the rest of the name: words and brackets up to the first digit or column break
    const nameEnd = /^(?:\([^)]*\)|[^0-9<>≤≥(])*?(?=\s\d|\s*[<>≤≥]|\s{2,}|$)/.exec(line.text.slice(best.end))?.[0] ?? '';
    const name = (line.text.slice(0, best.end) + nameEnd).trim();
    if (OTHER_TEST.test(name)) continue;
    const tail = line.text.slice(best.end + nameEnd.length);
    let value: number | string | undefined;
    let unit: string | undefined;
    let range: string | undefined;
    let flag: string | undefined;
    let foreign = false;
    for (const m of tail.matchAll(TOKEN)) {
      const g = m.groups!;
      if (g.date) continue;
      if (g.number !== undefined && value === undefined) value = num(g.number);
      else if (g.limit && value === undefined) value = g.limit.replace(/\s+/g, '');
      else if ((g.range || g.limit) && value !== undefined && !range) range = (g.range ?? g.limit).replace(/\s+/g, ' ');
      else if (g.unit && !unit) {
        const u = toUcum(g.unit);
        if (u !== undefined && a.units.includes(u)) unit = u;
        // a unit the analyte cannot take ("Neutrophils 62 %"): another test of the same name
        else if (value !== undefined) foreign = true;
      } else if (g.flag && !flag) flag = /^(?:H|High|↑)$/i.test(g.flag) ? 'H' : /^(?:L|Low|↓)$/i.test(g.flag) ? 'L' : g.flag.toUpperCase().startsWith('HH') ? 'HH' : g.flag.toUpperCase().startsWith('LL') ? 'LL' : 'A';
    }
    if (value === undefined || foreign) continue;
    if (!unit && a.unit === '{INR}') unit = '{INR}';
    // a result without a unit is not a laboratory line ("EGFR L858R: osimertinib" names a gene, not eGFR)
    if (!unit) continue;
    out.push({ kind: 'lab', name: a.name, analyte: a.key, loinc: a.loinc, value, ...(unit ? { unit } : {}), ...(flag ? { flag } : {}), ...(range ? { referenceRange: range } : {}), line });
  }
  return out;
}

/** The upper limit of normal a reference range gives ("13.5-17.5" -> 17.5, "< 40" -> 40); undefined for "> 60". */
export function ulnOf(range: string | undefined): number | undefined {
  if (!range) return undefined;
  const r = /(\d+(?:[.,]\d+)?)\s*(?:-|–|—|to)\s*(\d+(?:[.,]\d+)?)/.exec(range);
  if (r) return num(r[2]);
  const l = /(?:<|≤|up to)=?\s*(\d+(?:[.,]\d+)?)/.exec(range);
  return l ? num(l[1]) : undefined;
}

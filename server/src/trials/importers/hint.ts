import type { ImportError, Trial } from '@oncodesk/shared/contracts';
import { cleanText, finalizeTrial, normalizePhases, normalizeStatus, type ImportResult } from '../model';
import { normalizeDrug } from '../../vocab/drugKnowledge';
import { parseCsv } from './csv';

/** Python-style list literal "['a', 'b']" -> strings. */
/**
 * HINT records carry no title: a readable one from the interventions and conditions ("Trastuzumab
 * emtansine and vinorelbine in breast cancer, metastatic breast cancer"), marked derived on screen.
 */
export function derivedTitle(id: string, drugs: string[], diseases: string[]): string {
  const list = (xs: string[], max: number) => {
    const shown = xs.slice(0, max);
    const more = xs.length - shown.length;
    const head = more > 0 ? shown : shown.slice(0, -1);
    const tail = more > 0 ? `${more} more` : shown[shown.length - 1];
    return head.length ? `${head.join(', ')} and ${tail}` : tail;
  };
  const what = drugs.length ? list([...new Set(drugs)], 3) : '';
  const where = diseases.length ? list([...new Set(diseases)], 3) : '';
  if (!what && !where) return id;
  const text = what && where ? `${what} in ${where}` : what || `Treatment of ${where}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function pyList(s: string | undefined): string[] {
  if (!s) return [];
  const out: string[] = [];
  const re = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) out.push((m[1] ?? m[2]).trim());
  return out.filter(Boolean);
}

const REQUIRED = ['nctid', 'status', 'phase', 'diseases', 'drugs', 'criteria'];

/** Parses the HINT CSV (nctid,status,why_stop,phase,diseases,icdcodes,drugs,criteria). */
export function parseHintCsv(content: string, file?: string): ImportResult {
  const trials: Trial[] = [];
  const errors: ImportError[] = [];
  let rows: string[][];
  try {
    rows = parseCsv(content);
  } catch (e) {
    return { trials, errors: [{ file, message: `invalid CSV: ${(e as Error).message}` }] };
  }
  const header = rows[0]?.map((h) => h.trim().toLowerCase()) ?? [];
  const missing = REQUIRED.filter((h) => !header.includes(h));
  if (missing.length) return { trials, errors: [{ file, message: `not a HINT CSV: missing columns ${missing.join(', ')}` }] };
  const col = (r: string[], name: string) => r[header.indexOf(name)];
  for (let i = 1; i < rows.length; i++) {
    const r = rows[i];
    if (r.length === 1 && !r[0].trim()) continue;
    const id = col(r, 'nctid')?.trim();
    const rec = id || `row ${i + 1}`;
    try {
      if (r.length !== header.length) throw new Error(`expected ${header.length} columns, found ${r.length}`);
      if (!id || !/^NCT\d{8}$/.test(id)) throw new Error(`missing or invalid nctid: ${String(id)}`);
      const diseases = pyList(col(r, 'diseases'));
      const drugs = pyList(col(r, 'drugs'));
      const res = finalizeTrial({
        id,
        nctId: id,
        otherIds: [],
        source: 'hint',
        briefTitle: derivedTitle(id, drugs, diseases).slice(0, 1000),
        titleOrigin: 'derived',
        phases: normalizePhases(col(r, 'phase')),
        overallStatus: normalizeStatus(col(r, 'status')),
        collaborators: [],
        conditions: diseases,
        keywords: [...new Set((col(r, 'icdcodes') ?? '').match(/\b[A-Z]\d{2}(?:\.[0-9A-Z]{1,4})?\b/g) ?? [])],
        interventions: drugs.map((d) => ({ name: d, type: 'drug', otherNames: [], drugs: normalizeDrug(d) ? [normalizeDrug(d)!] : [] })),
        cohorts: [],
        sites: [],
        dates: {},
        eligibility: { text: cleanText(col(r, 'criteria')), sex: 'all' },
      });
      if (res.trial) trials.push(res.trial);
      else errors.push({ file, record: rec, message: `validation: ${res.error}` });
    } catch (e) {
      errors.push({ file, record: rec, message: (e as Error).message });
    }
  }
  return { trials, errors };
}

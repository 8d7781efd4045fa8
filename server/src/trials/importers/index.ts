import fs from 'node:fs';
import path from 'node:path';
import type { ImportError, Trial } from '@oncodesk/shared/contracts';
import type { ImportResult } from '../model';
import { parseCtgovV2 } from './ctgovV2';
import { parseCtgovXml } from './ctgovXml';
import { parseNciCts } from './nciCts';
import { parseCtml } from './ctml';
import { parseHintCsv } from './hint';

export { parseCtgovV2, parseCtgovXml, parseNciCts, parseCtml, parseHintCsv };
export type TrialFormat = 'ctgov-v2' | 'ctgov-xml' | 'nci-cts' | 'ctml' | 'hint';

/** Guesses the format from the file name and first bytes. */
export function detectFormat(file: string, content: string): TrialFormat | undefined {
  const head = content.slice(0, 4000);
  const ext = path.extname(file).toLowerCase();
  if (ext === '.xml' || /^\s*<(\?xml|clinical_study|DOC)/.test(head)) return 'ctgov-xml';
  if (ext === '.csv') return 'hint';
  if (ext === '.yaml' || ext === '.yml') return 'ctml';
  if (/"protocolSection"|"studies"\s*:/.test(head)) return 'ctgov-v2';
  if (/"treatment_list"|"protocol_no"/.test(content.slice(0, 200000))) return 'ctml';
  if (/"nci_id"|"current_trial_status"|"org_coordinates"/.test(content.slice(0, 1_000_000)) || ext === '.jsonl') return 'nci-cts';
  return undefined;
}

/** Parses file content in the given (or detected) format. Pure: no I/O, never throws. */
export function parseTrials(content: string, file: string, format?: TrialFormat): ImportResult {
  const f = format ?? detectFormat(file, content);
  try {
    switch (f) {
      case 'ctgov-v2':
        return parseCtgovV2(content, file);
      case 'ctgov-xml':
        return parseCtgovXml(content, file);
      case 'nci-cts':
        return parseNciCts(content, file);
      case 'ctml':
        return parseCtml(content, file);
      case 'hint':
        return parseHintCsv(content, file);
      default:
        return { trials: [], errors: [{ file, message: 'unrecognised trial file format' }] };
    }
  } catch (e) {
    return { trials: [], errors: [{ file, message: `unexpected: ${(e as Error).message}` }] };
  }
}

/** A trial's source record as stored beside it (trials.raw_record), to be compiled again after an upgrade. */
export interface RawRecord {
  format: TrialFormat;
  text: string;
}

/**
 * Compiles stored source records again (a knowledge-base upgrade): each record read in its format, as when it
 * was received. Pure, never throws: a record that no longer reads is an error and its stored trial stays.
 */
export function compileRecords(records: RawRecord[]): ImportResult {
  const trials: Trial[] = [];
  const errors: ImportError[] = [];
  for (const r of records) {
    const out = parseTrials(r.text, 'stored record', r.format);
    trials.push(...out.trials);
    errors.push(...out.errors);
  }
  return { trials, errors };
}

/**
 * How complete a source's records are. The HINT CSV is a lossy slice of ClinicalTrials.gov (no
 * structured age / sex, sites, titles): when a registry record with the same id exists, it wins.
 */
const SOURCE_RANK: Record<string, number> = { hint: 0 };

/** Of two records with the same id, the one to keep: the later one unless it comes from a poorer source. */
export function preferRecord(existing: Trial | undefined, next: Trial): Trial {
  if (!existing) return next;
  if ((SOURCE_RANK[next.source] ?? 1) < (SOURCE_RANK[existing.source] ?? 1)) return existing;
  // a search result that returned only some fields (no criteria text) never replaces the full record
  if (existing.eligibility.text?.trim() && !next.eligibility.text?.trim()) return existing;
  return next;
}

/**
 * Reads and parses every trial file under a directory (recursively). Later duplicates replace earlier
 * ones, except that a HINT row never replaces a registry record of the same trial, nor a record without
 * criteria text one with it (preferRecord).
 */
/**
 * The files of a reference-data folder that hold real trial records: its ctml/ folder is MatchMiner's engine
 * test suite (protocols "10-00x", arms "ALWAYS CLOSED"), which must never reach the product's catalogue.
 */
export function catalogueFile(file: string): boolean {
  return !/[\\/]ctml[\\/]/.test(file);
}

export function importDirectory(
  dir: string,
  filter?: (file: string) => boolean,
  // the tests pass a parser that keeps each file's result on disk (test/support/compiledTrials.ts), so that a file
  // compiled once in a run is not compiled again by the next test that reads the same folder
  parse: (content: string, file: string) => ImportResult = parseTrials,
): ImportResult & { files: number } {
  const trials = new Map<string, Trial>();
  const errors: ImportError[] = [];
  let files = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(json|jsonl|xml|csv|ya?ml)$/i.test(e.name) && (!filter || filter(p))) {
        files++;
        let content: string;
        try {
          content = fs.readFileSync(p, 'utf8');
        } catch (err) {
          errors.push({ file: p, message: `cannot read: ${(err as Error).message}` });
          continue;
        }
        const r = parse(content, p);
        for (const t of r.trials) trials.set(t.id, preferRecord(trials.get(t.id), t));
        errors.push(...r.errors);
      }
    }
  };
  walk(dir);
  return { trials: [...trials.values()], errors, files };
}

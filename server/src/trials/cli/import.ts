/**
 * trials:import — parse trial files (any supported format) and report what was read and what was not.
 *
 *   pnpm --filter @oncodesk/server trials:import [path ...] [--out snapshot.json] [--errors errors.json]
 *
 * Paths may be files or folders (default: <shared data>/trials). Nothing is persisted unless --out is
 * given (a JSON snapshot of the compiled trials; database persistence comes with the DB layer).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ImportError, Trial } from '@oncodesk/shared/contracts';
import { sharedDataDir } from '../../config/sharedData';
import { importDirectory, parseTrials } from '../importers';

export interface ImportSummary {
  files: number;
  trials: Trial[];
  errors: ImportError[];
  bySource: Record<string, number>;
  criteria: { total: number; structured: number; freeText: number };
  ms: number;
}

export function importPaths(paths: string[]): ImportSummary {
  const t0 = Date.now();
  const trials = new Map<string, Trial>();
  const errors: ImportError[] = [];
  let files = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) {
      errors.push({ file: p, message: 'no such file or folder' });
      continue;
    }
    if (fs.statSync(p).isDirectory()) {
      const r = importDirectory(p);
      files += r.files;
      for (const t of r.trials) trials.set(t.id, t);
      errors.push(...r.errors);
    } else {
      files++;
      const r = parseTrials(fs.readFileSync(p, 'utf8'), p);
      for (const t of r.trials) trials.set(t.id, t);
      errors.push(...r.errors);
    }
  }
  const list = [...trials.values()];
  const bySource: Record<string, number> = {};
  let total = 0;
  let free = 0;
  for (const t of list) {
    bySource[t.source] = (bySource[t.source] ?? 0) + 1;
    for (const c of [...t.eligibility.criteria, ...t.cohorts.flatMap((co) => co.criteria)]) {
      total++;
      if (c.spec.kind === 'free_text') free++;
    }
  }
  return { files, trials: list, errors, bySource, criteria: { total, structured: total - free, freeText: free }, ms: Date.now() - t0 };
}

function main(argv: string[]) {
  const paths: string[] = [];
  let out: string | undefined;
  let errorsOut: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') out = argv[++i];
    else if (argv[i] === '--errors') errorsOut = argv[++i];
    else paths.push(path.resolve(argv[i]));
  }
  if (!paths.length) paths.push(path.join(sharedDataDir(), 'trials'));
  const s = importPaths(paths);
  console.log(`files read: ${s.files}; trials: ${s.trials.length} (${Object.entries(s.bySource).map(([k, v]) => `${k} ${v}`).join(', ')}); ${(s.trials.length / Math.max(0.001, s.ms / 1000)).toFixed(0)} trials/s`);
  console.log(`criteria: ${s.criteria.total} (${s.criteria.structured} structured, ${s.criteria.freeText} free text kept for review)`);
  console.log(`not read: ${s.errors.length}`);
  for (const e of s.errors.slice(0, 50)) console.log(`  ${e.file ?? ''}${e.record ? ` [${e.record}]` : ''}: ${e.message}`);
  if (s.errors.length > 50) console.log(`  ... ${s.errors.length - 50} more${errorsOut ? '' : ' (use --errors file.json)'}`);
  if (errorsOut) fs.writeFileSync(errorsOut, JSON.stringify(s.errors, null, 2));
  if (out) {
    fs.writeFileSync(out, JSON.stringify(s.trials));
    console.log(`snapshot written: ${out}`);
  }
}

if (require.main === module) main(process.argv.slice(2));

/**
 * trials:sync — bring a local snapshot up to date from ClinicalTrials.gov API v2 (or from local files).
 *
 *   pnpm --filter @oncodesk/server trials:sync --snapshot trials.json --query "query.cond=melanoma&filter.overallStatus=RECRUITING" [--pages 5]
 *   pnpm --filter @oncodesk/server trials:sync --snapshot trials.json --from <file or folder>
 *
 * Idempotent: trials are keyed by id; the report lists added, changed and unchanged trials and every
 * record that could not be read. The snapshot is only rewritten when something changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ImportError, Trial } from '@oncodesk/shared/contracts';
import { parseCtgovV2 } from '../importers';
import { importPaths } from './import';

const API = 'https://clinicaltrials.gov/api/v2/studies';

export interface SyncReport {
  added: string[];
  changed: string[];
  unchanged: string[];
  errors: ImportError[];
}

/** Pure merge: which incoming trials are new or different from the snapshot. */
export function mergeTrials(snapshot: Trial[], incoming: Trial[]): { merged: Trial[]; report: Omit<SyncReport, 'errors'> } {
  const byId = new Map(snapshot.map((t) => [t.id, t]));
  const report = { added: [] as string[], changed: [] as string[], unchanged: [] as string[] };
  for (const t of incoming) {
    const old = byId.get(t.id);
    if (!old) report.added.push(t.id);
    else if (JSON.stringify(old) !== JSON.stringify(t)) report.changed.push(t.id);
    else report.unchanged.push(t.id);
    byId.set(t.id, t);
  }
  return { merged: [...byId.values()], report };
}

export async function fetchCtgov(query: string, pages: number, fetchImpl: typeof fetch = fetch): Promise<{ trials: Trial[]; errors: ImportError[] }> {
  const trials: Trial[] = [];
  const errors: ImportError[] = [];
  let token: string | undefined;
  for (let page = 0; page < pages; page++) {
    const url = `${API}?format=json&pageSize=100&${query}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
    let body: string;
    try {
      const res = await fetchImpl(url, { headers: { accept: 'application/json' } });
      if (!res.ok) {
        errors.push({ file: url, message: `HTTP ${res.status}` });
        break;
      }
      body = await res.text();
    } catch (e) {
      errors.push({ file: url, message: `network: ${(e as Error).message}` });
      break;
    }
    const r = parseCtgovV2(body, url);
    trials.push(...r.trials);
    errors.push(...r.errors);
    token = r.nextPageToken;
    if (!token) break;
  }
  return { trials, errors };
}

async function main(argv: string[]) {
  let snapshot: string | undefined;
  let query: string | undefined;
  let from: string | undefined;
  let pages = 1;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--snapshot') snapshot = argv[++i];
    else if (argv[i] === '--query') query = argv[++i];
    else if (argv[i] === '--from') from = argv[++i];
    else if (argv[i] === '--pages') pages = Number(argv[++i]);
  }
  if (!snapshot || (!query && !from)) {
    console.error('usage: trials:sync --snapshot <file.json> (--query "<ctgov v2 query>" [--pages N] | --from <file or folder>)');
    process.exit(2);
  }
  const current: Trial[] = fs.existsSync(snapshot) ? JSON.parse(fs.readFileSync(snapshot, 'utf8')) : [];
  const incoming = from ? importPaths([path.resolve(from)]) : await fetchCtgov(query!, pages);
  const { merged, report } = mergeTrials(current, incoming.trials);
  console.log(`added ${report.added.length}, changed ${report.changed.length}, unchanged ${report.unchanged.length}, not read ${incoming.errors.length}`);
  for (const e of incoming.errors.slice(0, 50)) console.log(`  ${e.file ?? ''}${e.record ? ` [${e.record}]` : ''}: ${e.message}`);
  if (report.added.length || report.changed.length) {
    fs.writeFileSync(snapshot, JSON.stringify(merged));
    console.log(`snapshot updated: ${snapshot} (${merged.length} trials)`);
  } else console.log('snapshot unchanged');
}

if (require.main === module) void main(process.argv.slice(2));

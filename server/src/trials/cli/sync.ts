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
import type { Trial } from '@oncodesk/shared/contracts';
import { fetchCtgov, mergeTrials } from '../ctgovSync';
import { importPaths } from './import';

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

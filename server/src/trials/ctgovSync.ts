/**
 * Bringing trials up to date from ClinicalTrials.gov API v2: fetch pages of a query and tell which trials
 * are new or changed. Used by the trials:sync command (a snapshot file) and the server's sync job (the
 * database).
 */
import type { ImportError, Trial } from '@oncodesk/shared/contracts';
import stableStringify from 'safe-stable-stringify';
import { parseCtgovV2 } from './importers';

/** ClinicalTrials.gov API v2's study search (TRIALS_SYNC_URL points elsewhere: a mirror, or replayed pages in tests). */
export const CTGOV_API = 'https://clinicaltrials.gov/api/v2/studies';

export interface SyncReport {
  added: string[];
  changed: string[];
  unchanged: string[];
  errors: ImportError[];
}

/**
 * Pure merge: which incoming trials are new or different from the snapshot. Compared with sorted keys:
 * a trial read back from the database (jsonb) has its keys in another order than a freshly compiled one.
 */
export function mergeTrials(snapshot: Trial[], incoming: Trial[]): { merged: Trial[]; report: Omit<SyncReport, 'errors'> } {
  const byId = new Map(snapshot.map((t) => [t.id, t]));
  const report = { added: [] as string[], changed: [] as string[], unchanged: [] as string[] };
  for (const t of incoming) {
    const old = byId.get(t.id);
    if (!old) report.added.push(t.id);
    else if (stableStringify(old) !== stableStringify(t)) report.changed.push(t.id);
    else report.unchanged.push(t.id);
    byId.set(t.id, t);
  }
  return { merged: [...byId.values()], report };
}

/** Reads the query's pages: the compiled trials, each study as the registry sent it (by trial id), and the errors. */
export async function fetchCtgov(query: string, pages: number, fetchImpl: typeof fetch = fetch, api = CTGOV_API): Promise<{ trials: Trial[]; raw: Map<string, string>; errors: ImportError[] }> {
  const trials: Trial[] = [];
  const raw = new Map<string, string>();
  const errors: ImportError[] = [];
  let token: string | undefined;
  for (let page = 0; page < pages; page++) {
    const url = `${api}?format=json&pageSize=100&${query}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
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
    for (const [id, text] of r.raw ?? []) raw.set(id, text);
    errors.push(...r.errors);
    token = r.nextPageToken;
    if (!token) break;
  }
  return { trials, raw, errors };
}

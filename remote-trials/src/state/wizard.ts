import { create } from 'zustand';
import { bus, storage, type FindMatchResponse, type MatchedTrial, type PatientFolder, type SearchLocation } from '@oncodesk/shared';
import { patientsApi, trialsApi } from '@oncodesk/shared/api';

/** One cached search as the results page shows it (also kept in local storage: a reload shows it at once). */
export interface CachedSearch {
  patientId: string;
  searchKey: string;
  results: MatchedTrial[];
  patientLabel?: string;
  at: number;
}

const cacheKey = (patientId: string, searchKey: string) => `${patientId}|${searchKey}`;
/** Local storage holds the last few searches only: results carry full explanations and can be large. */
const MAX_CACHED = 6;

export function readCachedMatches(patientId: string, searchKey: string): CachedSearch | null {
  const all = storage.get('cachedMatches') as Record<string, CachedSearch>;
  return all[cacheKey(patientId, searchKey)] ?? null;
}

export function writeCachedMatches(entry: CachedSearch): void {
  const all = { ...(storage.get('cachedMatches') as Record<string, CachedSearch>), [cacheKey(entry.patientId, entry.searchKey)]: entry };
  const keep = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, MAX_CACHED);
  try {
    storage.set('cachedMatches', Object.fromEntries(keep));
  } catch {
    // Quota exceeded: the server still has the search; only the instant reload is lost.
    storage.set('cachedMatches', { [cacheKey(entry.patientId, entry.searchKey)]: entry });
  }
}

export function dropCachedMatches(patientId: string): void {
  const all = storage.get('cachedMatches') as Record<string, CachedSearch>;
  storage.set('cachedMatches', Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith(`${patientId}|`))));
}

/** Tells the shell a credit was spent: the counter updates and the host refetches the user. */
export function announceSearchesLeft(searchesLeft: number): void {
  bus.emit('plan:searches-changed/v1', { searchesLeft });
  bus.emit('user:refresh-requested/v1', {});
}

/** The one search-key codec lives in the shared contracts. */
export { locationOfKey, searchKeyOf } from '@oncodesk/shared/contracts';

interface FoldersState {
  folders: PatientFolder[] | null;
  error: boolean;
  load(): Promise<void>;
  upsert(folder: PatientFolder): void;
  remove(id: string): void;
}

export const useFolders = create<FoldersState>((set, get) => ({
  folders: null,
  error: false,
  async load() {
    try {
      const r = await patientsApi.list();
      set({ folders: r.patients, error: false });
    } catch {
      set({ error: true, folders: get().folders ?? [] });
    }
  },
  upsert(folder) {
    const list = get().folders ?? [];
    set({ folders: [folder, ...list.filter((f) => f.id !== folder.id)] });
  },
  remove(id) {
    set({ folders: (get().folders ?? []).filter((f) => f.id !== id) });
    dropCachedMatches(id);
  },
}));

/** Runs a search and caches it (server and local storage). */
export async function runSearch(patientId: string, location: SearchLocation): Promise<FindMatchResponse> {
  const r = await trialsApi.findMatch({ patientId, location });
  // only a search that took a credit moves the counter (the last one opens the upgrade prompt); a free scope does not
  if (r.charged !== false) announceSearchesLeft(r.searchesLeft);
  writeCachedMatches({ patientId, searchKey: r.searchKey, results: r.results, at: Date.now() });
  return r;
}

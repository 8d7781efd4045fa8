import type { Language, User } from '../contracts';

/**
 * Every local-storage key the apps use, with its type and default, in one place.
 * Read and write only through `storage` so names and JSON encoding never drift between apps.
 */
interface StorageSchema {
  jwt: string | null;
  user: User | null;
  vaultViewType: 'mosaic' | 'list';
  profileColor: string | null;
  cachedMatches: Record<string, unknown>;
  searchSessionToken: string | null;
  locationPreferences: Record<string, unknown> | null;
  signupEmail: string | null;
  expandedStatus: boolean;
  betterExperienceDismissed: boolean;
  language: Language;
  /** Feature flags, e.g. { demoNoticeDismissed: true }. */
  flags: Record<string, boolean>;
}

const defaults: StorageSchema = {
  jwt: null,
  user: null,
  vaultViewType: 'mosaic',
  profileColor: null,
  cachedMatches: {},
  searchSessionToken: null,
  locationPreferences: null,
  signupEmail: null,
  expandedStatus: true,
  betterExperienceDismissed: false,
  language: 'en-US',
  flags: {},
};

export type StorageKey = keyof StorageSchema;
const PREFIX = 'oncodesk.';
// Defaults are plain JSON; a copy keeps callers from mutating them.
const fresh = <K extends StorageKey>(key: K): StorageSchema[K] => JSON.parse(JSON.stringify(defaults[key]));

function backend(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // e.g. storage disabled in a privacy mode
  }
}

export const storage = {
  get<K extends StorageKey>(key: K): StorageSchema[K] {
    const raw = backend()?.getItem(PREFIX + key);
    if (raw == null) return fresh(key);
    try {
      return JSON.parse(raw) as StorageSchema[K];
    } catch {
      return fresh(key);
    }
  },
  set<K extends StorageKey>(key: K, value: StorageSchema[K]): void {
    backend()?.setItem(PREFIX + key, JSON.stringify(value));
  },
  remove(key: StorageKey): void {
    backend()?.removeItem(PREFIX + key);
  },
  /** Sign-out: forget everything of ours except the chosen language. */
  clearExceptLanguage(): void {
    const store = backend();
    if (!store) return;
    for (const key of Object.keys(store)) {
      if (key.startsWith(PREFIX) && key !== PREFIX + 'language') store.removeItem(key);
    }
  },
  defaults,
};

import { GeoFeatureId, GeoSessionToken, type GeoErrorCode, type GeoFeature, type GeoFeatureType, type GeoLang, type GeoSuggestion } from '@oncodesk/shared/contracts';
import { Gazetteer, type GazetteerCache, type GazetteerStats } from './gazetteer';
import { normalizeKey } from './normalize';
import { fileSnapshotCache } from './snapshotCache';

export { haversineKm, EARTH_RADIUS_KM } from './distance';

/** A geo failure with a stable code (translated by the client as `errors.<code>`) and an HTTP status. */
export class GeoError extends Error {
  constructor(
    readonly code: GeoErrorCode,
    readonly statusCode: number,
  ) {
    super(code);
    this.name = 'GeoError';
  }
}

export { countryContinent, continentOf } from '../vocab/continents';

export interface SessionStats {
  sessions: number;
  suggestCalls: number;
  retrieveCalls: number;
  /** Share of sessions that ended with a retrieve. */
  completedShare: number;
  meanSuggestsPerSession: number;
}

/**
 * Search sessions: the client makes one UUID per search (see the contract). The server keeps, in memory
 * and bounded, how many suggest calls each session made and whether it ended with a retrieve; nothing
 * else, and nothing about the user.
 */
class SessionTracker {
  private sessions = new Map<string, { suggests: number; retrieved: boolean }>();
  private suggestCalls = 0;
  private retrieveCalls = 0;
  constructor(private readonly max = 10_000) {}

  record(token: string, kind: 'suggest' | 'retrieve'): void {
    let s = this.sessions.get(token);
    if (!s) {
      if (this.sessions.size >= this.max) this.sessions.delete(this.sessions.keys().next().value as string);
      s = { suggests: 0, retrieved: false };
      this.sessions.set(token, s);
    }
    if (kind === 'suggest') {
      s.suggests++;
      this.suggestCalls++;
    } else {
      s.retrieved = true;
      this.retrieveCalls++;
    }
  }

  stats(): SessionStats {
    const all = [...this.sessions.values()];
    const n = all.length;
    return {
      sessions: n,
      suggestCalls: this.suggestCalls,
      retrieveCalls: this.retrieveCalls,
      completedShare: n ? all.filter((s) => s.retrieved).length / n : 0,
      meanSuggestsPerSession: n ? all.reduce((t, s) => t + s.suggests, 0) / n : 0,
    };
  }
}

export interface SuggestParams {
  country?: string;
  types?: readonly GeoFeatureType[];
  sessionToken: string;
  lang?: GeoLang;
  limit?: number;
}

export class GeoService {
  private readonly sessions = new SessionTracker();
  constructor(private readonly gazetteer = new Gazetteer()) {}

  private checkToken(token: string): void {
    if (!GeoSessionToken.safeParse(token).success) throw new GeoError('session_token_invalid', 400);
  }

  /** Ranked suggestions (countries, regions, cities) for a prefix; prefix, case and diacritic insensitive. */
  suggest(query: string, params: SuggestParams): GeoSuggestion[] {
    this.checkToken(params.sessionToken);
    if (params.country !== undefined && !/^[A-Z]{2}$/.test(params.country)) throw new GeoError('country_invalid', 400);
    this.sessions.record(params.sessionToken, 'suggest');
    return this.gazetteer.suggest(query.slice(0, 100), params);
  }

  /** The full feature behind a suggestion id. */
  retrieve(id: string, sessionToken: string, lang: GeoLang = 'en'): GeoFeature {
    this.checkToken(sessionToken);
    if (!GeoFeatureId.safeParse(id).success) throw new GeoError('location_id_invalid', 400);
    this.sessions.record(sessionToken, 'retrieve');
    const feature = this.gazetteer.retrieve(id, lang);
    if (!feature) throw new GeoError('location_not_found', 404);
    return feature;
  }

  /** Retrieve without a search session (server-side resolution of a stored location id). */
  resolve(id: string, lang: GeoLang = 'en'): GeoFeature | null {
    if (!GeoFeatureId.safeParse(id).success) return null;
    return this.gazetteer.retrieve(id, lang);
  }

  /**
   * The city a name is the whole name of (its own or another Latin name: "Roma" is Rome), the most populous of
   * those with at least `minPopulation` inhabitants, or undefined: for reading a place a question names ("nearest
   * site to Lyon"), where a small village that shares a word's spelling must not be taken for it.
   */
  cityNamed(name: string, minPopulation: number, lang: GeoLang = 'en'): GeoFeature | undefined {
    const key = normalizeKey(name);
    if (!key) return undefined;
    const hit = this.gazetteer
      .suggest(name.slice(0, 100), { types: ['city'], lang, limit: 8 })
      .filter((x) => normalizeKey(x.matchedName ?? x.name) === key && (x.population ?? 0) >= minPopulation)
      .sort((a, b) => (b.population ?? 0) - (a.population ?? 0))[0];
    return hit ? (this.gazetteer.retrieve(hit.id, lang) ?? undefined) : undefined;
  }

  /** City-level point of a postal address (city, state, country code), or undefined: see Gazetteer.locate. */
  locate(address: { city?: string; state?: string; countryCode?: string }): { lat: number; lon: number; geonameId: number; name: string; region?: string } | undefined {
    return this.gazetteer.locate(address);
  }

  /** Loads and indexes the data now (otherwise done on first use). */
  warmUp(): GazetteerStats {
    return this.gazetteer.load();
  }

  sessionStats(): SessionStats {
    return this.sessions.stats();
  }
}

let shared: GeoService | null = null;
let snapshots: GazetteerCache | undefined;
/** Where the process-wide gazetteer keeps its built tables between starts (CACHE_DIR); set before its first use. */
export function keepGeoSnapshotsIn(dir: string, onError?: (message: string) => void): void {
  snapshots = fileSnapshotCache(dir, onError);
}
/** The process-wide service (one in-memory index per process). */
export function geoService(): GeoService {
  shared ??= new GeoService(new Gazetteer(snapshots));
  return shared;
}

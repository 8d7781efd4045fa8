import { GeoFeature, GeoSuggestQuery, GeoSuggestion, continents, geoErrorCodes } from '@oncodesk/shared/contracts';
import { geoErrorMessages } from '../../src/geo/messages';
import { GeoError, GeoService, continentOf, countryContinent, haversineKm } from '../../src/geo/service';
import { Gazetteer } from '../../src/geo/gazetteer';
import { normalizeKey } from '../../src/geo/normalize';
import { fileSnapshotCache } from '../../src/geo/snapshotCache';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const token = '0b9f1f5e-6a4d-4f7e-9c1b-3d2a5e8f7c61';
// built from the data (a cache of its own, empty): the snapshot test below reads back what this one wrote
const snapshotDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-geo-'));
const gazetteer = new Gazetteer(fileSnapshotCache(snapshotDir));
const geo = new GeoService(gazetteer);
afterAll(() => fs.rmSync(snapshotDir, { recursive: true, force: true }));

beforeAll(() => {
  geo.warmUp();
}, 120_000);

const top = (q: string, opts: Partial<Parameters<GeoService['suggest']>[1]> = {}) => geo.suggest(q, { sessionToken: token, ...opts });

describe('normalizeKey', () => {
  it('folds case, diacritics and punctuation', () => {
    expect(normalizeKey('São Paulo')).toBe('sao paulo');
    expect(normalizeKey('MÜNCHEN')).toBe('munchen');
    expect(normalizeKey("L'Aquila")).toBe('l aquila');
    expect(normalizeKey('Łódź')).toBe('lodz');
    expect(normalizeKey('Straße')).toBe('strasse');
  });
});

describe('suggest', () => {
  it('"mil" puts Milan, Italy first', () => {
    const [first] = top('mil');
    expect(first).toMatchObject({ type: 'city', name: 'Milan', countryCode: 'IT', region: 'Lombardy' });
    expect(first.label).toBe('Milan, Lombardy, Italy');
  });

  it('finds Milan by its Italian name, and says which name matched', () => {
    const [first] = top('Milano');
    expect(first).toMatchObject({ name: 'Milan', countryCode: 'IT', matchedName: 'Milano' });
  });

  it('finds Madrid, New York and Boston', () => {
    expect(top('madrid', { types: ['city'] })[0]).toMatchObject({ name: 'Madrid', countryCode: 'ES' });
    expect(top('new york', { types: ['city'] })[0]).toMatchObject({ name: 'New York City', countryCode: 'US' });
    expect(top('new york').slice(0, 3).map((s) => s.name)).toContain('New York City');
    expect(top('boston')[0]).toMatchObject({ name: 'Boston', countryCode: 'US', region: 'Massachusetts' });
  });

  it('is case and diacritic insensitive both ways', () => {
    expect(top('SAO PAULO', { types: ['city'] })[0]).toMatchObject({ name: 'São Paulo', countryCode: 'BR' });
    expect(top('zurich', { types: ['city'] })[0]).toMatchObject({ name: 'Zürich', countryCode: 'CH' });
    expect(top('münchen', { types: ['city'] })[0]).toMatchObject({ name: 'Munich', countryCode: 'DE' });
  });

  it('restricts by country and by type', () => {
    const us = top('milan', { country: 'US', limit: 10 });
    expect(us.length).toBeGreaterThan(3);
    expect(us.every((s) => s.countryCode === 'US')).toBe(true);
    const countries = top('ita', { types: ['country'] });
    expect(countries[0]).toMatchObject({ id: 'country:IT', type: 'country' });
    expect(countries.every((s) => s.type === 'country')).toBe(true);
    const regions = top('lomb', { types: ['region'] });
    expect(regions[0]).toMatchObject({ id: 'region:IT.09', name: 'Lombardy' });
  });

  it('narrows with what follows a comma', () => {
    const tn = top('milan, tennessee');
    expect(tn[0]).toMatchObject({ name: 'Milan', countryCode: 'US', region: 'Tennessee' });
  });

  it('names countries in the requested language and matches their local names', () => {
    expect(top('espa', { types: ['country'], lang: 'es' })[0]).toMatchObject({ id: 'country:ES', name: 'España' });
    expect(top('germania', { types: ['country'], lang: 'it' })[0]).toMatchObject({ id: 'country:DE', name: 'Germania' });
    expect(top('boston', { lang: 'it' })[0].country).toBe('Stati Uniti');
  });

  it('returns results that satisfy the contract, and nothing for an empty query', () => {
    for (const s of top('san', { limit: 20 })) expect(GeoSuggestion.safeParse(s).success).toBe(true);
    expect(top('san', { limit: 20 })).toHaveLength(20);
    expect(top('   ')).toEqual([]);
    expect(top('qqqqzzzz')).toEqual([]);
  });

  it('refuses a malformed session token or country', () => {
    expect(() => geo.suggest('mil', { sessionToken: 'not-a-uuid' })).toThrow(GeoError);
    expect(() => geo.suggest('mil', { sessionToken: token, country: 'ITA' })).toThrow(expect.objectContaining({ code: 'country_invalid' }));
    expect(GeoSuggestQuery.safeParse({ q: 'mil', sessionToken: 'x' }).success).toBe(false);
    expect(GeoSuggestQuery.parse({ q: 'mil', sessionToken: token, types: 'city,region', lang: 'it-IT' })).toMatchObject({ types: ['city', 'region'], lang: 'it' });
  });

  // (suggest latency is measured in `npm run bench:geo`, not asserted here: a timed test fails on a loaded CI machine)
});

describe('retrieve', () => {
  it('gives the full feature of a suggestion', () => {
    const [milan] = top('mil');
    const f = geo.retrieve(milan.id, token);
    expect(GeoFeature.parse(f)).toEqual(f);
    expect(f).toMatchObject({ id: milan.id, name: 'Milan', country: 'Italy', countryCode: 'IT', region: 'Lombardy', continent: 'Europe', type: 'city' });
    expect(f.point.lat).toBeCloseTo(45.464, 2);
    expect(f.point.lon).toBeCloseTo(9.19, 2);
  });

  it('gives countries their capital and regions their seat as point', () => {
    const it = geo.retrieve('country:IT', token, 'it');
    expect(it).toMatchObject({ name: 'Italia', continent: 'Europe' });
    expect(haversineKm(it.point, { lat: 41.89, lon: 12.51 })).toBeLessThan(10);
    const lombardy = geo.retrieve('region:IT.09', token);
    expect(haversineKm(lombardy.point, { lat: 45.46, lon: 9.19 })).toBeLessThan(10);
  });

  it('fails clearly for unknown, malformed ids and bad tokens', () => {
    expect(() => geo.retrieve('city:999999999', token)).toThrow(expect.objectContaining({ code: 'location_not_found', statusCode: 404 }));
    expect(() => geo.retrieve('town:1', token)).toThrow(expect.objectContaining({ code: 'location_id_invalid', statusCode: 400 }));
    expect(() => geo.retrieve('city:3173435', '')).toThrow(expect.objectContaining({ code: 'session_token_invalid' }));
  });

  it('has an en/es/it message for every geo error code', () => {
    for (const code of geoErrorCodes) for (const l of ['en', 'es', 'it'] as const) expect([code, l, geoErrorMessages[code][l].length > 5]).toEqual([code, l, true]);
  });

  it('counts searches by session token', () => {
    const g = new GeoService(gazetteer);
    const a = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
    const b = '9c858901-8a57-4791-81fe-4c455b099bc9';
    g.suggest('m', { sessionToken: a });
    g.suggest('mi', { sessionToken: a });
    g.retrieve('city:3173435', a);
    g.suggest('bo', { sessionToken: b });
    expect(g.sessionStats()).toMatchObject({ sessions: 2, suggestCalls: 3, retrieveCalls: 1, completedShare: 0.5, meanSuggestsPerSession: 1.5 });
  });
});

describe('continents', () => {
  it('maps countries to continents', () => {
    expect(continentOf('IT')).toBe('Europe');
    expect(continentOf('us')).toBe('North America');
    expect(continentOf('MX')).toBe('North America');
    expect(continentOf('BR')).toBe('South America');
    expect(continentOf('JP')).toBe('Asia');
    expect(continentOf('NG')).toBe('Africa');
    expect(continentOf('AU')).toBe('Oceania');
    expect(continentOf('AQ')).toBe('Antarctica');
    expect(continentOf('XX')).toBeUndefined();
  });

  it('covers every country that has places in the data, with the contract values only', () => {
    const missing = [...gazetteer.placeCountryCodes()].filter((c) => !countryContinent[c]);
    expect(missing).toEqual([]);
    expect(new Set(Object.values(countryContinent))).toEqual(new Set(continents));
  });
});

describe('haversineKm', () => {
  it('gives the known Milan-Rome distance (~477 km)', () => {
    const milan = geo.retrieve('city:3173435', token).point;
    const rome = top('rome', { country: 'IT', types: ['city'] })[0];
    const d = haversineKm(milan, geo.retrieve(rome.id, token).point);
    expect(d).toBeGreaterThan(470);
    expect(d).toBeLessThan(485);
  });

  it('is zero for one point, symmetric, and half the circumference for antipodes', () => {
    const a = { lat: 40.7128, lon: -74.006 };
    const b = { lat: 51.5074, lon: -0.1278 };
    expect(haversineKm(a, a)).toBe(0);
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
    expect(haversineKm(a, b)).toBeGreaterThan(5560);
    expect(haversineKm(a, b)).toBeLessThan(5590);
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371.0088, 3);
  });
});

describe('suggestions a clinician can pick from', () => {
  it('offers "Madrid, Spain" once and no place that is "Madrid" only by an old alternate name', () => {
    const labels = top('Madrid').map((s) => s.label);
    expect(labels.filter((l) => l === 'Madrid, Spain')).toHaveLength(1);
    expect(labels[0]).toBe('Madrid, Spain');
    expect(labels.some((l) => /Waupun/.test(l ?? ''))).toBe(false);
    expect(top('Milan').some((s) => s.name === 'Syracuse')).toBe(false);
  });
  it('still finds a big city by its name in another language', () => {
    expect(top('Milano')[0].label).toBe('Milan, Lombardy, Italy');
    expect(top('Monaco di Baviera')[0].name).toBe('Munich');
  });
});

describe('the built tables kept between starts (CACHE_DIR)', () => {
  const queries = ['mil', 'new york', 'sao paulo', 'münchen', 'lomb', 'españa', 'roma, it', 'ber', 'a'];
  const answers = (g: GeoService) => ({
    suggest: queries.map((q) => g.suggest(q, { sessionToken: token, lang: 'es' })),
    retrieve: ['city:3173435', 'region:IT.09', 'country:IT'].map((id) => g.retrieve(id, token, 'it')),
    locate: [g.locate({ city: 'Monza', countryCode: 'IT' }), g.locate({ city: 'Houston', state: 'Texas', countryCode: 'US' })],
  });

  it('a second start reads the first one\'s snapshot (0600 in a 0700 folder) and answers exactly as the built tables', () => {
    expect(gazetteer.load().from).toBe('data');
    const [file] = fs.readdirSync(snapshotDir);
    expect(file).toMatch(/^gazetteer-[0-9a-f]{24}\.v8$/);
    expect(fs.statSync(path.join(snapshotDir, file)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(snapshotDir).mode & 0o777).toBe(0o700);
    const restored = new Gazetteer(fileSnapshotCache(snapshotDir));
    expect(restored.load()).toMatchObject({ from: 'snapshot', cities: gazetteer.load().cities, indexKeys: gazetteer.load().indexKeys });
    expect(answers(new GeoService(restored))).toEqual(answers(geo));
  });

  it('an unreadable snapshot is built again and replaced, with a warning', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-geo-'));
    try {
      const [file] = fs.readdirSync(snapshotDir);
      fs.writeFileSync(path.join(dir, file), 'not a snapshot');
      const warnings: string[] = [];
      const rebuilt = new Gazetteer(fileSnapshotCache(dir, (m) => warnings.push(m)));
      expect(rebuilt.load().from).toBe('data');
      expect(warnings.join()).toMatch(/unreadable, building it again/);
      expect(new Gazetteer(fileSnapshotCache(dir)).load().from).toBe('snapshot');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

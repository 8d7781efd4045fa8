import fs from 'node:fs';
import path from 'node:path';
import { haversineKm } from '../../src/geo/service';
import { geocodeSites, needsGeocoding } from '../../src/trials/geocode';
import { parseCtgovXml, parseNciCts } from '../../src/trials/importers';
import { TrialIndex, matchPatient } from '../../src/trials/matcher';
import { normalizePatient } from '../../src/language/normalizePatient';
import { TRIALS_DIR, read } from './helpers';
import { testGazetteer } from '../support/geo';

jest.setTimeout(120_000);

const gazetteer = testGazetteer();
beforeAll(() => {
  gazetteer.load();
}, 120_000);

describe('site geocoding through the offline gazetteer (city level)', () => {
  it('places the real NCI CTS sites (which carry coordinates) within a few km of their own coordinates from city, state and country alone', () => {
    const trials = parseNciCts(read('trials/nci-cts/trials.jsonl'), 'trials.jsonl').trials.slice(0, 120);
    const truth = new Map<object, { lat: number; lon: number }>();
    let withCity = 0;
    for (const t of trials)
      for (const s of t.sites)
        if (s.point && s.address.city) {
          truth.set(s, s.point);
          s.point = undefined;
          withCity++;
        }
    expect(withCity).toBeGreaterThan(1000);
    const stats = geocodeSites(trials, gazetteer);
    expect(stats.missing).toBeGreaterThanOrEqual(withCity);
    const errors: number[] = [];
    for (const [site, p] of truth) {
      const q = (site as { point?: { lat: number; lon: number } }).point;
      if (q) errors.push(haversineKm(p, q));
    }
    errors.sort((a, b) => a - b);
    // most sites get a point, and a city-level one: median error a few km (hospital vs city centre)
    expect(errors.length / truth.size).toBeGreaterThan(0.85);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThan(10);
    expect(errors[Math.floor(errors.length * 0.95)]).toBeLessThan(60);
  });

  it('gives ClinicalTrials.gov XML sites (city, state, country, no coordinates) points, so radius filters find them', () => {
    const files = fs.readdirSync(path.join(TRIALS_DIR, 'ctgov-xml')).slice(0, 200);
    const trials = files.flatMap((f) => parseCtgovXml(fs.readFileSync(path.join(TRIALS_DIR, 'ctgov-xml', f), 'utf8'), f).trials);
    const sites = trials.flatMap((t) => t.sites);
    expect(sites.length).toBeGreaterThan(200);
    expect(sites.every((s) => !s.point)).toBe(true);
    expect(needsGeocoding(trials)).toBe(true);
    const stats = geocodeSites(trials, gazetteer);
    expect(stats.located / stats.missing).toBeGreaterThan(0.8);
    // a real record: a site in Bethesda, Maryland lands at Bethesda
    const bethesda = sites.find((s) => s.address.city === 'Bethesda' && s.address.state === 'Maryland');
    expect(bethesda?.point).toBeDefined();
    expect(haversineKm(bethesda!.point!, { lat: 38.98, lon: -77.1 })).toBeLessThan(5);
    // the nearest-site distance and a radius filter now work for these trials
    const open = trials.filter((t) => t.sites.some((s) => s.address.city === 'Bethesda'));
    for (const t of open) for (const s of t.sites) s.status = 'recruiting';
    const patient = { ...normalizePatient('60-year-old man with lung cancer').patient, location: { point: { lat: 39.0, lon: -77.0 } } };
    const index = new TrialIndex(open);
    const results = matchPatient(index, patient, { exhaustive: true, limit: Infinity, purposes: 'all', location: { kind: 'radius', center: { lat: 39.0, lon: -77.0 }, km: 50 } });
    expect(results.length).toBe(open.length);
    expect(results.every((r) => r.nearestSite && r.nearestSite.distanceKm < 50)).toBe(true);
  });

  it('leaves a site without a point rather than guessing (ambiguous or unknown city)', () => {
    expect(gazetteer.locate({ city: 'Springfield', countryCode: 'US' })).toBeUndefined();
    expect(gazetteer.locate({ city: 'Springfield', state: 'Illinois', countryCode: 'US' })).toMatchObject({ name: 'Springfield', region: 'Illinois' });
    expect(gazetteer.locate({ city: 'Rochester', state: 'Minnesota', countryCode: 'US' })?.lat).toBeCloseTo(44.02, 1);
    expect(gazetteer.locate({ city: 'Nowhereville Xyz', countryCode: 'US' })).toBeUndefined();
    expect(gazetteer.locate({ city: 'Milano', countryCode: 'IT' })).toMatchObject({ name: 'Milan' });
    const trial = { sites: [{ name: 'Somewhere', address: { country: 'United States' }, status: 'recruiting' as const }] };
    const stats = geocodeSites([trial as never], gazetteer);
    expect(stats).toEqual({ missing: 1, located: 0, lookups: 0 });
  });
});

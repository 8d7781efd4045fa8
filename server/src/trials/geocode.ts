import type { GeoPoint, Trial } from '@oncodesk/shared/contracts';
import { countryCode } from './matcher/countries';

/** Anything that turns a postal address into a city-level point (the offline gazetteer in production). */
export interface SiteGeocoder {
  locate(address: { city?: string; state?: string; countryCode?: string }): GeoPoint | undefined;
}

export interface GeocodeStats {
  /** Sites that had no coordinates. */
  missing: number;
  /** Of those, sites given city-level coordinates. */
  located: number;
  /** Distinct (city, state, country) addresses looked up. */
  lookups: number;
}

/**
 * Gives sites without coordinates the point of their city (GeoNames, through the gazetteer) from the
 * site's city, state and country; sites whose city is unknown or ambiguous keep no point (no country or
 * region centroid is made up). Most ClinicalTrials.gov records give the city but no coordinates. Trials
 * are updated in place; addresses are looked up once per call.
 */
export function geocodeSites(trials: Trial[], geocoder: SiteGeocoder): GeocodeStats {
  const cache = new Map<string, GeoPoint | null>();
  const stats: GeocodeStats = { missing: 0, located: 0, lookups: 0 };
  for (const t of trials) {
    for (const site of t.sites) {
      if (site.point) continue;
      stats.missing++;
      const a = site.address;
      const cc = a?.countryCode ?? countryCode(a?.country);
      if (!a?.city || !cc) continue;
      const key = `${a.city}|${a.state ?? ''}|${cc}`.toLowerCase();
      let point = cache.get(key);
      if (point === undefined) {
        stats.lookups++;
        const hit = geocoder.locate({ city: a.city, state: a.state, countryCode: cc });
        point = hit ? { lat: hit.lat, lon: hit.lon } : null;
        cache.set(key, point);
      }
      if (point) {
        site.point = { lat: point.lat, lon: point.lon };
        stats.located++;
      }
    }
  }
  return stats;
}

/** True when some site lacks coordinates but names a city (i.e. geocoding could add a point). */
export function needsGeocoding(trials: Trial[]): boolean {
  return trials.some((t) => t.sites.some((s) => !s.point && !!s.address?.city));
}

import { isOpenSite, type GeoPoint, type LocationFilter, type TrialSite } from '@oncodesk/shared/contracts';
import { continentOf, countryCode } from './countries';
import { haversineKm } from '../../geo/distance';

export { haversineKm } from '../../geo/distance';

export function withinRadius(center: GeoPoint, km: number, point: GeoPoint | undefined): boolean {
  return !!point && haversineKm(center, point) <= km;
}

export function inCountries(codes: string[], siteCountry: string | undefined): boolean {
  const c = countryCode(siteCountry);
  return !!c && codes.map((x) => x.toUpperCase()).includes(c);
}

export function inContinents(continents: string[], siteCountry: string | undefined): boolean {
  const c = continentOf(siteCountry);
  return !!c && continents.includes(c);
}

/** Pure site filter: does one site pass the location filter? */
export function siteMatchesFilter(filter: LocationFilter, site: Pick<TrialSite, 'point' | 'address'>): boolean {
  switch (filter.kind) {
    case 'global':
      return true;
    case 'radius':
      return withinRadius(filter.center, filter.km, site.point);
    case 'country':
      return inCountries(filter.countryCodes, site.address?.countryCode ?? site.address?.country);
    case 'continent':
      return inContinents(filter.continents, site.address?.countryCode ?? site.address?.country);
  }
}

/** Sites of a trial that pass the filter (optionally only recruiting ones). */
export function filterSites<S extends Pick<TrialSite, 'point' | 'address' | 'status'>>(sites: S[], filter: LocationFilter, recruitingOnly = false): S[] {
  return sites.filter((s) => (!recruitingOnly || isOpenSite(s.status)) && siteMatchesFilter(filter, s));
}

/** Nearest site (recruiting ones first considered) to a point. */
export function nearestSite<S extends Pick<TrialSite, 'point' | 'status'>>(sites: S[], point: GeoPoint, recruitingOnly = true): { site: S; km: number } | undefined {
  let best: { site: S; km: number } | undefined;
  for (const s of sites) {
    if (!s.point) continue;
    if (recruitingOnly && !isOpenSite(s.status)) continue;
    const km = haversineKm(point, s.point);
    if (!best || km < best.km) best = { site: s, km };
  }
  return best;
}

import { continents, type Continent } from '@oncodesk/shared/contracts';
import { countries as countryList, continents as continentNames } from 'countries-list';

/**
 * The one country → continent table (the gazetteer, the patient's own continent and the trial sites'
 * continent filter all read it: geo/, trials/matcher/countries.ts): countries-list's GeoNames codes,
 * with one clinical choice: Russia counts as Europe (GeoNames says Asia), where most of its people and
 * its trial sites are.
 */
const OVERRIDES: Readonly<Record<string, Continent>> = { RU: 'Europe' };

export const countryContinent: Readonly<Record<string, Continent>> = Object.freeze(
  Object.fromEntries(
    Object.entries(countryList).flatMap(([code, info]) => {
      const name = OVERRIDES[code] ?? (continentNames as Record<string, string>)[info.continent];
      return (continents as readonly string[]).includes(name) ? [[code, name as Continent]] : [];
    }),
  ),
);

/** The continent of an ISO 3166-1 alpha-2 code; undefined for unknown codes. */
export function continentOf(countryCode: string): Continent | undefined {
  return countryContinent[countryCode.toUpperCase()];
}

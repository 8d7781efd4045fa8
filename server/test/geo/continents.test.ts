/**
 * One continent per country everywhere (issue 27): the gazetteer (the patient's place), the patient's own
 * continent for a search and the trial sites' continent filter read the same table.
 */
import { COUNTRIES, continentOf as siteContinent, inContinents } from '../../src/trials/matcher';
import { continentOf, countryContinent } from '../../src/vocab/continents';

describe('continents', () => {
  // (the gazetteer's country rows call continentOf itself: loading it here would cost ~10 s of a test run)
  it('the trial sites and the places agree for every country', () => {
    for (const c of COUNTRIES) expect([c.code, siteContinent(c.code)]).toEqual([c.code, countryContinent[c.code]]);
  });

  it('Russia is in Europe, Japan in Asia, for a patient and for a site', () => {
    expect(continentOf('RU')).toBe('Europe');
    expect(siteContinent('Russian Federation')).toBe('Europe');
    expect(continentOf('jp')).toBe('Asia');
    expect(inContinents(['Europe'], 'Russia')).toBe(true);
    expect(inContinents(['Asia'], 'Russia')).toBe(false);
  });
});

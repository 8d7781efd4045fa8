import type { GeoPoint } from '@oncodesk/shared/contracts';
import { geoService } from '../../geo/service';
import { findGenes } from '../../vocab/geneNames';
import { countryIn } from './country';
import { isCommonWord } from './language';
import type { Lang } from './messages';

/**
 * The city a question measures from ("closest NCT… site to Lyon", "centro più vicino a Bari", "si fa a Roma?"): the
 * words after a preposition of place, read in the offline gazetteer (GeoNames) as the whole name of a city — its own
 * name or another Latin one ("Roma", "Milano") — of at least MIN_POPULATION inhabitants, so that a village spelled
 * like a word is not taken for it. Everyday words are not places, nor country names (answered by country) unless `countryNames`. Undefined
 * when no such city is named: nothing is guessed.
 */
const MIN_POPULATION = 100_000;
const AFTER_PLACE_WORD = /(?:^|\s)(?:to|near|from|around|in|at|a|de|da|di|en|desde)\s+([\p{L}'’.-]+(?:\s+[\p{L}'’.-]+){0,2})/giu;

export function placeIn(
  question: string,
  lang: Lang,
  opts: { countryNames?: boolean; near?: boolean } = {},
): { name: string; point: GeoPoint; countryCode: string } | undefined {
  for (const m of question.matchAll(AFTER_PLACE_WORD)) {
    // a name in capitals is an abbreviation or a gene ("¿qué mutaciones de KRAS acepta?"), not a city; without a word of
    // nearness the city must be written as a name ("si fa a Roma?"), not any word after "a" or "de"
    const words = m[1]
      .split(/\s+/)
      .map((w) => w.replace(/^[.'’-]+|[.'’-]+$/g, ''))
      .filter((w, i, all) => all.slice(0, i + 1).every((x) => !/^[\p{Lu}\d]{2,}$/u.test(x) && !findGenes(x).length && (opts.near || /^\p{Lu}/u.test(x))));
    // "Reggio Emilia", "New York", then "Granada" alone ("a Granada del NCT…")
    for (let n = words.length; n >= 1; n--) {
      const name = words.slice(0, n).join(' ');
      if (!/^\p{L}/u.test(name) || name.length < 3 || isCommonWord(name.toLowerCase()) || (!opts.countryNames && countryIn(name))) continue;
      const city = geoService().cityNamed(name, MIN_POPULATION, lang);
      if (city) return { name: city.name, point: city.point, countryCode: city.countryCode };
    }
  }
  return undefined;
}

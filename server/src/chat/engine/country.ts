import type { Trial } from '@oncodesk/shared/contracts';
import { plain } from './intent';
import { isCommonWord } from './language';
import type { Lang } from './messages';

/**
 * The country a question names ("trials in Spain", "¿y en Italia?", "centros españoles", "studi italiani"), as a
 * region code. Country names are read in en/es/it through Intl.DisplayNames (every Node 20 build ships the CLDR
 * region names), so "Spagna" and "España" are Spain without a table of our own; CLDR has no adjectives of
 * nationality, so a word that starts with a one-word name and is at least as long ("españoles", "italiani",
 * "mexican") is read as that country too.
 */
const displayNames = (['en', 'es', 'it'] as const).map((l) => new Intl.DisplayNames([l], { type: 'region' }));
/**
 * Names CLDR does not give that clinicians write: short forms, and the English adjectives that do not start with
 * the country's name ("Spanish", "French"; "Italian", "Mexican" are read by the rule below).
 */
const ALIASES: Array<[string, string]> = [
  ['spanish', 'ES'],
  ['french', 'FR'],
  ['german', 'DE'],
  ['british', 'GB'],
  ['american', 'US'],
  ['dutch', 'NL'],
  ['swiss', 'CH'],
  ['chinese', 'CN'],
  ['japanese', 'JP'],
  ['portuguese', 'PT'],
  ['greek', 'GR'],
  ['polish', 'PL'],
  ['danish', 'DK'],
  ['swedish', 'SE'],
  ['norwegian', 'NO'],
  ['finnish', 'FI'],
  ['irish', 'IE'],
  ['turkish', 'TR'],
  ['czech', 'CZ'],
  ['usa', 'US'],
  ['u.s.', 'US'],
  ['uk', 'GB'],
  ['eeuu', 'US'],
  ['ee.uu.', 'US'],
];
/** Every region by its names in the three languages (plain lower case) → its code; built once. */
let REGIONS: Array<[name: string, code: string]> | null = null;
export function regions(): Array<[string, string]> {
  if (!REGIONS) {
    const out = new Map<string, string>();
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        for (const n of displayNames) {
          const name = n.of(code);
          if (name && name !== code && !/unknown|desconocid|sconosciut/i.test(name)) out.set(plain(name).toLowerCase(), code);
        }
      }
    // longest names first: "united states" before "states"
    REGIONS = [...out].sort((x, y) => y[0].length - x[0].length);
  }
  return REGIONS;
}
const named = (text: string, name: string) => new RegExp(`(?<![a-z.])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z])`).test(text);

/** The country a text names, as a region code (names of four letters or more: not "in", "es"), or undefined. */
export function countryIn(question: string): string | undefined {
  const text = plain(question).toLowerCase();
  // a short form that is also an everyday word ("usa" is "uses" in es/it: "che test usa?") names a country only in capitals ("USA")
  const whole =
    regions().find(([n]) => n.length >= 4 && named(text, n))?.[1] ??
    ALIASES.find(([n]) => named(text, n) && (!isCommonWord(n) || question.includes(n.toUpperCase())))?.[1];
  if (whole) return whole;
  // an adjective of nationality: the name's first letters (all but its last two, five at least: "alemanes" of Alemania), the word no shorter than the name
  for (const word of text.match(/[a-z]{5,}/g) ?? [])
    for (const [n, code] of regions())
      if (n.length >= 5 && !n.includes(' ') && word.length >= n.length && word.startsWith(n.slice(0, Math.max(5, n.length - 2)))) return code;
  return undefined;
}

/** A site's region code: its own, else its country's name looked up. */
export const siteCode = (x: Trial['sites'][number]) =>
  x.address.countryCode ?? (x.address.country ? regions().find(([n]) => n === plain(x.address.country!).toLowerCase())?.[1] : undefined);

/** A region's name in the answer's language. */
export const countryName = (code: string, lang: Lang) => new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;

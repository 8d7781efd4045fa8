/**
 * Numbers as people type and reports print them, in the three languages of the product: the one
 * definition the survey's inputs (browser) and the server's validation both use.
 *
 * Written by hand: Intl parses no numbers, and the number parsers on npm (e.g. @internationalized/number)
 * read one locale's format strictly; none says when a text could be two numbers ("1,300" in Spanish: 1.3
 * written the Spanish way or 1300 written the English way), reads comparators, ranges or a unit glued to
 * the number ("12,5ng/ml"), nor accepts the other convention's decimal mark where it cannot be a
 * thousands separator ("1.3" typed on an English keyboard in Italy).
 *
 * Rules (en: decimal point, thousands comma; es/it: decimal comma, thousands point):
 * - one separator followed by 1, 2 or 4+ digits is a decimal mark, whichever it is ("1,3" and "1.3": 1.3);
 * - the locale's thousands separator before groups of three digits groups thousands ("150.000" in es/it,
 *   "150,000" in en: 150000); a separator repeated is always thousands ("1.234.567");
 * - with both separators the last one is the decimal mark ("1.300,5" and "1,300.5": 1300.5);
 * - the locale's DECIMAL mark before exactly three digits ("1,300" in es/it, "1.300" in en) could be either:
 *   both readings are returned, the locale's first, and the caller asks unless only one is plausible.
 */

export type NumberLocale = 'en' | 'es' | 'it';
export type NumberComparator = '<' | '≤' | '>' | '≥';

/** What one written number may stand for: one reading when certain, two (locale's first) when ambiguous. */
export type Readings = number[];

export type NumberReading =
  | { kind: 'value'; readings: Readings; comparator?: NumberComparator; unit?: string }
  | { kind: 'range'; low: Readings; high: Readings; unit?: string };

const DECIMAL: Record<NumberLocale, '.' | ','> = { en: '.', es: ',', it: ',' };

/** A locale tag ('it-IT', 'es', 'fr') as one of the parser's locales; unknown ones read as English. */
export function numberLocaleOf(tag: string | undefined): NumberLocale {
  const l = (tag ?? '').slice(0, 2).toLowerCase();
  return l === 'es' || l === 'it' ? l : 'en';
}

// a number: digits with . , as separators, or 1-3 digits then space/apostrophe-grouped thousands
const NUM = String.raw`(?:\d{1,3}(?:[ \u00a0\u202f'’]\d{3})+(?:[.,]\d+)?|[.,]?\d(?:[\d.,]*\d)?)`;
const COMPARATOR = '(<=|>=|=<|=>|≤|≥|⩽|⩾|<|>)';
const RANGE_SEP = String.raw`(?:-|–|—|\bto\b|\ba\b|\bal\b)`;
// a unit starts with a letter, %, µ, / or the × of "×10⁹/L" and holds no spaces but one before a word
const UNIT = String.raw`([%/µμ×*a-zA-Z][^\s]*(?:\s[a-zA-Z²³/]+)?)`;
const READING = new RegExp(String.raw`^=?\s*${COMPARATOR}?\s*([-−]?)\s*(${NUM})\s*(?:${RANGE_SEP}\s*(${NUM}))?\s*${UNIT}?$`, 'i');

/** The readings of one number's digits and separators (no sign, no unit). Empty: not a number. */
export function readDigits(text: string, locale: NumberLocale): Readings {
  const s = text.replace(/[ \u00a0\u202f'’]/g, (m, i: number) => (/^\d{3}/.test(text.slice(i + 1)) ? '' : m));
  if (!/^[.,]?\d(?:[\d.,]*\d)?$/.test(s)) return [];
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  const grouped = (head: string, groups: string[]) => /^\d{1,3}$/.test(head) && groups.every((g) => /^\d{3}$/.test(g));
  if (dots + commas === 0) return [Number(s)];
  if (dots && commas) {
    const dec = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const thousands = dec === '.' ? ',' : '.';
    const [int, frac] = s.split(dec);
    if (s.split(dec).length !== 2 || frac.includes(thousands)) return [];
    const [head, ...groups] = int.split(thousands);
    return grouped(head, groups) ? [Number(`${head}${groups.join('')}.${frac}`)] : [];
  }
  const sep = dots ? '.' : ',';
  const [head, ...groups] = s.split(sep);
  if (groups.length > 1) return grouped(head, groups) ? [Number(head + groups.join(''))] : [];
  const tail = groups[0];
  const asDecimal = Number(`${head || '0'}.${tail}`);
  // only "1-3 digits (not a leading 0), separator, exactly 3 digits" can be a thousands group
  if (!(tail.length === 3 && /^[1-9]\d{0,2}$/.test(head))) return [asDecimal];
  const asThousands = Number(head + tail);
  return sep === DECIMAL[locale] ? [asDecimal, asThousands] : [asThousands];
}

/** Reads a typed or printed number: "1,3", "150.000", "< 0,5", "≥ 50 %", "1,2-1,5 mg/dL", "12,5ng/ml". Null: not a number. */
export function readNumber(text: string, locale: NumberLocale): NumberReading | null {
  const m = READING.exec(text.trim().replace(/\s+/g, ' '));
  if (!m) return null;
  const [, cmp, minus, a, b, rawUnit] = m;
  const sign = minus ? -1 : 1;
  const low = readDigits(a, locale).map((n) => sign * n);
  if (!low.length) return null;
  const unit = rawUnit?.trim() || undefined;
  if (b !== undefined) {
    const high = readDigits(b, locale);
    if (!high.length || cmp) return null;
    return { kind: 'range', low, high, ...(unit ? { unit } : {}) };
  }
  const comparator = cmp ? COMPARATORS[cmp] : undefined;
  return { kind: 'value', readings: low, ...(comparator ? { comparator } : {}), ...(unit ? { unit } : {}) };
}

const COMPARATORS: Record<string, NumberComparator> = { '<': '<', '>': '>', '<=': '≤', '=<': '≤', '≤': '≤', '⩽': '≤', '>=': '≥', '=>': '≥', '≥': '≥', '⩾': '≥' };

/**
 * The one value among a number's readings: the plausible one when only one is (a creatinine of "1,300"
 * is 1.3, not 1300 mg/dL), else the only reading; two plausible readings are ambiguous and must be asked.
 * Implausible readings are kept as the locale's reading so the caller's range check refuses them.
 */
export function resolveReadings(readings: Readings, plausible?: (n: number) => boolean): { value: number } | { ambiguous: Readings } {
  if (readings.length === 1) return { value: readings[0] };
  const kept = plausible ? readings.filter(plausible) : readings;
  if (kept.length === 1) return { value: kept[0] };
  if (kept.length === 0) return { value: readings[0] };
  return { ambiguous: kept };
}

/** A single typed value (a survey answer, a laboratory value) and why it cannot be stored when it cannot. */
export type TypedNumber =
  | { status: 'empty' }
  | { status: 'ok'; value: number; unit?: string }
  | { status: 'ambiguous'; candidates: Readings; unit?: string }
  | { status: 'invalid'; code: 'not_a_number' | 'number_is_limit' | 'number_is_range' };

/**
 * A typed answer that must be one number: limits ("< 0,1") and ranges are refused rather than stored as
 * a number they are not; a unit may follow and is returned for the caller to check.
 */
export function parseTypedNumber(text: string, locale: NumberLocale, plausible?: (n: number) => boolean): TypedNumber {
  if (!text.trim()) return { status: 'empty' };
  const r = readNumber(text, locale);
  if (!r) return { status: 'invalid', code: 'not_a_number' };
  if (r.kind === 'range') return { status: 'invalid', code: 'number_is_range' };
  if (r.comparator) return { status: 'invalid', code: 'number_is_limit' };
  const unit = r.unit ? { unit: r.unit } : {};
  const resolved = resolveReadings(r.readings, plausible);
  return 'value' in resolved ? { status: 'ok', value: resolved.value, ...unit } : { status: 'ambiguous', candidates: resolved.ambiguous, ...unit };
}

/** A number as a person of the locale writes it, without thousands grouping (so "1.3" never reads as 1300 in Italian). */
export function formatNumber(n: number, locale: NumberLocale): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 }).format(n);
}

/** Unit spellings compared loosely: case, spaces, µ/u and ×/x do not matter ("ng/ml" is "ng/mL"). */
export const sameUnit = (a: string, b: string) => {
  const k = (s: string) => s.toLowerCase().replace(/\s+/g, '').replace(/[µμ]/g, 'u').replace(/×/g, 'x').replace(/\*/g, 'x').replace(/⁹/g, '9').replace(/³/g, '3').replace(/\^/g, '');
  return k(a) === k(b);
};

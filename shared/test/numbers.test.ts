import { formatNumber, numberLocaleOf, parseTypedNumber, readNumber, resolveReadings, sameUnit } from '../src/contracts/numbers';

const one = (text: string, locale: 'en' | 'es' | 'it') => {
  const r = readNumber(text, locale);
  return r?.kind === 'value' ? r.readings : r;
};

describe('numbers by locale', () => {
  it('reads a decimal comma in Spanish and Italian, and a decimal point everywhere it cannot be thousands', () => {
    expect(one('1,3', 'es')).toEqual([1.3]);
    expect(one('1,3', 'it')).toEqual([1.3]);
    expect(one('11,8', 'it')).toEqual([11.8]);
    expect(one('0,25', 'es')).toEqual([0.25]);
    expect(one('1.3', 'it')).toEqual([1.3]);
    expect(one('1.3', 'en')).toEqual([1.3]);
    // an English reader given a comma that cannot group thousands takes it as the decimal mark
    expect(one('1,3', 'en')).toEqual([1.3]);
    expect(one('0,300', 'es')).toEqual([0.3]);
    expect(one(',5', 'it')).toEqual([0.5]);
  });

  it('reads thousands separators of each language', () => {
    expect(one('150.000', 'es')).toEqual([150000]);
    expect(one('150.000', 'it')).toEqual([150000]);
    expect(one('150,000', 'en')).toEqual([150000]);
    expect(one('1.234.567', 'it')).toEqual([1234567]);
    expect(one('1,234,567', 'es')).toEqual([1234567]);
    expect(one('1.300,5', 'es')).toEqual([1300.5]);
    expect(one('1,300.5', 'it')).toEqual([1300.5]);
    expect(one('150 000', 'it')).toEqual([150000]);
    expect(one('1.2.3', 'es')).toBeNull();
  });

  it('returns both readings of an ambiguous number, the locale’s first', () => {
    expect(one('1,300', 'es')).toEqual([1.3, 1300]);
    expect(one('1,300', 'it')).toEqual([1.3, 1300]);
    expect(one('1.300', 'en')).toEqual([1.3, 1300]);
  });

  it('keeps the plausible reading of an ambiguous number and asks when both are plausible', () => {
    const creatinine = (n: number) => n >= 0.1 && n <= 30;
    expect(resolveReadings([1.3, 1300], creatinine)).toEqual({ value: 1.3 });
    expect(resolveReadings([1.3, 1300], (n) => n <= 100000)).toEqual({ ambiguous: [1.3, 1300] });
    expect(parseTypedNumber('1,300', 'es', (n) => n <= 100000)).toEqual({ status: 'ambiguous', candidates: [1.3, 1300] });
    expect(parseTypedNumber('1,300', 'es', creatinine)).toEqual({ status: 'ok', value: 1.3 });
    // neither plausible: the locale's reading, for the range check to refuse
    expect(resolveReadings([1.3, 1300], () => false)).toEqual({ value: 1.3 });
  });

  it('reads comparators, ranges and units glued to the number', () => {
    expect(readNumber('< 0,5', 'es')).toEqual({ kind: 'value', readings: [0.5], comparator: '<' });
    expect(readNumber('<0,01 ng/ml', 'it')).toEqual({ kind: 'value', readings: [0.01], comparator: '<', unit: 'ng/ml' });
    expect(readNumber('≥ 50 %', 'en')).toEqual({ kind: 'value', readings: [50], comparator: '≥', unit: '%' });
    expect(readNumber('>=1', 'en')).toEqual({ kind: 'value', readings: [1], comparator: '≥' });
    expect(readNumber('12,5ng/ml', 'es')).toEqual({ kind: 'value', readings: [12.5], unit: 'ng/ml' });
    expect(readNumber('1,2-1,5 mg/dL', 'it')).toEqual({ kind: 'range', low: [1.2], high: [1.5], unit: 'mg/dL' });
    expect(readNumber('1 a 3', 'es')).toEqual({ kind: 'range', low: [1], high: [3] });
    expect(readNumber('7,5 x10^9/L', 'it')).toEqual({ kind: 'value', readings: [7.5], unit: 'x10^9/L' });
    expect(readNumber('abc', 'en')).toBeNull();
    expect(readNumber('1 2', 'en')).toBeNull();
  });

  it('refuses a limit or a range where one number is stored, never turning "1,3" into 13', () => {
    for (const l of ['en', 'es', 'it'] as const) {
      expect(parseTypedNumber('1,3', l)).toEqual({ status: 'ok', value: 1.3 });
      expect(parseTypedNumber('11,8', l)).toEqual({ status: 'ok', value: 11.8 });
    }
    expect(parseTypedNumber('<0,1', 'it')).toEqual({ status: 'invalid', code: 'number_is_limit' });
    expect(parseTypedNumber('1-3', 'it')).toEqual({ status: 'invalid', code: 'number_is_range' });
    expect(parseTypedNumber('dodici', 'it')).toEqual({ status: 'invalid', code: 'not_a_number' });
    expect(parseTypedNumber('  ', 'it')).toEqual({ status: 'empty' });
    expect(parseTypedNumber('1,3 mg/dl', 'it')).toEqual({ status: 'ok', value: 1.3, unit: 'mg/dl' });
  });

  it('writes a number the locale’s way without grouping, compares units loosely, maps tags', () => {
    expect(formatNumber(1.3, 'it')).toBe('1,3');
    expect(formatNumber(1300, 'es')).toBe('1300');
    expect(formatNumber(1.3, 'en')).toBe('1.3');
    expect(sameUnit('ng/ml', 'ng/mL')).toBe(true);
    expect(sameUnit('umol/L', 'µmol/L')).toBe(true);
    expect(sameUnit('x10^9/L', '×10⁹/L')).toBe(true);
    expect(sameUnit('mg/dL', 'µmol/L')).toBe(false);
    expect(numberLocaleOf('it-IT')).toBe('it');
    expect(numberLocaleOf('fr')).toBe('en');
  });
});

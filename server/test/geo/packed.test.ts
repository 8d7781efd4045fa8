import { lowerBound, prefixRange } from '../../src/geo/normalize';
import { PackedStrings, SortedKeyIndex } from '../../src/geo/packed';

// Deterministic pseudo-random numbers (the same cases on every run).
let seed = 42;
const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
// A small alphabet so keys share long prefixes, plus characters at the edges of the code-unit order.
const ALPHABET = ['a', 'b', 'c', ' ', 'é', 'ə', '\u0001', '\uffff', '\ud800'];
const randomText = (max: number) => Array.from({ length: Math.floor(rnd() * (max + 1)) }, () => pick(ALPHABET)).join('');

describe('PackedStrings', () => {
  it('gives back every string exactly (empty, non-Latin-1, lone surrogates, longer than a decode chunk)', () => {
    const strings = ['', 'Milan', 'São Paulo', 'Đà Nẵng', '\ud83d\ude00 x \udc00', 'x'.repeat(10_000) + 'é', ...Array.from({ length: 500 }, () => randomText(12))];
    const packed = PackedStrings.from(strings);
    expect(packed.size).toBe(strings.length);
    strings.forEach((s, i) => {
      expect(packed.get(i)).toBe(s);
      expect(packed.length(i)).toBe(s.length);
    });
  });
});

describe('SortedKeyIndex', () => {
  // Entries as the gazetteer makes them: "key\u0000ref", sorted with the default (code-unit) order.
  const entries = Array.from({ length: 3000 }, () => `${randomText(6)}\u0000${Math.floor(rnd() * 1_000_000)}`);
  entries.push('\u00005', 'abc\u00000', 'abc\u00001', 'abc\u000012', 'abc\u00002');
  entries.sort();
  const index = SortedKeyIndex.fromSortedEntries(entries);

  it('holds the same entries', () => {
    expect(index.size).toBe(entries.length);
    entries.forEach((e, j) => {
      expect(`${index.key(j)}\u0000${index.refs[j]}`).toBe(e);
      expect(index.refs[j]).toBe(Number(e.slice(e.lastIndexOf('\u0000') + 1)));
    });
  });

  it('binary-searches and prefix-scans exactly like the plain sorted string array', () => {
    const queries = ['', '\u0000', 'abc', 'abc\u0000', 'abc\u00001', 'abc\u00001\uffff', 'abc\u00009', '\uffff', 'ab\uffff', ...entries.slice(0, 200)];
    for (let k = 0; k < 3000; k++) {
      const q = randomText(7);
      queries.push(q);
      if (rnd() < 0.3) queries.push(`${q}\u0000${Math.floor(rnd() * 100)}`);
      const e = pick(entries);
      queries.push(e.slice(0, Math.floor(rnd() * (e.length + 1))));
    }
    for (const q of queries) {
      expect([q, index.lowerBound(q)]).toEqual([q, lowerBound(entries, q)]);
      expect([q, index.prefixRange(q)]).toEqual([q, prefixRange(entries, q)]);
    }
  });

  it('reads characters of the entry string, the "\\u0000ref" part and past the end included', () => {
    for (let j = 0; j < entries.length; j += 7) {
      for (let pos = 0; pos <= entries[j].length + 1; pos++) expect(index.charCodeAt(j, pos)).toEqual(entries[j].charCodeAt(pos));
    }
  });
});

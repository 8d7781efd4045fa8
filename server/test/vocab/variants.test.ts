import { GENES } from '../../src/vocab/genes';
import { VARIANTS } from '../../src/vocab/variants';
import { describeShared, readTsv } from './shared';

describe('owned variant list (consistency)', () => {
  it('names only owned genes, each variant once', () => {
    const symbols = new Set(GENES.map((g) => g[0]));
    expect(Object.keys(VARIANTS).filter((g) => !symbols.has(g))).toEqual([]);
    for (const [g, list] of Object.entries(VARIANTS)) expect([g, new Set(list.map(([v]) => v.toUpperCase())).size]).toEqual([g, list.length]);
    expect(VARIANTS.EGFR.map(([v]) => v)).toEqual(expect.arrayContaining(['L858R', 'T790M']));
    expect(VARIANTS.BRAF.map(([v]) => v)).toContain('V600E');
    expect(VARIANTS.KRAS.map(([v]) => v)).toEqual(expect.arrayContaining(['G12C', 'G12D']));
  });
});

describeShared('owned variant list against CIViC 2024-04-01', () => {
  it('every variant is a single-gene CIViC molecular profile with the same accepted evidence count', () => {
    const civic = readTsv('vocab', 'civic', 'civic_01-Apr-2024_ClinicalEvidenceSummaries.tsv');
    const [iMp, iStatus] = ['molecular_profile', 'evidence_status'].map((c) => civic.header.indexOf(c));
    const counts = new Map<string, number>();
    for (const r of civic.rows) {
      if (r[iStatus] && r[iStatus] !== 'accepted') continue;
      const profile = (r[iMp] ?? '').trim();
      if (!profile || /\s(AND|OR|NOT)\s/.test(profile) || !profile.includes(' ')) continue;
      const key = profile.replace(/\s*\(c\.[^)]*\)\s*$/, '').trim();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const bad: string[] = [];
    for (const [g, list] of Object.entries(VARIANTS)) for (const [v, n] of list) if (counts.get(`${g} ${v}`) !== n) bad.push(`${g} ${v}: ${n} vs ${counts.get(`${g} ${v}`)}`);
    expect(bad).toEqual([]);
  });
});

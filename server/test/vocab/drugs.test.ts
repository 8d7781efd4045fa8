import { EXTRA_BRANDS, EXTRA_DRUGS } from '../../src/vocab/drugs';
import { drugBrands, drugClasses } from '../../src/survey/lists';
import { DRUGS, normalizeDrug } from '../../src/vocab/drugKnowledge';
import { normalizeKey } from '../../src/geo/normalize';
import { describeShared, readShared } from './shared';

const surveyDrugs = new Set(drugClasses.flatMap((c) => c.drugs));

describe('owned extra drug list (consistency)', () => {
  it('duplicates neither the survey classes nor the trial engine list', () => {
    const taken = new Set([...surveyDrugs, ...Object.keys(drugBrands)].map(normalizeKey));
    for (const d of EXTRA_DRUGS) {
      expect([d.name, taken.has(normalizeKey(d.name)), normalizeDrug(d.name)]).toEqual([d.name, false, undefined]);
      for (const s of surveyDrugs) expect([d.name, normalizeKey(s).split(' ')[0] === normalizeKey(d.name)]).toEqual([d.name, false]);
    }
    expect(new Set(EXTRA_DRUGS.map((d) => d.name)).size).toBe(EXTRA_DRUGS.length);
  });

  it('every brand points at a drug the survey or the trial engine holds', () => {
    expect(Object.keys(EXTRA_BRANDS).filter((d) => !surveyDrugs.has(d) && !DRUGS[d])).toEqual([]);
  });
});

describeShared('owned extra drug list against the MITRE medication vocabulary', () => {
  // Neuroendocrine-tumour somatostatin analogues: not in the MITRE groups, kept on purpose.
  const NOT_IN_MITRE = new Set(['octreotide', 'lanreotide']);
  it('every extra ingredient is a MITRE medication group', () => {
    const meds = new Set((JSON.parse(readShared('vocab', 'mitre', 'medications.json')) as { display: string }[]).map((m) => m.display.toLowerCase()));
    expect(EXTRA_DRUGS.filter((d) => !NOT_IN_MITRE.has(d.name) && !meds.has(d.name)).map((d) => d.name)).toEqual([]);
  });
});

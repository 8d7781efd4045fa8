import { FOCUS_AREA_DIAGNOSES, diseaseName, focusAreas, hasTranslatedDiseaseName } from '@oncodesk/shared/contracts';
import { surveyVocab } from '../../src/survey/vocab';
import { oncoNode } from '../../src/vocab/diseaseTree';
import { focusOf } from '../../src/language/normalizePatient';

describe('diagnosis names in Spanish and Italian (issue 25)', () => {
  it('every focus area lists its tissue node and common subtypes, each a real OncoTree code of that area', () => {
    expect(Object.keys(FOCUS_AREA_DIAGNOSES).sort()).toEqual([...focusAreas].sort());
    for (const [area, codes] of Object.entries(FOCUS_AREA_DIAGNOSES))
      for (const code of codes) {
        expect([code, Boolean(oncoNode(code))]).toEqual([code, true]);
        expect([code, focusOf(code)]).toEqual([code, area]);
      }
  });

  it('fails when a focus-area diagnosis lacks its Spanish or Italian name', () => {
    const missing = Object.values(FOCUS_AREA_DIAGNOSES)
      .flat()
      .filter((code) => !hasTranslatedDiseaseName(code));
    expect(missing).toEqual([]);
    for (const code of Object.values(FOCUS_AREA_DIAGNOSES).flat())
      for (const lang of ['es', 'it'] as const) expect([code, lang, diseaseName(code, lang, 'ENGLISH')]).not.toEqual([code, lang, 'ENGLISH']);
  });

  it("the survey's diagnosis answer reads in the interface language: Italian 'Prostate' is 'Tumore della prostata'", () => {
    const vocab = surveyVocab();
    expect(vocab.label('oncotree', 'PROSTATE', 'it')).toBe('Tumore della prostata');
    expect(vocab.label('oncotree', 'PROSTATE', 'es')).toBe('Cáncer de próstata');
    expect(vocab.label('oncotree', 'PROSTATE', 'en')).toBe('Prostate');
    for (const code of Object.values(FOCUS_AREA_DIAGNOSES).flat())
      for (const lang of ['es', 'it'] as const) expect(vocab.label('oncotree', code, lang)).toBe(diseaseName(code, lang));
  });
});

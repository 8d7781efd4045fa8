import { FOCUS_AREA_DIAGNOSES, diseaseName, focusAreas, hasTranslatedDiseaseName, renderMessage } from '@oncodesk/shared/contracts';
import { surveyVocab } from '../../src/survey/vocab';
import { oncoNode, subtree } from '../../src/vocab/diseaseTree';
import { FOCUS_AREA_NODES } from '../../src/vocab/oncotree';
import { focusOf } from '../../src/language/normalizePatient';

/** Every OncoTree code under the ten focus areas' tissues, all depths (207 in OncoTree 2025-10-03). */
const focusAreaCodes = () => Object.values(FOCUS_AREA_NODES).flatMap((rows) => rows.map(([code]) => code));

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

  it('fails when any code under a focus-area tissue, at any depth, lacks its Spanish or Italian name (issue 28)', () => {
    const codes = focusAreaCodes();
    expect(codes.length).toBeGreaterThanOrEqual(207);
    // the tree the server runs on (the complete OncoTree when installed, else the owned list): same subtrees
    const tissues = Object.values(FOCUS_AREA_NODES).map((rows) => rows[0][0]);
    expect(tissues.sort()).toEqual(['BLADDER', 'BOWEL', 'BREAST', 'CERVIX', 'KIDNEY', 'LIVER', 'LUNG', 'PROSTATE', 'STOMACH', 'THYROID']);
    const inTree = tissues.flatMap((t) => subtree(t));
    expect(new Set(inTree)).toEqual(new Set(codes));
    expect(codes.filter((code) => !hasTranslatedDiseaseName(code))).toEqual([]);
    // a real translation, not English left in place: no English word in a Spanish or Italian name
    const english = /\b(of|the|and|with|cell|cancer|tumou?r of|breast|lung|bladder|kidney|liver|stomach|bowel|type|differentiated|NOS)\b/i;
    const untranslated = codes.flatMap((code) =>
      (['es', 'it'] as const).map((lang) => [code, lang, diseaseName(code, lang)] as const).filter(([, , name]) => !name || english.test(name)),
    );
    expect(untranslated).toEqual([]);
  });

  it('names a few diagnoses as the interface reads them: the criterion message (result cards) and diseaseName (graph, summary)', () => {
    const diagnosis = (code: string, lang: 'en' | 'es' | 'it') => renderMessage({ key: 'diagnosisNamed', params: { code, name: oncoNode(code)!.name } }, lang);
    expect(diagnosis('LUAD', 'es')).toBe('diagnóstico LUAD (Adenocarcinoma de pulmón)');
    expect(diagnosis('LUAD', 'it')).toBe('diagnosi LUAD (Adenocarcinoma polmonare)');
    expect(diagnosis('LUAD', 'en')).toBe('diagnosis LUAD (Lung Adenocarcinoma)');
    // nodes that had no Spanish or Italian name before issue 28, at depths 2 to 4
    expect(diagnosis('IBC', 'es')).toBe('diagnóstico IBC (Cáncer de mama inflamatorio)');
    expect(diagnosis('IBC', 'it')).toBe('diagnosi IBC (Carcinoma infiammatorio della mammella)');
    expect(diagnosis('GRC', 'it')).toBe('diagnosi GRC (Adenocarcinoma del moncone gastrico)');
    expect(diagnosis('CDRCC', 'es')).toBe('diagnóstico CDRCC (Carcinoma renal de conductos colectores)');
    expect(diagnosis('MPT', 'it')).toBe('diagnosi MPT (Tumore fillode maligno della mammella)');
    expect(diseaseName('GCCAP', 'es', 'Goblet Cell Adenocarcinoma of the Appendix')).toBe('Adenocarcinoma de células caliciformes de apéndice');
    expect(diseaseName('scemu', 'it')).toBe('Carcinoma mucinoso a cellule ad anello con castone della cervice uterina');
    expect(diseaseName('NUTCL', 'es')).toBe('Carcinoma NUT de pulmón');
    expect(diseaseName('THHC', 'es')).toBe('Carcinoma de células de Hürthle de tiroides');
    // outside the focus areas the English name stays (no invented name)
    expect(diseaseName('MEL', 'es', 'Melanoma')).toBe('Melanoma');
    expect(diseaseName('GCCAP', 'en', 'Goblet Cell Adenocarcinoma of the Appendix')).toBe('Goblet Cell Adenocarcinoma of the Appendix');
  });

  it("the survey's diagnosis answer reads in the interface language: Italian 'Prostate' is 'Tumore della prostata'", () => {
    const vocab = surveyVocab();
    expect(vocab.label('oncotree', 'PROSTATE', 'it')).toBe('Tumore della prostata');
    expect(vocab.label('oncotree', 'PROSTATE', 'es')).toBe('Cáncer de próstata');
    expect(vocab.label('oncotree', 'PROSTATE', 'en')).toBe('Prostate');
    for (const code of [...Object.values(FOCUS_AREA_DIAGNOSES).flat(), ...focusAreaCodes()])
      for (const lang of ['es', 'it'] as const) expect(vocab.label('oncotree', code, lang)).toBe(diseaseName(code, lang));
  });
});

import { PatientData, recommendationsCsv, type FocusArea, type GuidelinePack } from '@oncodesk/shared/contracts';
import { packSummary } from '../../src/guidelines/service';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../../src/guidelines/packs';
import { recommend, settingOf } from '../../src/guidelines/engine';
import { normalizePatient } from '../../src/language/normalizePatient';

/**
 * The setting read as the record gives it (issue 26): unresectable, radioiodine-refractory, treated for
 * advanced disease mean the systemic setting; where the record does not decide the setting, the line or
 * the disease state, the options of each possibility are shown, labelled, with the fact that decides —
 * never an empty list.
 */
const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0] as GuidelinePack;
const P = (p: Partial<PatientData>) => PatientData.parse(p);

describe('the setting the record implies without saying "metastatic"', () => {
  it('unresectable HCC, RCC, urothelial, gastric, colorectal, thyroid and breast cancer are in the systemic setting', () => {
    for (const [focusArea, oncotreeCode] of [
      ['liver', 'HCC'],
      ['kidney', 'CCRCC'],
      ['bladder', 'BLCA'],
      ['stomach', 'STAD'],
      ['colon', 'COAD'],
      ['thyroid', 'THPA'],
      ['breast', 'IDC'],
    ] as Array<[FocusArea, string]>) {
      expect({ focusArea, s: settingOf(P({ focusArea, oncotreeCode, resectable: false })) }).toEqual({ focusArea, s: 'metastatic' });
      expect({ focusArea, s: settingOf(P({ focusArea, oncotreeCode, resectable: false, metastatic: false })) }).toEqual({ focusArea, s: 'metastatic' });
    }
  });
  it('unresectable non-metastatic lung and cervical cancer are locally advanced (chemoradiation), undecided when spread is not recorded', () => {
    expect(settingOf(P({ focusArea: 'lung', oncotreeCode: 'LUAD', resectable: false, metastatic: false }))).toBe('locally_advanced');
    expect(settingOf(P({ focusArea: 'cervix_uteri', oncotreeCode: 'CESC', resectable: false, metastatic: false }))).toBe('locally_advanced');
    expect(settingOf(P({ focusArea: 'lung', oncotreeCode: 'LUAD', resectable: false }))).toBeNull();
  });
  it('lines received for advanced disease, a drug the disease progressed on, or radioiodine-refractory thyroid cancer mean the systemic setting', () => {
    expect(settingOf(P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', priorLines: 1 }))).toBe('metastatic');
    expect(settingOf(P({ focusArea: 'thyroid', oncotreeCode: 'THME', priorTreatments: [{ name: 'vandetanib', kind: 'drug', progressed: true }] }))).toBe(
      'metastatic',
    );
    expect(settingOf(P({ focusArea: 'thyroid', oncotreeCode: 'THPA', raiRefractory: true }))).toBe('metastatic');
    // adjuvant treatment says nothing about the present setting
    expect(
      settingOf(
        P({ focusArea: 'colon', oncotreeCode: 'COAD', priorTreatments: [{ name: 'oxaliplatin', kind: 'drug', setting: 'adjuvant', progressed: true }] }),
      ),
    ).toBeNull();
  });
});

describe('the extent words the free-text reader records (diseaseExtent, recurrent, BCLC)', () => {
  it('"advanced" kidney, liver, thyroid, gastric, urothelial, colorectal or breast cancer is the systemic setting', () => {
    for (const [focusArea, oncotreeCode] of [
      ['kidney', 'CCRCC'],
      ['liver', 'HCC'],
      ['thyroid', 'THPA'],
      ['stomach', 'STAD'],
      ['bladder', 'BLCA'],
      ['colon', 'COAD'],
      ['breast', 'IDC'],
    ] as Array<[FocusArea, string]>)
      expect({ focusArea, s: settingOf(P({ focusArea, oncotreeCode, diseaseExtent: 'advanced' })) }).toEqual({ focusArea, s: 'metastatic' });
  });
  it('recurrent cervical, lung or kidney cancer is treated systemically; a resectable recurrence and prostate (biochemical) recurrence are not decided', () => {
    expect(settingOf(P({ focusArea: 'cervix_uteri', oncotreeCode: 'CESC', recurrent: true }))).toBe('metastatic');
    expect(settingOf(P({ focusArea: 'lung', oncotreeCode: 'LUAD', recurrent: true, stage: 'IB' }))).toBe('metastatic');
    expect(settingOf(P({ focusArea: 'colon', oncotreeCode: 'COAD', recurrent: true, resectable: true }))).toBeNull();
    expect(settingOf(P({ focusArea: 'prostate', oncotreeCode: 'PRAD', recurrent: true }))).toBeNull();
  });
  it('"advanced" lung or cervical cancer: locally advanced or metastatic, each shown conditional on it', () => {
    const a = recommend(pack, P({ focusArea: 'cervix_uteri', oncotreeCode: 'CESC', diseaseExtent: 'advanced' }));
    expect(a.setting).toBeNull();
    const ids = a.recommendations.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['cervix-chemo-bevacizumab-1l', 'cervix-la-chemoradiation-pembrolizumab']));
    expect(ids).not.toContain('cervix-early-surgery');
  });
  it('BCLC stage C hepatocellular carcinoma is advanced; A is early; the text\'s "locally advanced" and "localized" are read', () => {
    expect(settingOf(P({ focusArea: 'liver', oncotreeCode: 'HCC', bclcStage: 'C' }))).toBe('metastatic');
    expect(settingOf(P({ focusArea: 'liver', oncotreeCode: 'HCC', bclcStage: 'A' }))).toBe('early');
    expect(settingOf(P({ focusArea: 'stomach', oncotreeCode: 'STAD', diseaseExtent: 'locally_advanced' }))).toBe('locally_advanced');
    expect(settingOf(P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', diseaseExtent: 'localized' }))).toBe('early');
  });
});

describe('options of each possibility, labelled, never an empty list', () => {
  it('an untreated kidney cancer whose spread is not recorded: first-line systemic options if advanced, nephrectomy if localized, each saying what decides', () => {
    const a = recommend(pack, P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', priorLines: 0 }));
    expect(a.setting).toBeNull();
    const pembAxi = a.recommendations.find((r) => r.id === 'rcc-pembrolizumab-axitinib-1l')!;
    expect(pembAxi.assumes).toEqual({ settings: ['metastatic'], fact: 'Whether the disease is metastatic or unresectable (stage group)' });
    const nephrectomy = a.recommendations.find((r) => r.id === 'rcc-localized-nephrectomy')!;
    expect(nephrectomy.assumes!.settings).toEqual(['locally_advanced', 'early']);
    // one card per therapy even when it holds in two possible settings
    expect(a.recommendations.filter((r) => r.id === 'rcc-localized-nephrectomy')).toHaveLength(1);
    // the systemic possibility first, every option conditional
    expect(a.recommendations[0].assumes!.settings).toEqual(['metastatic']);
    expect(a.recommendations.every((r) => r.assumes)).toBe(true);
    expect(a.missingData.map((m) => m.fact)).toContain('Stage, or whether the disease is metastatic or unresectable, not recorded');
  });
  it('unresectable HCC with the lines not recorded: options of each line, each saying which line it assumes', () => {
    const a = recommend(pack, P({ focusArea: 'liver', oncotreeCode: 'HCC', resectable: false, priorTreatments: [{ name: 'sorafenib', kind: 'drug' }] }));
    expect(a.setting).toBe('metastatic');
    const cabo = a.recommendations.find((r) => r.id === 'hcc-cabozantinib-2l')!;
    expect(cabo.assumes).toEqual({ line: 2, fact: 'Lines of systemic therapy received for metastatic disease not recorded' });
    expect(a.recommendations.find((r) => r.id === 'hcc-atezolizumab-bevacizumab-1l')!.assumes).toMatchObject({ line: 1 });
  });
  it('a drug the disease progressed on rules out first-line options when the number of lines is not recorded', () => {
    const a = recommend(
      pack,
      P({ focusArea: 'liver', oncotreeCode: 'HCC', resectable: false, priorTreatments: [{ name: 'sorafenib', kind: 'drug', progressed: true }] }),
    );
    const ids = a.recommendations.map((r) => r.id);
    expect(ids).toContain('hcc-cabozantinib-2l');
    expect(ids).not.toContain('hcc-atezolizumab-bevacizumab-1l');
  });
  it('metastatic prostate cancer whose castration status is not recorded: sensitive and resistant options, each conditional on it', () => {
    const a = recommend(pack, P({ focusArea: 'prostate', oncotreeCode: 'PRAD', metastatic: true, priorLines: 0 }));
    const hs = a.recommendations.find((r) => r.id === 'prostate-mhspc-adt-arpi')!;
    const cr = a.recommendations.find((r) => r.id === 'prostate-mcrpc-arpi')!;
    expect(hs.assumes!.condition).toBe('Castration-sensitive (hormone-sensitive) disease');
    expect(cr.assumes!.condition).toBe('Castration-resistant disease');
    expect(a.missingData.map((m) => m.fact)).toContain('Castration-resistant disease: not recorded');
  });
  it('castration-resistant prostate cancer whose spread is not recorded: the metastatic options, conditional on metastatic disease', () => {
    const a = recommend(pack, P({ focusArea: 'prostate', oncotreeCode: 'PRAD', castrationStatus: 'resistant', priorLines: 0 }));
    expect(a.recommendations.map((r) => r.id)).toContain('prostate-mcrpc-arpi');
    expect(a.recommendations.every((r) => r.assumes?.settings?.[0] === 'metastatic')).toBe(true);
  });
  it('radioiodine-refractory thyroid cancer with spread not recorded: lenvatinib and sorafenib', () => {
    const ids = recommend(pack, P({ focusArea: 'thyroid', oncotreeCode: 'THPA', raiRefractory: true })).recommendations.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['dtc-rair-lenvatinib', 'dtc-rair-sorafenib']));
  });
  it("a diagnosis broader than the rule's (gastric cancer, OncoTree STOMACH) keeps its options, conditional on the histology", () => {
    const a = recommend(
      pack,
      P({ focusArea: 'stomach', oncotreeCode: 'STOMACH', metastatic: true, priorLines: 0, biomarkers: [{ name: 'HER2', value: 'positive' }] }),
    );
    const tras = a.recommendations.find((r) => r.id === 'gastric-her2-trastuzumab-chemo-1l')!;
    expect(tras.assumes).toEqual({
      condition: 'If the diagnosis is Esophagogastric Adenocarcinoma (EGC) (the record names a broader one)',
      fact: 'The tumour type on the pathology report',
    });
    // an adenocarcinoma recorded as such needs no assumption
    expect(
      recommend(pack, P({ focusArea: 'stomach', oncotreeCode: 'STAD', metastatic: true, priorLines: 0, biomarkers: [{ name: 'HER2', value: 'positive' }] }))
        .recommendations[0].assumes,
    ).toBeUndefined();
  });
  it('the CSV export says what an option is conditional on and how it is preferred', () => {
    const a = recommend(pack, P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', priorLines: 0 }));
    const csv = recommendationsCsv('Folder', { ...a, pack: packSummary(pack), durationMs: 1 });
    expect(csv).toMatch(/preference,conditional_on/);
    expect(csv).toMatch(/preferred,metastatic; decided by: Whether the disease is metastatic or unresectable \(stage group\)/);
  });
  it('the answer is in Spanish and Italian when asked', () => {
    const es = recommend(pack, P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', priorLines: 0 }), { lang: 'es' });
    expect(es.recommendations[0].assumes!.fact).toBe('Si la enfermedad es metastásica o irresecable (estadio)');
    expect(es.recommendations[0].matchedOn.join('\n')).toMatch(/Si el paciente tiene enfermedad avanzada o metastásica/);
    const it_ = recommend(pack, P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', priorLines: 0 }), { lang: 'it' });
    expect(it_.missingData.map((m) => m.fact)).toContain('Stadio, o se la malattia è metastatica o non resecabile, non registrato');
  });
});

describe('patients written in one line, through the free-text reader: never an empty list', () => {
  it.each([
    ['62-year-old man with advanced clear cell renal cell carcinoma, untreated', 'kidney', 'rcc-pembrolizumab-axitinib-1l'],
    ['Unresectable hepatocellular carcinoma, Child-Pugh A, no prior systemic therapy', 'liver', 'hcc-atezolizumab-bevacizumab-1l'],
    ['Medullary thyroid carcinoma progressing after vandetanib', 'thyroid', 'mtc-vandetanib-cabozantinib'],
    ['Papillary thyroid carcinoma, unresectable recurrence', 'thyroid', 'dtc-rair-lenvatinib'],
    ['Recurrent squamous cell carcinoma of the cervix after chemoradiation', 'cervix_uteri', 'cervix-chemo-bevacizumab-1l'],
    ['Castration-resistant prostate adenocarcinoma after abiraterone', 'prostate', 'prostate-mcrpc-docetaxel'],
  ] as Array<[string, FocusArea, string]>)('%s', (text, focusArea, expected) => {
    const { patient } = normalizePatient(text, { focusArea });
    const a = recommend(pack, patient);
    expect(a.recommendations.length).toBeGreaterThan(0);
    expect(a.recommendations.map((r) => r.id)).toContain(expected);
    // whatever the record leaves open is said, with what would decide it
    for (const r of a.recommendations) if (r.assumes) expect(r.assumes.fact).toMatch(/\S/);
  });
});

import { PatientData, type GuidelinePack } from '@oncodesk/shared/contracts';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../../src/guidelines/packs';
import { recommend } from '../../src/guidelines/engine';

/**
 * How biomarkers interact with options (issue 26, "wrong statements"): a biomarker rules an option out only
 * where the label or guideline says so; a preference is shown as a preference; one option per therapy with
 * every reason; the missing-data list asks only for tests that change an option in that disease.
 */
const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0] as GuidelinePack;
const P = (p: Partial<PatientData>) => PatientData.parse(p);
const egfrL858R = { gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' as const };
const missingFacts = (p: PatientData) =>
  recommend(pack, p)
    .missingData.map((m) => m.fact)
    .join('\n');

describe('a biomarker rules an option out only where the label says so', () => {
  it("docetaxel with ramucirumab stays an option for EGFR-mutant NSCLC after osimertinib and platinum chemotherapy, with the label's caveat", () => {
    const p = P({
      focusArea: 'lung',
      oncotreeCode: 'LUAD',
      metastatic: true,
      priorLines: 2,
      alterations: [egfrL858R],
      priorTreatments: [
        { name: 'osimertinib', kind: 'drug', line: 1 },
        { name: 'carboplatin', kind: 'drug', line: 2 },
        { name: 'pemetrexed', kind: 'drug', line: 2 },
      ],
    });
    const a = recommend(pack, p);
    const dr = a.recommendations.find((r) => r.id === 'nsclc-docetaxel-ramucirumab-2l');
    expect(dr).toBeDefined();
    expect(dr!.caveats.join(' ')).toMatch(/progression on the approved targeted therapy/);
    expect(a.notApplicable.map((n) => n.id)).not.toContain('nsclc-docetaxel-ramucirumab-2l');
  });
  it("docetaxel with ramucirumab needs prior platinum chemotherapy (the label's indication), whatever the biomarkers", () => {
    const p = P({
      focusArea: 'lung',
      oncotreeCode: 'LUAD',
      metastatic: true,
      priorLines: 1,
      alterations: [egfrL858R],
      priorTreatments: [{ name: 'erlotinib', kind: 'drug', line: 1 }],
    });
    expect(recommend(pack, p).recommendations.map((r) => r.id)).not.toContain('nsclc-docetaxel-ramucirumab-2l');
  });
  it('MSI-high colorectal cancer: pembrolizumab first; chemotherapy with bevacizumab listed as less preferred, not ruled out', () => {
    const a = recommend(pack, P({ focusArea: 'colon', oncotreeCode: 'COAD', metastatic: true, priorLines: 0, msi: 'high' }));
    const ids = a.recommendations.map((r) => r.id);
    expect(ids[0]).toBe('crc-msi-pembrolizumab-1l');
    const chemo = a.recommendations.find((r) => r.id === 'crc-chemo-bevacizumab-1l')!;
    expect(chemo.lessPreferred).toBe(true);
    expect(chemo.caveats.join(' ')).toMatch(/immunotherapy first is preferred; chemotherapy is not contraindicated/);
    expect(a.notApplicable.map((n) => n.id)).not.toContain('crc-chemo-bevacizumab-1l');
    // a microsatellite-stable patient gets the same option without the preference note
    const mss = recommend(pack, P({ focusArea: 'colon', oncotreeCode: 'COAD', metastatic: true, priorLines: 0, msi: 'stable' })).recommendations.find(
      (r) => r.id === 'crc-chemo-bevacizumab-1l',
    )!;
    expect(mss.lessPreferred).toBeUndefined();
    expect(mss.caveats.join(' ')).not.toMatch(/immunotherapy/);
  });
  it('TMB-high pembrolizumab in EGFR-mutant NSCLC carries the caveat; in a kidney cancer without a driver it does not', () => {
    const lung = recommend(
      pack,
      P({
        focusArea: 'lung',
        oncotreeCode: 'LUAD',
        metastatic: true,
        priorLines: 1,
        tmb: 15,
        alterations: [egfrL858R],
        priorTreatments: [{ name: 'osimertinib', kind: 'drug', line: 1 }],
      }),
    );
    const pem = lung.recommendations.find((r) => r.ruleIds?.includes('pan-tmb-pembrolizumab'))!;
    expect(pem.caveats.join(' ')).toMatch(/TMB-high with an EGFR or ALK driver/);
    const rcc = recommend(pack, P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', metastatic: true, priorLines: 1, tmb: 15 }));
    expect(rcc.recommendations.find((r) => r.ruleIds?.includes('pan-tmb-pembrolizumab'))!.caveats.join(' ')).not.toMatch(/EGFR/);
  });
});

describe('one option per therapy, with every reason it applies', () => {
  it('MSI-high and TMB-high: pembrolizumab once, with both reasons and both rules', () => {
    const a = recommend(pack, P({ focusArea: 'stomach', oncotreeCode: 'STAD', metastatic: true, priorLines: 1, msi: 'high', tmb: 30 }));
    const pem = a.recommendations.filter((r) => r.drugs.length === 1 && r.drugs[0] === 'pembrolizumab');
    expect(pem).toHaveLength(1);
    expect(pem[0].ruleIds).toEqual(expect.arrayContaining(['pan-msi-pembrolizumab', 'pan-tmb-pembrolizumab']));
    expect(pem[0].matchedOn.join('\n')).toMatch(/MSI-high/);
    expect(pem[0].matchedOn.join('\n')).toMatch(/TMB/);
    expect(new Set(a.recommendations.map((r) => r.therapy.toLowerCase())).size).toBe(a.recommendations.length);
  });
});

describe('missing data asks only for tests that would change an option in that disease', () => {
  it('kidney, lung and prostate are not asked for HER2 IHC 3+ or TMB; kidney and lung not for MSI', () => {
    const rcc = missingFacts(P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', metastatic: true, priorLines: 1 }));
    const lung = missingFacts(P({ focusArea: 'lung', oncotreeCode: 'LUAD', metastatic: true, priorLines: 1 }));
    const prostate = missingFacts(P({ focusArea: 'prostate', oncotreeCode: 'PRAD', metastatic: true, castrationStatus: 'resistant', priorLines: 1 }));
    for (const m of [rcc, lung, prostate]) {
      expect(m).not.toMatch(/HER2-positive \(IHC 3\+\)/);
      expect(m).not.toMatch(/TMB/);
    }
    expect(rcc).not.toMatch(/MSI/);
    expect(lung).not.toMatch(/MSI/);
    // the lung panel still asks its own drivers
    expect(lung).toMatch(/KRAS G12C/);
  });
  it('with no treatment history recorded, the history is asked once, not every "prior …" condition apart', () => {
    const m = missingFacts(P({ focusArea: 'lung', oncotreeCode: 'LUAD', metastatic: true }));
    expect(m).toMatch(/Prior systemic treatments not recorded/);
    expect(m).not.toMatch(/Prior platinum chemotherapy: not recorded|Prior osimertinib: not recorded|Prior crizotinib: not recorded/);
    // once some history is recorded, it is not asked again
    const some = missingFacts(P({ focusArea: 'lung', oncotreeCode: 'LUAD', metastatic: true, priorTreatments: [{ name: 'radiotherapy', kind: 'radiation' }] }));
    expect(some).not.toMatch(/Prior systemic treatments not recorded/);
    // (a recorded history without platinum means no platinum: the matcher's reading, not a missing fact)
    expect(some).not.toMatch(/Prior platinum chemotherapy: not recorded/);
  });
  it('colorectal and gastric cancer are asked for MSI (an option depends on it); castration-resistant prostate cancer too (pembrolizumab, NCCN tumour testing)', () => {
    expect(missingFacts(P({ focusArea: 'colon', oncotreeCode: 'COAD', metastatic: true, priorLines: 0 }))).toMatch(
      /MSI-high or mismatch-repair deficient: not recorded/,
    );
    expect(missingFacts(P({ focusArea: 'stomach', oncotreeCode: 'STAD', metastatic: true, priorLines: 1 }))).toMatch(
      /MSI-high or mismatch-repair deficient: not recorded/,
    );
    expect(missingFacts(P({ focusArea: 'prostate', oncotreeCode: 'PRAD', metastatic: true, castrationStatus: 'resistant', priorLines: 1 }))).toMatch(
      /MSI-high/,
    );
  });
  it('a known TMB-high or HER2 IHC 3+ result still gives its tumour-agnostic option where the test is not asked for', () => {
    const her2 = recommend(
      pack,
      P({ focusArea: 'bladder', oncotreeCode: 'BLCA', metastatic: true, priorLines: 1, biomarkers: [{ name: 'HER2', value: 'positive' }] }),
    );
    expect(her2.recommendations.map((r) => r.id)).toContain('pan-her2-ihc3-tdxd');
  });
  it('medullary thyroid cancer: germline RET testing is asked for, whatever the tumour result', () => {
    const ret = { gene: 'RET', proteinChange: 'M918T', category: 'mutation' as const };
    for (const alterations of [[], [ret]]) {
      const a = recommend(pack, P({ focusArea: 'thyroid', oncotreeCode: 'THME', metastatic: true, alterations }));
      expect(a.missingData.map((m) => m.fact)).toContain('Germline RET testing (hereditary MEN2) not recorded');
    }
    expect(missingFacts(P({ focusArea: 'thyroid', oncotreeCode: 'THPA', metastatic: true }))).not.toMatch(/Germline RET/);
  });
  it('a germline result recorded answers the germline prompt; a BRCA variant recorded as somatic does not meet a germline-BRCA label', () => {
    const germ = recommend(
      pack,
      P({
        focusArea: 'thyroid',
        oncotreeCode: 'THME',
        metastatic: true,
        alterations: [{ gene: 'RET', proteinChange: 'C634R', category: 'mutation', origin: 'germline' }],
      }),
    );
    expect(germ.missingData.map((m) => m.fact)).not.toContain('Germline RET testing (hereditary MEN2) not recorded');
    const breast = (origin?: 'germline' | 'somatic') =>
      recommend(
        pack,
        P({
          focusArea: 'breast',
          oncotreeCode: 'IDC',
          metastatic: true,
          priorLines: 1,
          biomarkers: [{ name: 'HER2', value: 'negative' }],
          alterations: [{ gene: 'BRCA2', category: 'mutation', ...(origin ? { origin } : {}) }],
        }),
      ).recommendations.map((r) => r.id);
    expect(breast('germline')).toEqual(expect.arrayContaining(['breast-gbrca-olaparib', 'breast-gbrca-talazoparib']));
    expect(breast()).toContain('breast-gbrca-olaparib');
    expect(breast('somatic')).not.toContain('breast-gbrca-olaparib');
    expect(breast('somatic')).not.toContain('breast-gbrca-talazoparib');
  });
  it('metastatic prostate cancer: germline DNA-repair testing is asked for; localized disease is not', () => {
    expect(missingFacts(P({ focusArea: 'prostate', oncotreeCode: 'PRAD', metastatic: true, castrationStatus: 'sensitive', priorLines: 0 }))).toMatch(
      /Germline testing for BRCA1, BRCA2/,
    );
    expect(missingFacts(P({ focusArea: 'prostate', oncotreeCode: 'PRAD', metastatic: false, stage: 'I' }))).not.toMatch(/Germline testing/);
  });
});

describe('what a specialist would not expect to see', () => {
  it('the drug the disease progressed on is not offered again (lenvatinib after progression on lenvatinib), with the reason', () => {
    const a = recommend(
      pack,
      P({
        focusArea: 'thyroid',
        oncotreeCode: 'THPA',
        metastatic: true,
        priorLines: 1,
        raiRefractory: true,
        priorTreatments: [{ name: 'lenvatinib', kind: 'drug', setting: 'metastatic', line: 1, progressed: true }],
      }),
    );
    expect(a.recommendations.map((r) => r.id)).not.toContain('dtc-rair-lenvatinib');
    expect(a.recommendations.map((r) => r.id)).toEqual(expect.arrayContaining(['dtc-cabozantinib-after-vegfr', 'dtc-rair-sorafenib']));
    expect(a.notApplicable).toContainEqual({ id: 'dtc-rair-lenvatinib', therapy: 'Lenvatinib', reason: 'The disease progressed on lenvatinib' });
  });
  it("a drug already given for advanced disease is not offered again alone at a later line (axitinib after pembrolizumab with axitinib), in the reader's language", () => {
    const patient = P({
      focusArea: 'kidney',
      oncotreeCode: 'CCRCC',
      metastatic: true,
      priorLines: 1,
      priorTreatments: [
        { name: 'pembrolizumab', kind: 'drug', setting: 'metastatic', line: 1 },
        { name: 'axitinib', kind: 'drug', setting: 'metastatic', line: 1 },
      ],
    });
    const a = recommend(pack, patient);
    const ids = a.recommendations.map((r) => r.id);
    expect(ids).not.toContain('rcc-axitinib-2l');
    expect(ids).toEqual(expect.arrayContaining(['rcc-cabozantinib-2l']));
    expect(a.notApplicable).toContainEqual(expect.objectContaining({ id: 'rcc-axitinib-2l', reason: 'Already given for advanced disease: axitinib' }));
    expect(recommend(pack, patient, { lang: 'es' }).notApplicable).toContainEqual(
      expect.objectContaining({ id: 'rcc-axitinib-2l', reason: 'Ya administrado para la enfermedad avanzada: axitinib' }),
    );
  });
  it('the same drug listed without its course (no setting, no line) is shown conditional on where it was given ("If: axitinib not given for advanced disease"), with that fact asked', () => {
    const patient = P({
      focusArea: 'kidney',
      oncotreeCode: 'CCRCC',
      metastatic: true,
      priorLines: 1,
      priorTreatments: [
        { name: 'pembrolizumab', kind: 'drug' },
        { name: 'axitinib', kind: 'drug' },
      ],
    });
    const a = recommend(pack, patient);
    const axitinib = a.recommendations.find((r) => r.id === 'rcc-axitinib-2l');
    expect(axitinib?.assumes?.condition).toBe('axitinib not given for advanced disease');
    expect(axitinib?.matchedOn).toContain('If: axitinib not given for advanced disease (not recorded)');
    expect(a.missingData.map((m) => m.fact)).toContain('Where axitinib was given (for advanced disease, or before or after surgery)');
    // an option of drugs not yet given is not conditional on it, and comes first
    const ids = a.recommendations.map((r) => r.id);
    expect(a.recommendations.find((r) => r.id === 'rcc-cabozantinib-2l')?.assumes).toBeUndefined();
    expect(ids.indexOf('rcc-cabozantinib-2l')).toBeLessThan(ids.indexOf('rcc-axitinib-2l'));
    const es = recommend(pack, patient, { lang: 'es' }).recommendations.find((r) => r.id === 'rcc-axitinib-2l');
    expect(es?.assumes?.condition).toBe('axitinib no administrado para la enfermedad avanzada');
  });
  it('an option resting on a test nobody orders in that disease is not listed as ruled out (dostarlimab in lung cancer after immunotherapy)', () => {
    const a = recommend(
      pack,
      P({
        focusArea: 'lung',
        oncotreeCode: 'LUAD',
        metastatic: true,
        priorLines: 1,
        priorTreatments: [
          { name: 'pembrolizumab', kind: 'drug', line: 1 },
          { name: 'carboplatin', kind: 'drug', line: 1 },
        ],
      }),
    );
    expect(a.notApplicable.map((n) => n.id)).not.toContain('pan-dmmr-dostarlimab');
    // a later line always has an option: docetaxel with or without ramucirumab
    expect(a.recommendations.map((r) => r.id)).toEqual(expect.arrayContaining(['nsclc-docetaxel-ramucirumab-2l', 'nsclc-docetaxel-2l']));
  });
  it('after first-line enfortumab vedotin with pembrolizumab, platinum chemotherapy is offered; after atezolizumab with bevacizumab in HCC, sorafenib', () => {
    const uc = recommend(
      pack,
      P({
        focusArea: 'bladder',
        oncotreeCode: 'BLCA',
        metastatic: true,
        priorLines: 1,
        priorTreatments: [
          { name: 'enfortumab vedotin', kind: 'drug', line: 1, progressed: true },
          { name: 'pembrolizumab', kind: 'drug', line: 1, progressed: true },
        ],
      }),
    );
    expect(uc.recommendations.map((r) => r.id)).toContain('urothelial-platinum-after-ev-pembrolizumab');
    const hcc = recommend(
      pack,
      P({
        focusArea: 'liver',
        oncotreeCode: 'HCC',
        metastatic: true,
        priorLines: 1,
        priorTreatments: [
          { name: 'atezolizumab', kind: 'drug', line: 1, progressed: true },
          { name: 'bevacizumab', kind: 'drug', line: 1, progressed: true },
        ],
      }),
    );
    expect(hcc.recommendations.map((r) => r.id)).toContain('hcc-sorafenib-1l');
  });
});

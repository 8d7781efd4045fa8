import { PatientData, type GuidelinePack } from '@oncodesk/shared/contracts';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../../src/guidelines/packs';
import { recommend } from '../../src/guidelines/engine';

/**
 * Indications an oncologist found missing (issue 26, second review): PD-L1 TPS and CPS kept apart,
 * chemotherapy alone in first-line NSCLC, HER2-ultralow breast cancer after endocrine therapy,
 * non-metastatic CRPC, HCC after atezolizumab with bevacizumab, tislelizumab in gastric cancer, cisplatin
 * eligibility in urothelial cancer and the IMDC risk group in kidney cancer — each as a patient whose
 * record decides it one way and the other.
 */
const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0] as GuidelinePack;
const P = (p: Partial<PatientData>) => PatientData.parse(p);
type Answer = ReturnType<typeof recommend>;
/** Rule ids offered without an assumption (met by the record), and those offered only as conditional. */
const offered = (a: Answer) => a.recommendations.filter((r) => !r.assumes && !r.matchedOn.some((m) => /^If: /.test(m))).flatMap((r) => r.ruleIds ?? [r.id]);
const listed = (a: Answer) => a.recommendations.flatMap((r) => r.ruleIds ?? [r.id]);
const lung = (extra: Partial<PatientData>) => P({ focusArea: 'lung', oncotreeCode: 'LUAD', metastatic: true, priorLines: 0, alterations: [], ...extra });

describe('PD-L1: a threshold on the tumour proportion score is not met by a combined positive score, nor the reverse', () => {
  it('lung: TPS 60% (or a bare 60%) meets single-agent pembrolizumab; CPS 60 recorded in a lung folder does not decide it', () => {
    expect(offered(recommend(pack, lung({ biomarkers: [{ name: 'PD-L1', value: '60', scale: 'TPS' }] })))).toContain('nsclc-pdl1-high-pembrolizumab-1l');
    expect(offered(recommend(pack, lung({ biomarkers: [{ name: 'PD-L1', value: '60', scale: 'percent' }] })))).toContain('nsclc-pdl1-high-pembrolizumab-1l');
    const cps = recommend(pack, lung({ biomarkers: [{ name: 'PD-L1', value: '60', scale: 'CPS' }] }));
    expect(offered(cps)).not.toContain('nsclc-pdl1-high-pembrolizumab-1l');
    // chemo-immunotherapy (no PD-L1 condition) stays
    expect(offered(cps)).toContain('nsclc-nonsq-pembrolizumab-chemo-1l');
  });
  it('triple-negative breast cancer: CPS 15 meets pembrolizumab with chemotherapy; TPS 15% does not', () => {
    const tnbc = (scale: 'CPS' | 'TPS') =>
      P({
        focusArea: 'breast',
        oncotreeCode: 'IDC',
        gender: 'female',
        metastatic: true,
        priorLines: 0,
        biomarkers: [
          { name: 'ER', value: 'negative' },
          { name: 'PR', value: 'negative' },
          { name: 'HER2', value: 'negative' },
          { name: 'PD-L1', value: '15', scale },
        ],
      });
    expect(offered(recommend(pack, tnbc('CPS')))).toContain('breast-tnbc-pembrolizumab-chemo-1l');
    expect(offered(recommend(pack, tnbc('TPS')))).not.toContain('breast-tnbc-pembrolizumab-chemo-1l');
  });
});

describe('chemotherapy alone in first-line NSCLC', () => {
  it('is listed for certain circumstances, after chemo-immunotherapy, for non-squamous and squamous disease', () => {
    const a = recommend(pack, lung({ biomarkers: [{ name: 'PD-L1', value: '5', scale: 'TPS' }] }));
    const ids = listed(a);
    expect(ids).toContain('nsclc-nonsq-platinum-pemetrexed-1l');
    expect(ids.indexOf('nsclc-nonsq-platinum-pemetrexed-1l')).toBeGreaterThan(ids.indexOf('nsclc-nonsq-pembrolizumab-chemo-1l'));
    expect(a.recommendations.find((r) => (r.ruleIds ?? [r.id]).includes('nsclc-nonsq-platinum-pemetrexed-1l'))?.preference).toBe('certain_circumstances');
    expect(listed(recommend(pack, lung({ oncotreeCode: 'LUSC' })))).toContain('nsclc-sq-carboplatin-paclitaxel-1l');
    // not at the second line
    expect(listed(recommend(pack, lung({ priorLines: 1 })))).not.toContain('nsclc-nonsq-platinum-pemetrexed-1l');
  });
});

describe('HER2-ultralow breast cancer (DESTINY-Breast06, FDA 2025-01)', () => {
  const hrPositive = (her2: PatientData['biomarkers'][number], prior: string) =>
    P({
      focusArea: 'breast',
      oncotreeCode: 'IDC',
      gender: 'female',
      metastatic: true,
      priorLines: 1,
      biomarkers: [{ name: 'ER', value: 'positive' }, her2],
      priorTreatments: [{ name: prior, kind: 'drug', setting: 'metastatic', line: 1, progressed: true }],
    });
  it('after endocrine therapy: trastuzumab deruxtecan for HER2-ultralow and HER2-low', () => {
    expect(offered(recommend(pack, hrPositive({ name: 'HER2', value: 'ultralow', ihcScore: '0' }, 'letrozole')))).toContain(
      'breast-hr-her2low-ultralow-tdxd-after-et',
    );
    expect(offered(recommend(pack, hrPositive({ name: 'HER2', value: 'low', ihcScore: '1+' }, 'letrozole')))).toContain(
      'breast-hr-her2low-ultralow-tdxd-after-et',
    );
  });
  it('the 2022 HER2-low indication (after chemotherapy) does not cover HER2-ultralow; IHC 0 alone decides neither', () => {
    const ultralow = recommend(pack, hrPositive({ name: 'HER2', value: 'ultralow', ihcScore: '0' }, 'capecitabine'));
    expect(listed(ultralow)).not.toContain('breast-her2low-tdxd');
    const zero = recommend(pack, hrPositive({ name: 'HER2', value: '0', ihcScore: '0' }, 'letrozole'));
    expect(offered(zero)).not.toContain('breast-hr-her2low-ultralow-tdxd-after-et');
  });
});

describe('non-metastatic castration-resistant prostate cancer', () => {
  it('apalutamide, enzalutamide and darolutamide, not the options of metastatic CRPC', () => {
    const a = recommend(pack, P({ focusArea: 'prostate', oncotreeCode: 'PRAD', gender: 'male', metastatic: false, castrationStatus: 'resistant' }));
    const ids = listed(a);
    for (const id of ['prostate-nmcrpc-apalutamide', 'prostate-nmcrpc-enzalutamide', 'prostate-nmcrpc-darolutamide']) expect(ids).toContain(id);
    expect(ids).not.toContain('prostate-mcrpc-docetaxel');
    expect(ids).not.toContain('prostate-mcrpc-arpi');
    // metastatic CRPC does not get the non-metastatic indications
    const m = recommend(
      pack,
      P({ focusArea: 'prostate', oncotreeCode: 'PRAD', gender: 'male', metastatic: true, castrationStatus: 'resistant', priorLines: 0 }),
    );
    expect(listed(m)).not.toContain('prostate-nmcrpc-apalutamide');
  });
});

describe('hepatocellular carcinoma after atezolizumab with bevacizumab', () => {
  const hcc = (prior: Array<[string, number]>, afp?: number) =>
    P({
      focusArea: 'liver',
      oncotreeCode: 'HCC',
      metastatic: true,
      priorLines: prior.length,
      biomarkers: afp ? [{ name: 'AFP', value: String(afp), unit: 'ng/mL' }] : [],
      priorTreatments: prior.map(([name, line]) => ({ name, kind: 'drug' as const, setting: 'metastatic' as const, line, progressed: true })),
    });
  it('second line: sorafenib (its label has no line); the labels that require earlier sorafenib wait for it', () => {
    const ids = listed(
      recommend(
        pack,
        hcc(
          [
            ['atezolizumab', 1],
            ['bevacizumab', 1],
          ],
          800,
        ),
      ),
    );
    expect(ids).toContain('hcc-sorafenib-1l');
    for (const id of ['hcc-cabozantinib-2l', 'hcc-regorafenib-2l', 'hcc-ramucirumab-afp-2l']) expect(ids).not.toContain(id);
    expect(ids).not.toContain('hcc-atezolizumab-bevacizumab-1l');
  });
  it('third line after sorafenib: cabozantinib, regorafenib, and ramucirumab with AFP ≥ 400 ng/mL', () => {
    const after = [
      ['atezolizumab', 1],
      ['bevacizumab', 1],
      ['sorafenib', 2],
    ] as Array<[string, number]>;
    const ids = listed(recommend(pack, hcc(after, 800)));
    for (const id of ['hcc-cabozantinib-2l', 'hcc-regorafenib-2l', 'hcc-ramucirumab-afp-2l']) expect(ids).toContain(id);
    expect(listed(recommend(pack, hcc(after, 50)))).not.toContain('hcc-ramucirumab-afp-2l');
  });
});

describe('tislelizumab in HER2-negative gastric adenocarcinoma (FDA 2024-12, PD-L1 by TAP)', () => {
  const gastric = (pdl1: PatientData['biomarkers'][number]) =>
    P({ focusArea: 'stomach', oncotreeCode: 'STAD', metastatic: true, priorLines: 0, biomarkers: [{ name: 'HER2', value: 'negative' }, pdl1] });
  it("a TAP score ≥ 1 meets it; a CPS (the survey's gastric scale) does not decide it", () => {
    expect(offered(recommend(pack, gastric({ name: 'PD-L1', value: '5', scale: 'TAP' })))).toContain('gastric-her2neg-tislelizumab-chemo-1l');
    const cps = recommend(pack, gastric({ name: 'PD-L1', value: '5' }));
    expect(offered(cps)).not.toContain('gastric-her2neg-tislelizumab-chemo-1l');
    expect(offered(cps)).toContain('gastric-her2neg-nivolumab-chemo-1l');
    expect(offered(recommend(pack, gastric({ name: 'PD-L1', value: '0', scale: 'TAP' })))).not.toContain('gastric-her2neg-tislelizumab-chemo-1l');
  });
});

describe('urothelial carcinoma: cisplatin eligibility', () => {
  const uro = (crcl: number | undefined, ecog: number) =>
    P({
      focusArea: 'bladder',
      oncotreeCode: 'BLCA',
      metastatic: true,
      priorLines: 0,
      ecog,
      labs: crcl === undefined ? [] : [{ analyte: 'creatinine_clearance', value: crcl, unit: 'mL/min' }],
    });
  it('gemcitabine-cisplatin-nivolumab for the cisplatin-eligible; enfortumab vedotin with pembrolizumab whatever the eligibility', () => {
    const eligible = offered(recommend(pack, uro(75, 1)));
    expect(eligible).toContain('urothelial-nivolumab-gemcis-1l');
    expect(eligible).toContain('urothelial-ev-pembrolizumab-1l');
    for (const a of [recommend(pack, uro(40, 1)), recommend(pack, uro(75, 2))]) {
      expect(listed(a)).not.toContain('urothelial-nivolumab-gemcis-1l');
      expect(offered(a)).toContain('urothelial-ev-pembrolizumab-1l');
    }
    // clearance not recorded: asked for, not assumed
    const unknown = recommend(pack, uro(undefined, 1));
    expect(offered(unknown)).not.toContain('urothelial-nivolumab-gemcis-1l');
    expect(unknown.missingData.map((m) => m.fact).join(' | ')).toMatch(/creatinine clearance/);
  });
});

describe('clear-cell RCC: IMDC risk', () => {
  const rcc = (imdcRisk?: PatientData['imdcRisk']) =>
    P({ focusArea: 'kidney', oncotreeCode: 'CCRCC', metastatic: true, priorLines: 0, ...(imdcRisk ? { imdcRisk } : {}) });
  it('nivolumab with ipilimumab for intermediate or poor risk, not favourable risk; the risk group asked when not recorded', () => {
    expect(offered(recommend(pack, rcc('poor')))).toContain('rcc-nivolumab-ipilimumab-1l');
    expect(offered(recommend(pack, rcc('intermediate')))).toContain('rcc-nivolumab-ipilimumab-1l');
    const fav = recommend(pack, rcc('favorable'));
    expect(listed(fav)).not.toContain('rcc-nivolumab-ipilimumab-1l');
    expect(offered(fav)).toContain('rcc-pembrolizumab-axitinib-1l');
    const unknown = recommend(pack, rcc());
    expect(offered(unknown)).not.toContain('rcc-nivolumab-ipilimumab-1l');
    expect(unknown.missingData.map((m) => m.fact).join(' | ')).toMatch(/IMDC/);
    // and in Italian, with the patient's risk group in Italian
    const it = recommend(pack, rcc('poor'), { lang: 'it' });
    expect(it.recommendations.flatMap((r) => r.matchedOn).join(' | ')).toMatch(/Rischio IMDC intermedio o sfavorevole \(paziente: rischio IMDC sfavorevole\)/);
  });
});

describe('nivolumab with ipilimumab in NSCLC', () => {
  it('alone needs PD-L1 ≥ 1% (CheckMate 227); with two cycles of chemotherapy it does not (CheckMate 9LA)', () => {
    const low = recommend(pack, lung({ biomarkers: [{ name: 'PD-L1', value: '0', scale: 'TPS' }] }));
    expect(listed(low)).not.toContain('nsclc-nivolumab-ipilimumab-1l');
    expect(offered(low)).toContain('nsclc-nivolumab-ipilimumab-chemo-1l');
    expect(offered(recommend(pack, lung({ biomarkers: [{ name: 'PD-L1', value: '5', scale: 'TPS' }] })))).toContain('nsclc-nivolumab-ipilimumab-1l');
  });
});

describe('tislelizumab and tivozanib are drugs of the vocabulary', () => {
  it('a gastric cancer progressing on tislelizumab with chemotherapy has had a PD-1 inhibitor', () => {
    const p = P({
      focusArea: 'stomach',
      oncotreeCode: 'STAD',
      metastatic: true,
      priorLines: 1,
      biomarkers: [{ name: 'HER2', value: 'negative' }],
      priorTreatments: ['tislelizumab', 'oxaliplatin', 'capecitabine'].map((name) => ({
        name,
        kind: 'drug' as const,
        setting: 'metastatic' as const,
        line: 1,
        progressed: true,
      })),
    });
    const a = recommend(pack, p, { lang: 'es' });
    expect(a.notApplicable.find((n) => n.id === 'pan-dmmr-dostarlimab')?.reason).toMatch(/recibió tislelizumab \(anticuerpo anti-PD-1\/PD-L1\)/);
  });
});

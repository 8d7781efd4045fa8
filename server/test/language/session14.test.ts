import { ComorbidityCondition } from '@oncodesk/shared/contracts';
import { read } from './read';

/**
 * Session 14 (issue 25): general mechanisms found by reading the misses, wrong and invented facts of the s12 and s13
 * lines — each tested on sentences written for this file (not the benchmark's), in en/es/it.
 */
const alts = (t: string) => read(t).patient.alterations.map((a) => `${a.gene}:${a.proteinChange ?? a.category}`);
const lab = (t: string, analyte: string) => read(t).patient.labs?.find((l) => l.analyte === analyte)?.value;
const marker = (t: string, name: string) => read(t).patient.biomarkers.find((b) => b.name === name)?.value;

describe('smoking written with a space or as a verb', () => {
  it.each([
    ['70F ex smoker, NSCLC adeno stage IV', 'former'],
    ['Carcinoma de pulmón, ex fumadora, ECOG 1', 'former'],
    ['adenoca polmonare, mai fumato, ECOG 0', 'never'],
    ['Lung adenocarcinoma in a woman who never smoked', 'never'],
    ['Adenocarcinoma de pulmón, nunca ha fumado', 'never'],
  ])('%s -> %s', (text, status) => {
    expect(read(text).patient.smokingStatus).toBe(status);
  });
});

describe('BCR in a prostate line is a biochemical recurrence, not a gene', () => {
  it.each([
    ['Prostate adenocarcinoma after prostatectomy, PSA 0.9 and rising: BCR, salvage RT planned.'],
    ['Ca prostata, recidiva biochimica (BCR) dopo prostatectomia, PSA 1,2.'],
  ])('%s', (text) => {
    expect(alts(text).filter((a) => a.startsWith('BCR'))).toEqual([]);
  });
  it('BCR-ABL1 is still the fusion', () => {
    expect(alts('CML in chronic phase, BCR-ABL1 positive')).toContain('ABL1:fusion');
  });
});

describe('a stain result is no alteration of the gene', () => {
  it.each([
    ['Cervical adenocarcinoma, gastric type, p16 negative on IHC.'],
    ['Carcinoma de cérvix, p16 negativo.'],
    ['Carcinoma renale con perdita di espressione di SDHB in immunoistochimica.'],
    ['Renal cell carcinoma with loss of SDHB expression by IHC.'],
  ])('%s', (text) => {
    expect(alts(text)).toEqual([]);
  });
  it('a deletion found by sequencing is still one', () => {
    expect(alts('Prostate cancer, NGS: somatic BRCA2 deletion')).toEqual(['BRCA2:deletion']);
  });
});

describe('a vertebra is no T category', () => {
  it.each([['Thyroid ca, bone mets at T11 and T12, RAI-refractory.'], ['Carcinoma mammario, frattura patologica di T11.']])('%s', (text) => {
    expect(read(text).patient.tnm).toBeUndefined();
  });
  it('a T category with its sub-letters is read', () => {
    expect(read('Cervical SCC, pT1b2 N0').patient.tnm?.t).toBe('1b2');
  });
});

describe('a serum marker written more than once: the latest measured value', () => {
  it.each([
    ['Prostate adenocarcinoma, PSA 40 ng/mL at diagnosis; after ADT, PSA nadir 0.2 ng/mL.', 'PSA', '0.2'],
    ['Adenocarcinoma prostatico, PSA 9 ng/ml; prostatectomia 2025, PSA a 6 mesi 0,03 ng/ml.', 'PSA', '0.03'],
    ['Hepatocarcinoma, AFP 2300; ramucirumab in II linea (AFP >400).', 'AFP', '2300'],
  ])('%s -> %s %s', (text, name, value) => {
    expect(marker(text, name)).toBe(value);
  });
  it('a value said to be the previous one is read when alone', () => {
    expect(marker('Biopsia de próstata: adenocarcinoma. PSA previo 5,9 ng/ml.', 'PSA')).toBe('5.9');
  });
});

describe('labs written with a qualifier between the name and the value', () => {
  it.each([
    ['Carcinoma renal metastásico. Calcio corregido 11,4. ECOG 1.', 'calcium', 11.4],
    ['Carcinoma renale, calcio corretto 10,9.', 'calcium', 10.9],
    ['Urothelial ca of the ureter, eGFR post-operative 52', 'egfr', 52],
    ['nmibc, 79m, egfr 38', 'egfr', 38],
  ])('%s -> %s %s', (text, analyte, value) => {
    expect(lab(text, analyte)).toBe(value);
  });
  it('an EGFR mutation is still no lab', () => {
    expect(lab('Lung adenocarcinoma, EGFR 19 del', 'egfr')).toBeUndefined();
  });
});

describe('diseases written whole that the lexicon did not hold', () => {
  it.each([
    ['Tumour board: 65F, pleomorphic carcinoma of the LUL, resected 2024.', 'LUPC'],
    ['Carcinoma pleomorfo del polmone, pT2 pN0.', 'LUPC'],
    ['Adenocarcinoma invasivo con patrón predominante lepídico, 1,9 cm.', 'LUAD'],
    ['Acinar-predominant invasive adenocarcinoma, 2.2 cm, pT1c.', 'LUAD'],
    ['Carcinoide atípico de pulmón, Ki-67 12%.', 'ALUCA'],
    ['EBUS: carcinoma, compatible con adenocarcinoma de origen pulmonar.', 'LUAD'],
    ['donna 70aa adenoca polm st IV, EGFR L858R', 'LUAD'],
    ['Adenocarcinoma de esófago distal, cT3 N1.', 'ESCA'],
    ['Carcinoma squamoso dell’esofago medio, cT2.', 'ESCC'],
    ['Adenocarcinoma del uraco, cistectomía parcial 2025.', 'UA'],
    ['Adenocarcinoma endocervicale, FIGO IB1.', 'ECAD'],
    ['Small cell carcinoma of the prostate, liver mets.', 'PRSCC'],
    ['Carcinoma renal con déficit de fumarato hidratasa, metastásico.', 'FHRCC'],
    ['Hybrid oncocytic/chromophobe tumour of the left kidney, 3 cm.', 'CHRCC'],
    ['ccr papilar tipo 2, mts oseas', 'PRCC'],
    ['ccr celulas claras, mts pulmonares', 'CCRCC'],
    ['High-grade non-muscle-invasive bladder cancer, BCG induction done.', 'BLCA'],
  ])('%s -> %s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });
  it.each([
    ['mcrpc 70m, on enzalutamide', 'resistant', true],
    ['69m mhspc, started ADT', 'sensitive', true],
  ])('lower-case shorthand: %s', (text, castration, metastatic) => {
    const p = read(text).patient;
    expect(p.castrationStatus).toBe(castration);
    expect(p.metastatic).toBe(metastatic);
  });
  it('a lower-case nmibc is local urothelial disease', () => {
    const p = read('recurrent nmibc, 75f, bcg x6').patient;
    expect([p.oncotreeCode, p.metastatic]).toEqual(['BLCA', false]);
  });
});

describe('a carcinoma written bare takes the organ of its specimen', () => {
  it.each([
    ['Pathology (F, 60): Right hemicolectomy: adenocarcinoma, pT3 pN1a.', 'COAD'],
    ['Estómago, gastrectomía subtotal: adenocarcinoma de tipo intestinal.', 'STAD'],
    ['Referto: lobectomia superiore dx: adenocarcinoma, pT1b.', 'LUAD'],
    ['Cervix, cone biopsy: squamous cell carcinoma, invasive.', 'CESC'],
    ['PSA rising 2 years after radical prostatectomy (Gleason 3+4).', 'PRAD'],
  ])('%s -> %s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });
  it.each([['Axillary node FNA: metastatic carcinoma.'], ['Nephrectomy 2019 and lobectomy 2021: carcinoma.'], ['Right thyroid lobectomy: carcinoma.']])(
    'no organ, two organs or a metastasis: %s',
    (text) => {
      expect(read(text).patient.oncotreeCode === 'LUNG' || read(text).patient.oncotreeCode === 'LUAD').toBe(false);
    },
  );
});

describe('a course said started after its name, or written with its dose before the joiner', () => {
  it.each([
    ['Breast ca, anastrozole started 3 weeks ago.', ['anastrozole']],
    ['Prostate ca, enzalutamide 160 mg plus leuprorelin started 01/11.', ['enzalutamide', 'leuprolide']],
    ['Ca prostata, ADT con triptorelina per 24 mesi iniziata a marzo.', ['triptorelin']],
  ])('%s', (text, names) => {
    const tx = read(text).patient.priorTreatments.map((t) => t.name);
    for (const n of names) expect(tx).toContain(n);
  });
});

describe('a progression that introduces the next course named is its outcome', () => {
  it.each([
    ['mRCC, on 2L cabozantinib after progression on 1L nivolumab.', 'cabozantinib', 2],
    ['Carcinoma renale, in II linea con axitinib dopo progressione a pembrolizumab + lenvatinib in I linea.', 'axitinib', 2],
  ])('%s: %s is line %s, under way', (text, name, line) => {
    const p = read(text).patient;
    const course = p.priorTreatments.find((t) => t.name === name);
    expect([course?.line, course?.progressed]).toEqual([line, undefined]);
    expect(p.priorLines).toBe(line - 1);
  });
});

describe('the age written after a named patient, or after the sex word in a clause', () => {
  it.each([
    ['Dear colleague, re: Mrs Ana Lucia Torres, 52, with metastatic breast cancer.', 52],
    ['Thank you for seeing Mr John Smith, 67, with mCRPC.', 67],
    ['ca mama luminal, mujer 61, letrozol', 61],
  ])('%s -> %s', (text, age) => {
    expect(read(text).patient.age).toBe(age);
  });
});

describe('genes and scores written in lower case in a quick note', () => {
  it.each([
    ['mcrc 66f nras q61k mss, liver only', 'NRAS:Q61K'],
    ['adenoca polm, egfr l858r, mai fumato', 'EGFR:L858R'],
    ['crc dx, ras/braf wt, mss', 'BRAF:wild_type'],
  ])('%s -> %s', (text, alt) => {
    expect(alts(text)).toContain(alt);
  });
  it('a word that is also a gene stays a word, a fusion variant is no protein change', () => {
    expect(alts('he met criteria for the trial')).toEqual([]);
    expect(alts('NSCLC, EML4-ALK v1 by NGS')).toEqual(['ALK:fusion']);
  });
  it('the spans show the text as written', () => {
    expect(read('mcrc 66f nras q61k mss').spans.map((s) => s.text)).toContain('nras q61k');
  });
  it.each([
    ['gastric adc, her2 neg, cps 3', 'CPS', '3'],
    ['nsclc squamous, pd-l1 tps 60%', 'TPS', '60'],
  ])('%s -> %s %s', (text, scale, value) => {
    const b = read(text).patient.biomarkers.find((x) => x.name === 'PD-L1');
    expect([b?.scale, b?.value]).toEqual([scale, value]);
  });
});

describe('hormone receptors written as bare numbers in a breast line', () => {
  it.each([
    ['ca mammella, RE 95 PgR 20 HER2 1+', 'ER', 95, 'PR', 20],
    ['ca mama re 0 rp 0, her2 3+', 'ER', 0, 'PR', 0],
  ])('%s', (text, a, pa, b, pb) => {
    const p = read(text).patient;
    expect(p.biomarkers.find((x) => x.name === a)?.percent).toBe(pa);
    expect(p.biomarkers.find((x) => x.name === b)?.percent).toBe(pb);
  });
  it('not in a line about another cancer', () => {
    expect(read('Prostate ca, RT 78 Gy, PR 2').patient.biomarkers.find((x) => x.name === 'PR')).toBeUndefined();
  });
});

describe('sites of spread written the short way', () => {
  const sites = (t: string) => read(t).patient.metastasisSites;
  it.each([
    ['mGC 70F, her2 neg, liver + peritoneum, on FOLFOX', ['liver', 'peritoneum']],
    ['mUC 59m, nodes + lung, 1L EV-pembro', ['lymph_node', 'lung']],
    ['mcrpc 80m, bone only, on enzalutamide', ['bone']],
    ['Carcinoma de mama metastásico (adenopatías supraclaviculares contralaterales, pulmón), RE 90%.', ['lymph_node', 'lung']],
    ['Adenocarcinoma gastrico metastatico (linfonodi celiaci, fegato), HER2 negativo.', ['lymph_node', 'liver']],
    ['Ca mammario con linfangite carcinomatosa polmonare, RE 80%.', ['lung']],
    ['Lung adenocarcinoma stage IVA: contralateral lung nodules, EGFR L858R.', ['lung']],
    ['NSCLC resected 2023, relapse 05/2025 in the right adrenal and pleura.', ['adrenal', 'pleura']],
  ])('%s', (text, expected) => {
    expect(sites(text)).toEqual(expected);
  });
  it.each([['Breast ca, ER+, liver, bone. On letrozole'], ['HCC, 70M, liver only, BCLC B']])(
    'not without metastatic disease said, nor the primary organ: %s',
    (text) => {
      expect(sites(text)).toEqual([]);
    },
  );
  it('a node biopsy written node first is a nodal site, no metastatic disease', () => {
    const p = read('Left axillary node FNA: metastatic carcinoma.').patient;
    expect([p.metastasisSites, p.metastatic]).toEqual([['lymph_node'], undefined]);
  });
});

describe('courses: kept on, begun, given with radiation, conjugates named with their payload', () => {
  const names = (t: string) => read(t).patient.priorTreatments.map((x) => x.name);
  it.each([
    ['Ca prostata resistente alla castrazione, in II linea con cabazitaxel. Mantiene triptorelina.', 'triptorelin'],
    ['Cáncer de próstata: continúa con leuprorelina, PSA 4.', 'leuprolide'],
    ['Ca tiroides anaplasico, empezo dabrafenib + trametinib hace una semana.', 'dabrafenib'],
    ['Carcinoma de mama. Cirugía 2025 y, desde 03/2026, letrozol + goserelina.', 'letrozole'],
    ['Ca esofago, CT-RT definitiva (carboplatino-paclitaxel settimanale) completata 2025.', 'carboplatin'],
    ['Ca mama triple negativo, 2ª línea con sacituzumab tirumotecan.', 'sacituzumab tirumotecan'],
    ['HER2-low breast ca, now trastuzumab duocarmazine 3L.', 'trastuzumab duocarmazine'],
    ['Ca mammario HER2+, in II linea con trastuzumab rezetecan.', 'trastuzumab rezetecan'],
  ])('%s -> %s', (text, name) => {
    expect(names(text)).toContain(name);
  });
  it('radiation given with a drug still to start is planned too', () => {
    expect(names('Ca cervice squamoso IB3, CT-RT con cisplatino da iniziare lunedì.')).toEqual([]);
  });
});

describe('status, stage, sex and scores written the short way', () => {
  it.each([
    ['Carcinoma squamoso del polmone, neoadiuvante poi lobectomia: ypT0 ypN0, risposta patologica completa.', 'no_evidence'],
    ['Esophageal SCC, definitive chemoradiation 2025; PET: complete metabolic response.', 'no_evidence'],
    ['NMIBC high grade, BCG maintenance, cystoscopy and cytology negative.', 'no_evidence'],
    ['recurrent nmibc, bcg x6 done, 3 mo cysto clear', 'no_evidence'],
  ])('%s -> %s', (text, status) => {
    expect(read(text).patient.diseaseStatus).toBe(status);
  });
  it('a complete response of the primary says nothing once the disease has spread', () => {
    expect(read('Rectal ca, pCR after TNT 2023; now liver mets, on FOLFIRI.').patient.diseaseStatus).not.toBe('no_evidence');
  });
  it.each([
    ['ca cervice squamoso IB2 (3 cm), CT-RT', 'IB2'],
    ['Carcinoma de cérvix escamoso IIIC1, QT-RT 2024', 'IIIC1'],
  ])('a stage group bare after the diagnosis: %s', (text, stage) => {
    expect(read(text).patient.stage).toBe(stage);
  });
  it.each([['ca cervix escamoso recaído, mts pulmonares'], ['ca cervice adeno ricaduto, mts linfonodali']])(
    'recaído / ricaduto is a recurrence: %s',
    (text) => {
      expect(read(text).patient.recurrent).toBe(true);
    },
  );
  it('"sig" before an age is a man', () => {
    expect(read('sig 70aa hcc bclc b').patient.gender).toBe('male');
  });
  it('"imdc fav" is a favourable risk', () => {
    expect(read('mrcc clear cell 60m, imdc fav').patient.imdcRisk).toBe('favorable');
  });
  it('"cldn neg" is claudin 18.2 negative', () => {
    expect(read('adc gastrico, her2 neg, cldn neg').patient.biomarkers.find((b) => b.name === 'CLDN18.2')?.value).toBe('negative');
  });
});

describe('a denial after a disease written short is the next finding’s, not the disease’s', () => {
  it.each([['CHC sin metástasis, BCLC A, Child-Pugh A5'], ['NSCLC without brain mets, EGFR L858R'], ['mRCC sin metástasis cerebrales, IMDC favorable']])(
    '%s',
    (text) => {
      const p = read(text).patient;
      expect(p.metastasisSites).not.toContain('brain');
      if (!/mRCC/.test(text)) expect(p.metastatic).not.toBe(true);
    },
  );
  it('the denied site is known absent', () => {
    expect(read('NSCLC without brain mets, EGFR L858R').patient.absentMetastasisSites).toContain('brain');
  });
});

describe('cirrhosis, where the record can hold it', () => {
  const held = (ComorbidityCondition.options as readonly string[]).includes('cirrhosis');
  const comorb = (t: string) => read(t).patient.comorbidities;
  (held ? it.each : it.skip.each)([
    ['HCC on alcohol-related cirrhosis, Child-Pugh A6'],
    ['CHC sobre cirrosis por VHB, Child-Pugh B7'],
    ['Epatocarcinoma su cirrosi HCV-correlata, BCLC B'],
    ['HCC in a cirrhotic liver, BCLC A'],
  ])('%s', (text) => {
    expect(comorb(text)).toContain('cirrhosis');
  });
  it.each([['HCC without cirrhosis, BCLC A'], ['CHC sin cirrosis, BCLC B'], ['Epatocarcinoma su fegato non cirrotico'], ['HCC, Child-Pugh A5, BCLC B']])(
    'not denied, nor from a Child-Pugh class alone: %s',
    (text) => {
      expect(comorb(text)).not.toContain('cirrhosis');
    },
  );
});

describe('courses written with their schedule, setting or dose, and carried out after a plan', () => {
  const names = (t: string) => read(t).patient.priorTreatments.map((x) => x.name);
  it.each([
    ['Breast ca, neoadjuvant dose-dense AC then weekly paclitaxel.', ['doxorubicin', 'cyclophosphamide']],
    ['Ca mama HER2+, paclitaxel semanal x12 + trastuzumab adyuvante.', ['paclitaxel', 'trastuzumab']],
    ['Ca mammario luminale, dal 09/25 ribociclib adiuvante + anastrozolo + goserelin.', ['ribociclib', 'anastrozole']],
    ['Cáncer de próstata: RT 70 Gy y bicalutamida 150 mg, completada 2024.', ['bicalutamide']],
    ['mCRPC, enzalutamide 160 mg + leuprolide 22.5 mg started last week.', ['enzalutamide', 'leuprolide']],
    ['Chromophobe RCC, cabozantinib 40 mg daily was started 09/2025.', ['cabozantinib']],
    ['Tumor neuroendocrino de pulmón, lanreotida desde 2024.', ['lanreotide']],
    ['Gastric adenocarcinoma, frail: S-1 monotherapy started 10/2025.', ['tegafur/gimeracil/oteracil']],
  ])('%s', (text, expected) => {
    for (const n of expected) expect(names(text)).toContain(n);
  });
  it('a cycle said given after a plan word: the course is under way', () => {
    const p = read('NSCLC. Agreed: 1L pembrolizumab monotherapy; cycle 2 given 20/11.').patient;
    expect(p.priorTreatments.find((t) => t.name === 'pembrolizumab')?.line).toBe(1);
  });
  it('a course saved for a later line says nothing of the line now', () => {
    expect(read('NSCLC. On 1L pembrolizumab, MET TKI kept for second line.').patient.priorLines).toBeUndefined();
  });
});

describe('small words of a referral: familial disease, symbols, series, segments', () => {
  it('a familial cancer is the patient’s own, hereditary form', () => {
    const p = read('Carcinoma medular de tiroides familiar, variante germinal RET C634R.').patient;
    expect([p.oncotreeCode, p.alterations.map((a) => `${a.gene}:${a.proteinChange}:${a.origin}`)]).toEqual(['THME', ['RET:C634R:germline']]);
  });
  it.each([['Cervical SCC, Cr 0.9, ECOG 0.', 'creatinine', 0.9]])('%s', (text, analyte, value) => {
    expect(lab(text, analyte)).toBe(value);
  });
  it.each([
    ['mCRPC, on olaparib, PSA da 60 a 8 ng/ml', 'PSA', '8'],
    ['Carcinoma medular de tiroides. Calcitonina basal postoperatoria 30 pg/ml.', 'Calcitonin', '30'],
  ])('%s', (text, name, value) => {
    expect(marker(text, name)).toBe(value);
  });
  it.each([
    ['Adenocarcinoma della giunzione GE, HER2 neg', 'GEJ'],
    ['45F, metastatic descending colon adenocarcinoma, RAS wild type', 'COAD'],
    ['Biopsia bronquial: carcinoma no microcítico, TTF-1 positivo.', 'NSCLC'],
  ])('%s -> %s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });
  it('a vertebral metastasis is bone', () => {
    expect(read('Prostate ca, compresión medular por metástasis vertebral D9').patient.metastasisSites).toContain('bone');
  });
  it.each([
    ['RTU vesical. Instilación única postoperatoria de mitomicina C.', 'mitomycin'],
    ['Bladder ca, RT 55 Gy with 5-FU + mitomycin C concurrent.', 'mitomycin'],
    ['NMIBC BCG-unresponsive. Pembrolizumab mono since 03/25.', 'pembrolizumab'],
  ])('%s -> %s', (text, name) => {
    expect(read(text).patient.priorTreatments.map((t) => t.name)).toContain(name);
  });
});

describe('grades, operations, sites and treated brain metastases written the usual ways', () => {
  it.each([
    ['Bladder UC non-muscle-invasive, pT1 G3 + CIS, BCG.', 'high'],
    ['Breast core biopsy: invasive carcinoma NST, Nottingham grade 3.', 'high'],
  ])('%s -> %s', (text, grade) => {
    expect(read(text).patient.tumorGrade).toBe(grade);
  });
  it.each([['Epatocarcinoma su cirrosi. Trapianto ortotopico di fegato 03/2025 entro i criteri di Milano.'], ['NMIBC high grade, re-TURBT 09/2025 negative.']])(
    'an operation: %s',
    (text) => {
      expect(read(text).patient.priorTreatments.map((t) => t.name)).toContain('surgery');
    },
  );
  it.each([
    ['ccr celulas claras, mts pulmon + suprarenal izda', 'adrenal'],
    ['ca cervice squamoso recidivato, mts linfonodali paraaortiche + polmone', 'lung'],
  ])('%s -> %s', (text, site) => {
    expect(read(text).patient.metastasisSites).toContain(site);
  });
  it.each([
    ['Metastatic NSCLC to brain and bone; the brain metastases were treated with SRS in 2025.'],
    ['CPCP, mts óseas + SNC (3 lesiones, RT holocraneal completada).'],
  ])('treated brain metastases: %s', (text) => {
    expect(read(text).patient.brainMetastasesTreated).toBe(true);
  });
  it.each([
    ['Papillary thyroid microcarcinoma, 6 mm, active surveillance.', 'THPA'],
    ['ADC de recto bajo cT3 N1, RT corta.', 'READ'],
  ])('%s -> %s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });
  it.each([
    ['mcrc, 2L folfiri aflib', 'aflibercept'],
    ['CU vesical mts, 3ª L vinflunina desde 10/25', 'vinflunine'],
  ])('%s -> %s', (text, name) => {
    expect(read(text).patient.priorTreatments.map((t) => t.name)).toContain(name);
  });
});

describe('a response or stability written with its time or its scan', () => {
  it.each([
    ['mRCC, 1L ipilimumab + nivolumab, PR at 4 months.', 'responding'],
    ['CPCP, 1ªL carboplatino-etopósido, tras 4 ciclos RP.', 'responding'],
    ['ADC gástrico, 1ª L FOLFOX-nivolumab. EE en TC de 10/25.', 'stable'],
  ])('%s -> %s', (text, status) => {
    expect(read(text).patient.diseaseStatus).toBe(status);
  });
  it('a progression after the response is the status', () => {
    expect(read('mUC, 1L EV-pembro → PR 10 mo then PD.').patient.diseaseStatus).toBe('progressive');
  });
});

describe('short forms joined to their partner, radium, and a course completed in brackets', () => {
  const names = (t: string) => read(t).patient.priorTreatments.map((x) => x.name);
  it.each([
    ['mCRPC, s/p abiraterone/pred → PD; now radium-223 cycle 3.', ['prednisone', 'radium-223']],
    ['mGC, 2L pacli-ram → PD, now trifluridine/tipiracil.', ['ramucirumab']],
    ['CPHSm, TDA con degarelix + apalutamida + docetaxel (6/6 completado 09/25).', ['docetaxel', 'apalutamide']],
  ])('%s', (text, expected) => {
    for (const n of expected) expect(names(text)).toContain(n);
  });
});

describe('a bare carcinoma with another organ named is of no organ said', () => {
  it.each([
    ['Colectomy 2019 for diverticulitis. Now adenocarcinoma on lung biopsy.'],
    ['Mastectomía 2010 por mastopatía; ahora carcinoma en biopsia de próstata.'],
  ])('%s', (text) => {
    expect(['COAD', 'COADREAD', 'BREAST']).not.toContain(read(text).patient.oncotreeCode);
  });
  it('an operation for diverticulitis is no cancer treatment', () => {
    expect(read('Colectomy 2019 for diverticulitis. Lung adenocarcinoma, EGFR L858R.').patient.priorTreatments).toEqual([]);
  });
});

describe('a HER2-low status with its score in brackets', () => {
  it.each([
    ['ca mama her2 low (1+), re 90', '1+'],
    ['Carcinoma de mama HER2-bajo (2+), RE 80%', '2+'],
  ])('%s -> %s', (text, score) => {
    expect(read(text).patient.biomarkers.find((b) => b.name === 'HER2')?.ihcScore).toBe(score);
  });
});

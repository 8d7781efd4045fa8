import { read } from './read';

/**
 * Session 15 (issue 25): general mechanisms found by reading the wrong, invented and missed facts of the s14 lines —
 * each tested on sentences written for this file (not the benchmark's), in en/es/it where the mechanism applies.
 */
const alts = (t: string) => read(t).patient.alterations.map((a) => `${a.gene}:${a.proteinChange ?? a.category}`);
const origins = (t: string) => read(t).patient.alterations.map((a) => `${a.gene}:${a.origin ?? '-'}`);
const dx = (t: string) => read(t).patient.oncotreeCode;
const txNames = (t: string) => read(t).patient.priorTreatments.map((x) => x.name);

describe('histologies named with their organ', () => {
  it.each([
    ['Adenosquamous carcinoma of the left lower lobe, pT2a N0, resected.', 'LUAS'],
    ['Carcinoma adenoescamoso de pulmón, estadio IIIA.', 'LUAS'],
    ['Carcinoma adenosquamoso del polmone, pT1c.', 'LUAS'],
    ['Adenocarcinoma of the bladder, not urachal, after cystectomy.', 'BLAD'],
    ['Adenocarcinoma de vejiga, pT3, sin origen uracal.', 'BLAD'],
    ['Medullary carcinoma of the ascending colon, MSI-high.', 'CMC'],
    ['Carcinoma medular de ciego, pT3 N0.', 'CMC'],
    ['Gastric stump adenocarcinoma after a Billroth II in the 1980s.', 'GRC'],
    ['Adenocarcinoma del muñón gástrico, pT2 N1.', 'GRC'],
    ['Adenocarcinoma del moncone gastrico, pT3 N0.', 'GRC'],
    ['Large-cell neuroendocrine carcinoma of the stomach with liver metastases.', 'HGNES'],
    ['Carcinoma neuroendocrino de alto grado del estómago, Ki-67 80%.', 'HGNES'],
    ['Carcinoma neuroendocrino scarsamente differenziato del retto.', 'HGNEC'],
    ['Clear cell papillary renal cell tumour, 1.8 cm, pT1a.', 'CCPRC'],
    ['Tumor renal papilar de células claras, 2 cm.', 'CCPRC'],
    ['Carcinoma renale papillare a cellule chiare, pT1a.', 'CCPRC'],
    ['ca squamoso polmone dx, st IIIB', 'LUSC'],
    ['58m mid rectal adeno, cT3 N1, pMMR', 'READ'],
  ])('%s -> %s', (text, code) => {
    expect(dx(text)).toBe(code);
  });
});

describe("a histology named as the tumour's differentiation is no second kind", () => {
  it.each([
    ['TURBT of the bladder: high-grade urothelial carcinoma with focal squamous differentiation, pT2.'],
    ['RTU de vejiga: carcinoma urotelial de alto grado con diferenciación escamosa, pT1.'],
    ['TURB vescicale: carcinoma uroteliale di alto grado con differenziazione squamosa, pT2.'],
  ])('%s', (text) => {
    expect(dx(text)).toBe('BLCA');
  });
  it('a squamous carcinoma of the bladder is still one', () => {
    expect(dx('Squamous cell carcinoma of the bladder, pT3, after cystectomy.')).toBe('BLSC');
  });
});

describe("the other origin's negative test in brackets does not deny the finding", () => {
  it.each([
    ['mCRPC with a somatic pathogenic BRCA2 variant (germline test negative).', 'BRCA2:somatic'],
    ['CPRCm con variante patogénica somática de BRCA2 (prueba germinal negativa).', 'BRCA2:somatic'],
    ['mCRPC, variante patogenetica somatica di BRCA2 (test germinale negativo).', 'BRCA2:somatic'],
  ])('%s', (text, origin) => {
    expect(alts(text)).toEqual(['BRCA2:mutation']);
    expect(origins(text)).toEqual([origin]);
  });
  it('a negative test of the same origin still denies', () => {
    expect(alts('Prostate adenocarcinoma, BRCA2 (germline test negative).')).not.toContain('BRCA2:mutation');
  });
});

describe("a promoter's change is the promoter's mutation, not a protein change", () => {
  it.each([
    ['Papillary thyroid carcinoma, BRAF V600E, TERT promoter C228T.'],
    ['Carcinoma papilar de tiroides con mutación del promotor de TERT (C250T).'],
    ['Carcinoma follicolare della tiroide, mutazione del promotore di TERT C228T.'],
  ])('%s', (text) => {
    expect(alts(text)).toContain('TERT:mutation');
    expect(alts(text).filter((a) => /^TERT:C/.test(a))).toEqual([]);
  });
});

describe('a protein lost or read on a stain is no alteration of its gene', () => {
  it.each([
    ['Caecal adenocarcinoma, dMMR with loss of MSH2/MSH6 on IHC.'],
    ['Cecum cancer, mismatch repair deficient: loss of MLH1 and PMS2.'],
    ['Carcinoma de colon dMMR con pérdida de MLH1 y PMS2.'],
    ['Carcinoma neuroendocrino del colon, RB1 perso all’IHC.'],
    ['Small cell carcinoma of the bladder, RB1 lost by immunohistochemistry.'],
  ])('%s', (text) => {
    expect(alts(text)).toEqual([]);
  });
  it('a deletion found by sequencing is still a deletion', () => {
    expect(alts('SCLC, tissue NGS: RB1 deletion and TP53 R273H')).toContain('RB1:deletion');
  });
});

describe("a germline test that found the variant says the variant's origin", () => {
  it.each([
    ['Colon cancer, dMMR; germline testing confirmed a pathogenic MSH2 variant.', 'MSH2:germline'],
    ['Ca de colon, el estudio germinal confirmó una variante patogénica de MLH1.', 'MLH1:germline'],
    ['Ca del colon, il test germinale ha confermato una variante patogenetica di MSH6.', 'MSH6:germline'],
  ])('%s', (text, origin) => {
    expect(origins(text)).toContain(origin);
  });
  it('an unmethylated promoter is a methylation test, not a finding', () => {
    expect(alts('Colon cancer, dMMR, MLH1 promoter unmethylated.')).toEqual([]);
  });
});

describe('a treatment not given yet, not funded or indicated only is no prior treatment', () => {
  it.each([
    ['Lung adenocarcinoma, ALK fusion: started 1L brigatinib (lorlatinib not funded here).', 'lorlatinib'],
    ['Ca prostata ad alto rischio, RT ancora da pianificare.', 'radiotherapy'],
    ['Ca del retto con mts polmonari; discussa SBRT sui noduli, non ancora eseguita.', 'radiotherapy'],
    ['Cáncer de recto con metástasis pulmonares; discutida SBRT sobre los nódulos.', 'radiotherapy'],
    ['Indicata radioterapia pelvica con ADT: triptorelina già avviata.', 'radiotherapy'],
    ['Rectal cancer with lung mets; SBRT to the nodules not yet done.', 'radiotherapy'],
  ])('%s (no %s)', (text, name) => {
    expect(txNames(text)).not.toContain(name);
  });
  it('a course started after a colon is still given', () => {
    expect(txNames('Indicata RT pelvica e ADT per 2 anni: triptorelina avviata il 02/11.')).toContain('triptorelin');
  });
  it('a drug named alone in the reader\'s lexicon is read ("ensartinib")', () => {
    expect(txNames('ALK+ NSCLC, started 1L ensartinib 225 mg in 09/2026.')).toContain('ensartinib');
  });
});

describe('brain metastases said untreated after a word, or treated by an arrow to their radiotherapy', () => {
  it('"untreated locally" is about the brain, not a treatment-naive patient', () => {
    const p = read('NSCLC with brain mets, asymptomatic, untreated locally. On 1L alectinib since 05/2026.').patient;
    expect(p.brainMetastasesTreated).toBe(false);
    expect(p.priorLines).toBeUndefined();
  });
  it.each([['Metástasis cerebrales múltiples → RT holocraneal 05/26.'], ['Brain mets → WBRT in 2025, then capecitabine.']])('%s', (text) => {
    expect(read(`Breast cancer HER2+. ${text}`).patient.brainMetastasesTreated).toBe(true);
  });
});

describe('a serum marker said to be of today is the current value', () => {
  it.each([
    ['Prostate cancer, PSA 240 at diagnosis in 03/2026; on ADT, PSA today 1.9 ng/mL.', '1.9'],
    ['Ca de próstata, PSA 85 al diagnóstico; PSA hoy 2,3.', '2.3'],
    ['Ca prostata, PSA 140 alla diagnosi; PSA oggi 0,8.', '0.8'],
  ])('%s -> %s', (text, value) => {
    expect(
      read(text)
        .patient.biomarkers.filter((b) => b.name === 'PSA')
        .map((b) => b.value),
    ).toEqual([value]);
  });
});

describe('a biochemical recurrence written "BCR" is a recurrence, and its rising PSA no progression', () => {
  it.each([['Prostate ca, s/p RP 2020, BCR: PSA 0.2 → 0.5, PSMA PET negative.'], ['Ca prostata operato nel 2019, BCR con PSA 0,3 → 0,7.']])('%s', (text) => {
    const p = read(text).patient;
    expect(p.recurrent).toBe(true);
    expect(p.diseaseStatus).toBeUndefined();
  });
  it('a rising PSA on treatment is still progression', () => {
    expect(read('mCRPC on enzalutamide, PSA 12 → 35.').patient.diseaseStatus).toBe('progressive');
  });
  it('BCR-ABL1 is no recurrence', () => {
    expect(read('CML in chronic phase, BCR-ABL1 positive').patient.recurrent).toBeUndefined();
  });
});

describe('a Gleason score written "GS" names the prostate', () => {
  it('s/p RP (pT2c, GS 3+4=7)', () => {
    expect(read('s/p RP 2018 (pT2c pN0, GS 3+4=7), adenocarcinoma; PSA 0.3').patient.oncotreeCode).toBe('PRAD');
  });
});

describe('radioiodine-refractory written with a space, and refractoriness is no radioiodine given', () => {
  it.each([
    ['ca tiroide papillare, rai refrattario, mts polm'],
    ['carcinoma papilar de tiroides refractario a RAI, mts pulm'],
    ['papillary thyroid ca, RAI refractory, lung mets'],
  ])('%s', (text) => {
    const p = read(text).patient;
    expect(p.raiRefractory).toBe(true);
    expect(p.priorTreatments.map((t) => t.name)).not.toContain('radioiodine');
    expect(p.metastasisSites).toContain('lung');
  });
  it('radioiodine given is still read', () => {
    expect(txNames('Thyroid ca, TT + RAI 100 mCi (2021), now RAI-refractory lung mets')).toContain('radioiodine');
  });
});

describe('a response read on a scan ("PR on CT")', () => {
  it.each([
    ['Gastric ca, 1L FOLFOX + nivolumab since 05/2026: PR on CT 09/2026.'],
    ['NSCLC ALK+, on alectinib; intracranial CR on MRI.'],
    ['Ca gastrico in I linea con FOLFOX dal 05/2026, RP alla TC di 09/2026.'],
  ])('%s', (text) => {
    expect(read(text).patient.diseaseStatus).toBe('responding');
  });
});

describe('a drug named twice (brand and generic, a biosimilar by its brand) is one mention of its course', () => {
  it.each([
    ['MBC, 1L Ibrance (palbociclib) + letrozole 2024 → PD 2025.', ['palbociclib', 'letrozole']],
    ['CM, 1ª L Ibrance (palbociclib) + anastrozol 2024 → PD 2025.', ['palbociclib', 'anastrozole']],
    [
      'Ca colon, dal 05/2026 in I linea con capecitabina a dose ridotta + bevacizumab biosimilare (Zirabev), malattia stabile.',
      ['capecitabine', 'bevacizumab'],
    ],
    ['CPHSm, ADT (triptorelina trimestral) + enzalutamida desde 03/26.', ['adt', 'triptorelin', 'enzalutamide']],
    [
      'She received 6 cycles of paclitaxel, carboplatin, the trastuzumab biosimilar Kanjinti and pertuzumab.',
      ['paclitaxel', 'carboplatin', 'trastuzumab', 'pertuzumab'],
    ],
  ])('%s', (text, names) => {
    expect(txNames(text)).toEqual(expect.arrayContaining(names));
  });
});

describe('the kinds of chemoembolisation', () => {
  it.each([['HCC, recurrence in S4 treated with DEB-TACE x2.'], ['CHC, recidiva tratada con DEB-TACE en 2025.']])('%s', (text) => {
    expect(txNames(text)).toContain('TACE');
  });
});

describe('disease named local by its extent: localized, not metastatic', () => {
  it.each([
    ['High-risk early breast cancer, ER+ HER2-, cT2 N1.'],
    ['Early-stage NSCLC, adenocarcinoma, cT1c N0.'],
    ['Cáncer de mama precoz HER2+, cT2 N0.'],
    ['Carcinoma mammario in stadio precoce, cT1c N0.'],
    ['Localised prostate adenocarcinoma, Gleason 4+3, PSA 9.'],
    ['Adenocarcinoma de próstata localizado de riesgo intermedio.'],
    ['Adenocarcinoma prostatico localizzato ad alto rischio.'],
    ['Carcinoma urotelial papilar no músculo-invasivo de vejiga, pTa de bajo grado.'],
    ['Carcinoma uroteliale papillare non muscolo-infiltrante, pT1.'],
  ])('%s', (text) => {
    const p = read(text).patient;
    expect(p.metastatic).toBe(false);
  });
  it.each([
    ['Early breast cancer treated in 2015; now bone metastases.', true],
    ['NSCLC with early progression on osimertinib, liver mets.', true],
    ['Colon cancer, disease localised to the liver, on FOLFOX.', undefined],
    ['Ca mammella, localizzazioni ossee multiple.', true],
  ])('%s: not localized', (text, metastatic) => {
    const p = read(text).patient;
    expect(p.diseaseExtent).not.toBe('localized');
    expect(p.metastatic).toBe(metastatic);
  });
});

describe('a histological grade written right after the histology it grades', () => {
  it.each([
    ['Breast core biopsy: invasive carcinoma NST G3, ER 0%.', 'high'],
    ['Carcinoma ductal infiltrante G1, RE 95%.', 'low'],
    ['Biopsia: carcinoma invasivo NST G3, RE 0%.', 'high'],
  ])('%s -> %s', (text, grade) => {
    expect(read(text).patient.tumorGrade).toBe(grade);
  });
  it('a toxicity grade after a drug is no tumour grade', () => {
    expect(read('Breast cancer on capecitabine, hand-foot syndrome G3.').patient.tumorGrade).toBeUndefined();
  });
});

describe('performance status with its scale in brackets', () => {
  it.each([
    ['Carcinoma gastrico metastatico. PS (OMS) 1.', 1],
    ['Gastric cancer, PS (WHO) 2.', 2],
    ['Cáncer gástrico, PS (ECOG) 0.', 0],
  ])('%s -> %s', (text, ecog) => {
    expect(read(text).patient.ecog).toBe(ecog);
  });
});

describe('MSI written "MSI-alta"', () => {
  it.each([['Adenocarcinoma de colon, MSI-alta, RAS nativo.'], ['Adenocarcinoma del colon MSI-alta.']])('%s', (text) => {
    expect(read(text).patient.msi).toBe('high');
  });
});

describe('no distant disease, the short and the lesion forms', () => {
  it.each([
    ['HCC 5 cm, no extrahepatic dz on CT.'],
    ['Ca cervice, recidiva pelvica centrale, no mts a distanza alla PET.'],
    ['Carcinoma midollare della tiroide, PET senza lesioni a distanza.'],
    ['Cáncer de recto cT3 N1, sin mts a distancia en la TC.'],
    ['Rectal cancer cT3 N1, no distant lesions on staging CT.'],
  ])('%s', (text) => {
    expect(read(text).patient.metastatic).toBe(false);
  });
});

describe('mismatch-repair proteins said conserved, in words', () => {
  it.each([
    ['Adenocarcinoma gástrico: expresión conservada de proteínas reparadoras (MMR).'],
    ['Adenocarcinoma gastrico, espressione conservata delle proteine del MMR.'],
    ['Gastric adenocarcinoma, retained expression of the mismatch repair proteins.'],
  ])('%s', (text) => {
    expect(read(text).patient.biomarkers.find((b) => b.name === 'MMR')?.value).toBe('proficient');
  });
});

describe('a course under maintenance "con" its drug, and short-course radiotherapy', () => {
  it.each([
    ['Carcinoma uroteliale pT1 con CIS, in mantenimento con BCG.', 'BCG'],
    ['Carcinoma urotelial pT1, en mantenimiento con BCG desde 2025.', 'BCG'],
    ['Low rectal adenocarcinoma, SCRT 25 Gy done 10/2026, now CAPOX.', 'radiotherapy'],
    ['Rectal cancer: short-course RT completed, then FOLFOX.', 'radiotherapy'],
  ])('%s -> %s', (text, name) => {
    expect(txNames(text).map((n) => n.toLowerCase())).toContain(name.toLowerCase());
  });
});

describe('quick-note and provisional names', () => {
  it.each([
    ['Renal mass 3 cm, biopsy: oncocytic renal neoplasm, oncocytoma vs chromophobe.', 'NCCRCC'],
    ['Massa renale, biopsia: neoplasia oncocitica, da definire.', 'NCCRCC'],
    ['Masa renal de 2 cm; biopsia: tumor oncocítico.', 'NCCRCC'],
    ['55f hereditary mtc (RET C634R), liver mets', 'THME'],
  ])('%s -> %s', (text, code) => {
    expect(dx(text)).toBe(code);
  });
  it('an oncocytic neoplasm with no kidney named is not renal', () => {
    expect(dx('Thyroid FNA: oncocytic neoplasm, Bethesda IV.')).not.toBe('NCCRCC');
  });
  it('"ctn" is calcitonin, its last value the current one', () => {
    expect(read('MTC, on selpercatinib, ctn 8,400 → 1,150, CEA 40').patient.biomarkers.find((b) => b.name === 'Calcitonin')?.value).toBe('1150');
  });
});

describe('deposits are spread; a regimen modified keeps its line; "clearance creat"; no recurrence on a scan at a time', () => {
  it.each([
    ['Intrahepatic cholangiocarcinoma with peritoneal deposits, on gemcitabine-cisplatin.', 'peritoneum'],
    ['Adenocarcinoma gástrico con depósitos peritoneales.', 'peritoneum'],
    ['Colangiocarcinoma con depositi peritoneali.', 'peritoneum'],
  ])('%s -> %s', (text, site) => {
    expect(read(text).patient.metastasisSites).toContain(site);
  });
  it('"second-line modified FOLFOX" is the second line', () => {
    const p = read('Biliary cancer: first-line gem-cis with progression at 6 months; second-line modified FOLFOX started 09/2026.').patient;
    expect(p.priorTreatments.filter((t) => t.line === 2).map((t) => t.name)).toEqual(expect.arrayContaining(['FOLFOX']));
  });
  it.each([
    ['Ca vescica, non candidabile a cisplatino (clearance creat 35).', 35],
    ['Ca de vejiga, no candidato a cisplatino (aclaramiento creat 38).', 38],
  ])('%s -> %s', (text, value) => {
    expect(read(text).patient.labs?.find((l) => l.analyte === 'creatinine_clearance')?.value).toBe(value);
  });
  it.each([
    ['Clear cell RCC pT1b, partial nephrectomy 2025; no evidence of recurrence on CT at 12 months.'],
    ['CCR de células claras pT1b, nefrectomía 2025; sin evidencia de recidiva en la TC a los 6 meses.'],
    ['Carcinoma renale a cellule chiare pT1a, nefrectomia 2025; nessuna evidenza di recidiva alla TC a 9 mesi.'],
  ])('%s', (text) => {
    expect(read(text).patient.diseaseStatus).toBe('no_evidence');
  });
});

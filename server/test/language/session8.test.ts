import { drugs, read, uncertain } from './read';

/**
 * Session 8 (issue 25): general mechanisms found by reading the misses, wrong and invented facts of the s7 lines, each
 * tested on sentences written for this file (not the benchmark's).
 */

describe('a course chosen, planned, contraindicated or not done is not given', () => {
  it.each([
    ['Prostate adenocarcinoma cT2c N0 M0. We plan radiotherapy with 6 months of ADT.', ['radiotherapy', 'adt']],
    ['Adenocarcinoma de próstata cT2a, ha optado por radioterapia externa.', ['radiotherapy']],
    ['Carcinoma del retto pT3N1, chemioterapia adiuvante non eseguita per sepsi.', ['chemotherapy']],
    ['Cáncer de cérvix tratado con carboplatino-paclitaxel (cisplatino contraindicado por sordera).', ['cisplatin']],
    ['Urothelial carcinoma, s/p 1L gemcitabine-carboplatin (cis-ineligible, CrCl 35).', ['cisplatin']],
  ])('%s', (text, absent) => {
    const names = drugs(text);
    for (const d of absent) expect(names).not.toContain(d);
  });

  it('the course given beside the contraindicated drug is still read', () => {
    expect(drugs('Cáncer de cérvix tratado con carboplatino-paclitaxel (cisplatino contraindicado por sordera).')).toEqual(
      expect.arrayContaining(['carboplatin', 'paclitaxel']),
    );
  });

  it('a maintenance course follows the course before the bracketed aside, in its line', () => {
    const { patient } = read('Carcinoma uroteliale, I linea gemcitabina-carboplatino x6 (cis-unfit) → avelumab di mantenimento, poi PD.');
    expect(patient.priorTreatments.map((t) => t.name)).not.toContain('cisplatin');
    expect(patient.priorTreatments.find((t) => t.name === 'avelumab')?.line).toBe(1);
  });
});

describe('a generic class word spelled out by the drugs right after it', () => {
  it.each([
    ['Carcinoma mammario, chemioterapia adiuvante EC → paclitaxel settimanale.', ['epirubicin', 'cyclophosphamide', 'paclitaxel']],
    ['Small cell carcinoma of the bladder, neoadjuvant chemotherapy cisplatin-etoposide then cystectomy.', ['cisplatin', 'etoposide']],
    ['Cáncer de mama, completó quimioterapia neoadyuvante AC seguida de paclitaxel.', ['doxorubicin', 'cyclophosphamide', 'paclitaxel']],
  ])('%s', (text, given) => {
    const names = drugs(text);
    expect(names).toEqual(expect.arrayContaining(given));
    expect(names).not.toContain('chemotherapy');
  });

  it('a class that names a treatment of its own stays a course ("ADT + abiraterone")', () => {
    expect(drugs('mHSPC, s/p ADT + abiraterone.')).toEqual(expect.arrayContaining(['adt', 'abiraterone']));
  });
});

describe('words that look like a finding and state none', () => {
  it('an Oncotype "Recurrence Score" is no recurrence', () => {
    expect(read('Breast IDC pT1c pN0, ER 95%. Recurrence Score 18. Adjuvant letrozole.').patient.recurrent).toBeUndefined();
    expect(read('Breast cancer, local recurrence 2024, ER 95%.').patient.recurrent).toBe(true);
  });

  it('inoperable for the patient’s health states no resectability; for the tumour it does', () => {
    expect(read('NSCLC stadio IB, non operabile per BPCO severa.').patient.resectable).toBeUndefined();
    expect(read('Lung SCC, inoperable due to COPD, SBRT given.').patient.resectable).toBeUndefined();
    expect(read('Pancreatic cancer, inoperable due to vascular encasement.').patient.resectable).toBe(false);
  });

  it('a denial fused to its adjective denies nothing after it ("non operabile per BPCO: SBRT")', () => {
    expect(drugs('Carcinoma polmonare cT1b N0, non operabile per cardiopatia: SBRT 60 Gy nel 2023.')).toContain('radiotherapy');
  });

  it('a score after another marker is that marker’s, not HER2’s', () => {
    const her2 = read('Adenocarcinoma gastrico HER2 negativo, FGFR2b sovraespresso (IHC 2+ nel 30%), metastasi epatiche.').patient.biomarkers.find(
      (b) => b.name === 'HER2',
    );
    expect(her2?.value).toBe('negative');
    expect(her2?.ihcScore).toBeUndefined();
  });

  it('the bracketed score after a HER2 status and a status with its percentage are read', () => {
    const { patient } = read('Carcinoma duttale, HER2 positivo (3+), ER+ 80%.');
    expect(patient.biomarkers.find((b) => b.name === 'HER2')?.ihcScore).toBe('3+');
    expect(patient.biomarkers.find((b) => b.name === 'ER')?.percent).toBe(80);
  });

  it('promoter methylation of an MMR gene is no alteration of the gene', () => {
    for (const text of ['Colon ca, dMMR (MLH1 promoter hypermethylation).', 'Cáncer de colon dMMR por hipermetilación de MLH1.']) {
      expect(read(text).patient.alterations.map((a) => a.gene)).not.toContain('MLH1');
    }
  });

  it('an imaging study before "no" is the subject, not a gene the denial is about', () => {
    expect(read('Adenocarcinoma de próstata cT2 N0. La PET-PSMA no muestra metástasis.').patient.metastatic).not.toBe(true);
    expect(read('Carcinoma prostatico, la RM non mostra metastasi.').patient.metastatic).not.toBe(true);
  });
});

describe('alterations: the kind written before a list, in Italian, by origin or by fusion notation', () => {
  const alt = (t: string, gene: string) => read(t).patient.alterations.find((a) => a.gene === gene);
  it('a list shares the predicate written before its first member', () => {
    expect(alt('Carcinoma neuroendocrino, mutaciones en PTEN y TP53.', 'TP53')?.category).toBe('mutation');
    expect(alt('NGS: mutations in ARID1A and KRAS.', 'KRAS')?.category).toBe('mutation');
  });
  it('"variante patogenetica" is a variant', () => {
    expect(alt('Ca ovarico, variante patogenetica germinale BRCA2.', 'BRCA2')).toMatchObject({ category: 'mutation', origin: 'germline' });
  });
  it('a germline gene named bare is the inherited variant', () => {
    expect(alt('Colon cancer, Lynch syndrome (germline MLH1).', 'MLH1')).toMatchObject({ category: 'mutation', origin: 'germline' });
  });
  it('"DRIVER-PARTNER" is a fusion of the driver', () => {
    expect(alt('Cholangiocarcinoma with an FGFR2-BICC1 rearrangement on NGS.', 'FGFR2')?.category).toBe('fusion');
    expect(alt('Urothelial ca, FGFR3-TACC3 on RNA sequencing.', 'FGFR3')?.category).toBe('fusion');
  });
});

describe('the diagnosis: the subtype the line names, not the disease it arose in', () => {
  it.each([
    ['Ha un carcinoma anaplastico della tiroide insorto su carcinoma papillare, TP53 mutato.', 'THAP'],
    ['Anaplastic thyroid carcinoma arising in a papillary thyroid carcinoma.', 'THAP'],
    ['Cáncer de cérvix adenoescamoso, estadio IIB.', 'CEAS'],
    ['Carcinoma a piccole cellule della cervice uterina, FIGO IB3.', 'SCCE'],
    ['Adenocarcinoma de células claras del cuello uterino.', 'CECC'],
    ['Carcinoma squamoso della vescica, cT3 N0.', 'BLSC'],
    ['Small cell carcinoma of the bladder, cT2.', 'SCBC'],
    ['Carcinoma oncocitico della tiroide, tiroidectomia totale.', 'THHC'],
    ['Carcinoma tiroideo poco differenziato, mts polmonari.', 'THPD'],
    ['HLRCC with a left renal mass, FH germline variant.', 'FHRCC'],
    ['Carcinoma ductal y lobulillar de mama, pT2.', 'MDLC'],
  ])('%s -> %s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });

  it('"TT" is a total thyroidectomy', () => {
    expect(drugs('Papillary thyroid cancer, s/p TT + RAI 2021.')).toContain('surgery');
  });
});

describe('shorthand of the diagnosis, the stage and the sex', () => {
  it.each([
    ['ADC gástrico EIV, mujer 60a.', 'STAD'],
    ['Cx SCC FIGO IIB, 45F.', 'CESC'],
    ['CU vesical cT2, varón 70a.', 'BLCA'],
    ['Adenoca polmonare, EGFR L858R.', 'LUAD'],
    ['Adenocarcinoma mucinoso de recto, cT3.', 'READ'],
    ['Carcinomi renali a cellule chiare bilaterali.', 'CCRCC'],
  ])('%s -> %s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });
  it('"EIV" is stage IV, and its bracketed sites are metastases', () => {
    const { patient } = read('ADC gástrico EIV (hígado, peritoneo), mujer 60a.');
    expect(patient.stage).toBe('IV');
    expect(patient.metastasisSites).toEqual(expect.arrayContaining(['liver', 'peritoneum']));
  });
  it('"Sr." is a man, "Sra." a woman', () => {
    expect(read('Le remito al Sr. Pérez, de 70 años, con cáncer de colon.').patient.gender).toBe('male');
    expect(read('Le remito a la Sra. Pérez, de 70 años, con cáncer de colon.').patient.gender).toBe('female');
  });
  it('"recidivado" is recurrent', () => {
    expect(read('Carcinoma de cérvix recidivado, mts pulmonares.').patient.recurrent).toBe(true);
  });
});

describe('sites of spread', () => {
  const sites = (t: string) => read(t).patient.metastasisSites;
  it.each([
    ['Renal cell carcinoma pT3 N0 M0, nephrectomy 2022. Bone recurrence (L2) 2024.', ['bone']],
    ['Colon cancer resected 2021. Recurrence in 2024 in the liver and lungs.', ['liver', 'lung']],
    ['Carcinoma uroteliale mts (linfonodi pelvici + polmone).', ['lymph_node', 'lung']],
    ['Cáncer de tiroides, mts pulmonares + adenopatías mediastínicas.', ['lung', 'lymph_node']],
    ['Carcinoma del colon, mts ovariche e peritoneali.', ['ovary', 'peritoneum']],
    ['Carcinoma renale, ora nuova lesione surrenalica.', ['adrenal']],
  ])('%s', (text, expected) => {
    expect(sites(text)).toEqual(expect.arrayContaining(expected));
  });
  it('the recurrence word after a site is still a recurrence, and the M0 of diagnosis does not undo it', () => {
    const { patient } = read('Renal cell carcinoma pT3 N0 M0, nephrectomy 2022. Bone recurrence (L2) 2024.');
    expect(patient.recurrent).toBe(true);
    expect(patient.metastatic).toBe(true);
  });
});

describe('courses: their cue, outcome and line', () => {
  it.each([
    ['SCLC limited stage. Concurrent cisplatin-etoposide with thoracic RT.', ['cisplatin', 'etoposide']],
    ['Carcinoma de vejiga, RTU + instilación única de epirubicina.', ['epirubicin']],
    ['Epatocarcinoma, ha sospeso sorafenib dopo 3 settimane per tossicità.', ['sorafenib']],
    ['mCRPC, doce x6 → PSA rising.', ['docetaxel']],
    ['Cáncer de recto, amputación abdominoperineal en 2024.', ['surgery']],
  ])('%s', (text, given) => {
    expect(drugs(text)).toEqual(expect.arrayContaining(given));
  });
  it('an outcome written later in the course’s sentence is its outcome; a denied one is not', () => {
    const progressed = (t: string) => read(t).patient.priorTreatments.find((x) => x.name === 'pembrolizumab')?.progressed;
    expect(progressed('NSCLC. Recibió pembrolizumab en monoterapia en primera línea durante 14 meses, con progresión ósea.')).toBe(true);
    expect(progressed('NSCLC. Recibió pembrolizumab en primera línea durante 14 meses, sin progresión.')).toBeUndefined();
  });
  it('the line written after "en monoterapia" is the course’s', () => {
    expect(read('NSCLC. Recibió pembrolizumab en monoterapia en primera línea.').patient.priorTreatments[0]?.line).toBe(1);
  });
  it('the next line after the last that progressed, with no outcome, is the line under way', () => {
    expect(read('Ca mama. 1ª L letrozol + palbociclib → PD; 2ª L capecitabina desde 03/2025.').patient.priorLines).toBe(1);
    expect(read('mCRC. 1L FOLFOX → PD. 2L FOLFIRI → PD. 3L regorafenib since May.').patient.priorLines).toBe(2);
  });
});

describe('values written with words around them, grades and responses', () => {
  const marker = (t: string, name: string) => read(t).patient.biomarkers.find((b) => b.name === name)?.value;
  it('a marker with a word of trend or time before its value', () => {
    expect(marker('MTC, calcitonin has risen from 300 to 1,200 pg/mL.', 'Calcitonin')).toBe('1200');
    expect(marker('Carcinoma midollare, calcitonina postoperatoria 40 pg/ml.', 'Calcitonin')).toBe('40');
    expect(marker('CPRC, PSA estable (4,2 ng/ml).', 'PSA')).toBe('4.2');
  });
  it('a bracketed aside between T and N does not cut the TNM', () => {
    expect(read('Adenocarcinoma del retto cT4b (infiltrazione prostatica) N1 M0.').patient.tnm).toMatchObject({ t: '4b', n: '1', m: '0' });
  });
  it('brain metastases with their radiosurgery in brackets are treated', () => {
    expect(read('NSCLC, 2 brain mets (SRS 03/25), EGFR L858R.').patient.brainMetastasesTreated).toBe(true);
  });
  it.each([
    ['Grade 3 invasive ductal carcinoma of the breast, pT1c.', 'high'],
    ['Carcinoma mammario, G3, pT2 pN1.', 'high'],
    ['Carcinoma mammario, G1, pT1b.', 'low'],
  ])('%s -> grade %s', (text, grade) => {
    expect(read(text).patient.tumorGrade).toBe(grade);
  });
  it('a toxicity grade is no tumour grade', () => {
    expect(read('Epatocarcinoma, sorafenib sospeso per sindrome mano-piede G3.').patient.tumorGrade).toBeUndefined();
  });
  it.each([
    ['mCRC, 1L FOLFOX x6 → RP, ora in mantenimento.', 'responding'],
    ['Carcinoma urotelial, 1L enfortumab en curso con respuesta ganglionar.', 'responding'],
    ['VHL, belzutifan da 10 mesi con riduzione delle lesioni renali.', 'responding'],
    ['Thyroid ca, 1L lenvatinib since 03/25, SD, BP controlled.', 'stable'],
    ['Hepatocarcinoma, hepatectomía en 2024. Sin recidiva a los 12 meses.', 'no_evidence'],
    ['Cáncer de cérvix operado. En el PET de control no hay evidencia de enfermedad.', 'no_evidence'],
  ])('%s -> %s', (text, status) => {
    expect(read(text).patient.diseaseStatus).toBe(status);
  });
  it('a denied local recurrence in a metastatic line is no "no evidence of disease"', () => {
    expect(read('Liver mets from colon cancer, no local recurrence.').patient.diseaseStatus).toBeUndefined();
  });
  it('a denied recurrence that says less, or in a line with active disease, is no "no evidence of disease"', () => {
    expect(read('Varón 67a, CPRC no metastásico, PSA 12. Sin recidiva local.').patient.diseaseStatus).toBeUndefined();
    expect(read('Carcinoma renale, nefrectomia 2020. Nessuna recidiva fino al 2024.').patient.diseaseStatus).toBeUndefined();
    expect(read('Colon ca, no recurrence. Now PD with rising CEA.').patient.diseaseStatus).toBe('progressive');
  });
  it('"5FU" is fluorouracil', () => {
    expect(drugs('mCRC, s/p 5FU-bev.')).toEqual(expect.arrayContaining(['fluorouracil', 'bevacizumab']));
  });
});

describe('no treatment for metastatic disease, iodine uptake, lists of sites, HER2 amplified', () => {
  it.each([
    ['Carcinoma mammario recidivato con metastasi ossee. Nessun trattamento per la malattia metastatica finora.', 0],
    ['HCC, BCLC C. He has had no systemic therapy.', 0],
    ['Cáncer de colon con mts hepáticas, sin tratamiento sistémico para la enfermedad metastásica.', 0],
  ])('%s -> %s prior lines', (text, n) => {
    expect(read(text).patient.priorLines).toBe(n);
  });
  it('metastases that do not take up iodine are radioiodine-refractory', () => {
    expect(read('Carcinoma papilar de tiroides, metástasis pulmonares que no captan yodo.').patient.raiRefractory).toBe(true);
    expect(read('Follicular thyroid cancer, lung mets that do not take up radioiodine.').patient.raiRefractory).toBe(true);
  });
  it.each([
    ['Thyroid ca, lung + pelvic bone mets.', ['lung', 'bone']],
    ['Cervical ca. 10/25 recurrence: para-aortic + supraclav nodes and lung nodules.', ['lymph_node', 'lung']],
    ['CPNM EIV, mts cerebrales múltiples asintomáticas no tratadas + óseas.', ['brain', 'bone']],
    ['ADC gástrico EIV (hígado, ovario - Krukenberg).', ['liver', 'ovary']],
  ])('%s', (text, sites) => {
    expect(read(text).patient.metastasisSites).toEqual(expect.arrayContaining(sites));
  });
  it('"HER2-amplified (IHC 3+)" states the score and the gene’s amplification', () => {
    const { patient } = read('Rectal cancer, RAS wild-type, HER2-amplified (IHC 3+).');
    expect(patient.alterations).toContainEqual(expect.objectContaining({ gene: 'ERBB2', category: 'amplification' }));
    expect(patient.biomarkers.find((b) => b.name === 'HER2')?.ihcScore).toBe('3+');
  });
});

describe('words near the new rules that state nothing more', () => {
  it('"progression-free survival" is no progression of the course', () => {
    const { patient } = read('NSCLC, 1L pembrolizumab with progression-free survival of 14 months.');
    expect(patient.priorTreatments[0]?.progressed).toBeUndefined();
  });
  it('"in response to" is no response of the disease', () => {
    expect(read('NSCLC stage IV, dose reduced in response to toxicity.').patient.diseaseStatus).toBeUndefined();
  });
  it('an organ named after "cancer of the", with its histology apart', () => {
    expect(read('Cancer of the bladder, urothelial, pT2.').patient.oncotreeCode).toBe('BLCA');
  });
});

describe('Spanish site phrases', () => {
  it('a two-word place in brackets after a site does not end the list', () => {
    expect(read('Carcinoma lobulillar, recidiva ósea (columna dorsal) y pleural en 2025.').patient.metastasisSites).toEqual(
      expect.arrayContaining(['bone', 'pleura']),
    );
  });
  it('positive peritoneal cytology is peritoneal spread; a denied one is not', () => {
    expect(read('Carcinoma gástrico cT4a N2, citología peritoneal positiva.').patient.metastasisSites).toContain('peritoneum');
    expect(read('Gastric cancer cT3 N1, no positive peritoneal cytology.').patient.metastasisSites).toEqual([]);
  });
  it('"no músculo-infiltrante" is non-muscle-invasive, local disease', () => {
    expect(read('Carcinoma urotelial de vejiga no músculo-infiltrante pT1 de alto grado.').patient.metastatic).toBe(false);
  });
});

describe('probe lines after the s7 mechanisms', () => {
  it('"with response assessment pending" is no response', () => {
    expect(read('mCRC, 1L FOLFOX with response assessment pending.').patient.diseaseStatus).toBeUndefined();
  });
  it('"Ca urotelial" (Spanish) is urothelial carcinoma', () => {
    expect(read('Ca urotelial, EV-pembro con respuesta parcial.').patient.oncotreeCode).toBe('BLCA');
  });
});

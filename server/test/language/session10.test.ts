import { drugs, read } from './read';

/**
 * Session 10 (issue 25): general mechanisms found by reading the misses, wrong and invented facts of the s9 lines —
 * each tested on sentences written for this file (not the benchmark's), in en/es/it.
 */

describe('a treatment declined, avoided or proposed is not given', () => {
  it.each([
    ['Metastatic melanoma, on dabrafenib + trametinib after declining immunotherapy.', 'immunotherapy'],
    ['Rectal cancer dMMR, on dostarlimab; we hope to avoid chemoradiation and surgery.', 'radiotherapy'],
    ['Rectal cancer dMMR, on dostarlimab; we hope to avoid chemoradiation and surgery.', 'surgery'],
    ['Cáncer de colon con mts hepáticas, FOLFOX x6 con respuesta; se propone hepatectomía y colectomía.', 'surgery'],
    ['Carcinoma renal, inicia sunitinib tras rechazando la nefrectomía.', 'surgery'],
    ['Ca del retto, in corso pembrolizumab per evitare la chirurgia.', 'surgery'],
  ])('%s (not %s)', (text, drug) => {
    expect(drugs(text)).not.toContain(drug);
  });
  it('the course actually given is still read', () => {
    expect(drugs('Metastatic melanoma, on dabrafenib + trametinib after declining immunotherapy.')).toEqual(
      expect.arrayContaining(['dabrafenib', 'trametinib']),
    );
  });
});

describe('a pathological complete response is a finding of the specimen, not the disease responding now', () => {
  it.each([
    'Breast cancer, neoadjuvant TCHP then surgery with pathological complete response (ypT0 ypN0).',
    'Cáncer de pulmón, quimioinmunoterapia neoadyuvante y lobectomía con respuesta patológica completa.',
    'Ca gastrico, FLOT perioperatorio e gastrectomia con risposta patologica completa.',
  ])('%s', (text) => {
    expect(read(text).patient.diseaseStatus).not.toBe('responding');
  });
  it('a complete response of the disease is still a response', () => {
    expect(read('Metastatic NSCLC on pembrolizumab with complete response.').patient.diseaseStatus).toBe('responding');
    expect(read('Ca polmonare metastatico, pembrolizumab con risposta completa.').patient.diseaseStatus).toBe('responding');
  });
});

describe('diseases written the short way or in es/it', () => {
  it.each([
    ['Carcinoma misto duttale-lobulare della mammella dx, pT1c pN0.', 'MDLC'],
    ['Mixed ductal/lobular carcinoma of the breast, ER+.', 'MDLC'],
    ['Carcinoma mixto ductal-lobulillar de mama, RE 90%.', 'MDLC'],
    ['mRCC cc, 1L nivo-ipi.', 'CCRCC'],
    ['Dos carcinomas renales de células claras bilaterales.', 'CCRCC'],
    ['CR papilar mts, 2ª L cabozantinib.', 'PRCC'],
    ['Carcinoma neuroendocrino della prostata dopo enzalutamide.', 'PRNE'],
    ['Neuroendocrine prostate cancer after abiraterone, liver mets.', 'PRNE'],
    ['Carcinoma fibrolamelar del hígado, 8 cm.', 'FLC'],
    ['Ca papillare della tiroide, RAI-refrattario.', 'THPA'],
  ])('%s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });
  it('CaP is prostate cancer; mTNBC is metastatic triple-negative breast cancer', () => {
    expect(read('CaP de alto riesgo, 70 años.').patient.focusArea).toBe('prostate');
    const p = read('49F mTNBC, liver mets.').patient;
    expect([p.focusArea, p.metastatic]).toEqual(['breast', true]);
  });
});

describe('drugs newer than the drug vocabulary', () => {
  it.each([
    ['HER2+ biliary tract cancer, started zanidatamab in 2L.', 'zanidatamab'],
    ['Mama HR+, inicia datopotamab deruxtecán.', 'datopotamab deruxtecan'],
    ['NMIBC BCG-unresponsive, in corso nadofaragene firadenovec.', 'nadofaragene firadenovec'],
    ['Ovarian cancer FRα-high, on mirvetuximab soravtansine.', 'mirvetuximab soravtansine'],
    ['NSCLC, 1L ivonescimab dal 03/2025.', 'ivonescimab'],
  ])('%s', (text, drug) => {
    expect(drugs(text)).toContain(drug);
  });
});

describe('a GnRH agonist or antagonist given for prostate cancer is androgen deprivation', () => {
  it.each([
    'Prostate adenocarcinoma, started degarelix last week.',
    'Cáncer de próstata, inicia triptorelina + RT radical.',
    'Carcinoma prostatico, leuprorelina dal 2022.',
    'Prostate cancer, EBRT 70 Gy with 6 months of goserelin.',
  ])('%s', (text) => {
    expect(drugs(text)).toContain('adt');
  });
  it('not for breast cancer, where it is ovarian suppression', () => {
    expect(drugs('Breast cancer, premenopausal, on goserelin + exemestane.')).not.toContain('adt');
  });
  it('ADT spelled out by its drug in brackets stays one course with the drug joined after it', () => {
    expect(drugs('mHSPC, 70 aa. ADT (triptorelina) + apalutamide da 4 mesi.')).toEqual(expect.arrayContaining(['adt', 'triptorelin', 'apalutamide']));
  });
});

describe('a course followed by its outcome after an arrow was given', () => {
  it.each([
    ['mCRPC. Enzalutamide → PD.', 'enzalutamide'],
    ['CPRC. Abiraterone (CPHS) → progresión.', 'abiraterone'],
    ['Ca ovarico. Olaparib → SD.', 'olaparib'],
  ])('%s', (text, drug) => {
    expect(drugs(text)).toContain(drug);
  });
});

describe('procedures written the short way', () => {
  it.each([
    ['Prostate cancer, EBRT 78 Gy in 2023.', 'radiotherapy'],
    ['Early gastric cancer, ESD in 2024, margins free.', 'surgery'],
    ['Carcinoma de cérvix IA1, conización en 2025.', 'surgery'],
    ['Adenocarcinoma gastrico, resecato con dissezione endoscopica sottomucosa.', 'surgery'],
  ])('%s', (text, drug) => {
    expect(drugs(text)).toContain(drug);
  });
});

describe('a progression written as the next course cue, and one carried along a chain', () => {
  it('"en 3ª línea con X desde … tras progresión a Y (1ª) y Z (2ª)": X is under way, two prior lines', () => {
    const p = read('Cáncer de colon metastásico, en 3ª línea con regorafenib desde 10/2025 tras progresión a FOLFOX (1ª) y FOLFIRI (2ª).').patient;
    expect(p.priorLines).toBe(2);
  });
  it('"in III linea con X dal … dopo progressione a Y (I) e Z (II)"', () => {
    const p = read('Ca del colon metastatico, in III linea con regorafenib dal 09/2025 dopo progressione a FOLFOX (I linea) e FOLFIRI (II linea).').patient;
    expect(p.priorTreatments.find((t) => t.name === 'regorafenib')?.progressed).toBeUndefined();
  });
  it('"progressed after first-line X and then on second-line Y": both lines progressed', () => {
    const p = read(
      'mBC. She progressed after 14 months of first-line ribociclib with anastrozole and then on second-line fulvestrant. Started capecitabine last week.',
    ).patient;
    expect(p.priorLines).toBe(2);
    expect(p.priorTreatments.find((t) => t.name === 'fulvestrant')?.progressed).toBe(true);
  });
});

describe('sites of spread written in lists', () => {
  const sites = (t: string) => read(t).patient.metastasisSites;
  it.each([
    ['mCRPC, mts ossee costali + linfonodi iliaci.', ['bone', 'lymph_node']],
    ['Ca renale mts, mts ossee (L2, RT 8 Gy) + surrene dx.', ['bone', 'adrenal']],
    ['Adenocarcinoma del colon metastatico al fegato e al polmone.', ['liver', 'lung']],
    ['Metastatic gastric cancer involving the liver and peritoneum.', ['liver', 'peritoneum']],
    ['NSCLC, brain (2 lesions, asymptomatic) + bone mets.', ['brain', 'bone']],
    ['Cáncer de próstata, recidiva bioquímica con una adenopatía obturatriz en PET.', ['lymph_node']],
    ['Carcinoma della cervice FIGO IIIC1, linfonodi pelvici positivi.', ['lymph_node']],
  ])('%s', (text, expected) => {
    expect(sites(text)).toEqual(expect.arrayContaining(expected as string[]));
  });
  it('a treatment inside the bracket of a site list is still read', () => {
    expect(drugs('Ca renale mts, mts ossee (L2, RT 8 Gy) + surrene dx.')).toContain('radiotherapy');
  });
  it('a denied adenopathy is no site', () => {
    expect(sites('Ca del polmone, nessuna adenopatia mediastinica alla PET.')).not.toContain('lymph_node');
  });
  it('brain metastases "(…, untreated)" / "(…, mai trattate)" are untreated, and the patient is not treatment-naive for it', () => {
    const p = read('NSCLC, brain (2 lesions, untreated) + liver mets.').patient;
    expect(p.brainMetastasesTreated).toBe(false);
    expect(p.priorLines).toBeUndefined();
    expect(read('Ca mammario, mts cerebrali (4 lesioni, mai trattate).').patient.brainMetastasesTreated).toBe(false);
  });
});

describe('the disease status written the short way', () => {
  it.each([
    ['Carcinoma urotelial pTa, RTU en 2023. Sin recidiva en la última cistoscopia (06/2025).', 'no_evidence'],
    ['Carcinoma renale pT1b, nefrectomia nel 2023. Nessuna recidiva alla TC del 2025.', 'no_evidence'],
    ['Colon cancer pT3N0, hemicolectomy 2022. No recurrence on the latest CT.', 'no_evidence'],
    ['CU mts, 1ª L cisplatino-gemcitabina x4 → EE → avelumab.', 'stable'],
    ['CMT mts, 1ª L vandetanib desde 2023 con RP mantenida.', 'responding'],
    ['Rectal cancer dMMR on dostarlimab with a marked clinical response.', 'responding'],
  ])('%s', (text, status) => {
    expect(read(text).patient.diseaseStatus).toBe(status);
  });
});

describe('albumin written "Alb"', () => {
  it.each(['HCC, Alb 3.2, Bili 1.1.', 'CHC, Alb 3,2. Bili 1,1.', 'HCC, Alb 3,2; bili 1,1.'])('%s', (text) => {
    expect(read(text).patient.labs).toContainEqual(expect.objectContaining({ analyte: 'albumin', value: 3.2 }));
  });
});

describe('HER2 ISH written "non-amplified"', () => {
  it.each([
    'HER2 IHC 2+/ISH non-amplified mBC.',
    'HER2 2+ (IHC), ISH not-amplified, metastatic breast cancer.',
    'Breast cancer, HER2 2+/ISH unamplified, bone mets.',
  ])('%s', (text) => {
    const her2 = read(text).patient.biomarkers.find((b) => b.name === 'HER2');
    expect(her2?.ish).toBe('not_amplified');
  });
});

describe('the grade written as a comma item or as differentiation', () => {
  it.each([
    ['Breast IDC, pT2 pN1a M0, grade 3, ER 90%.', 'high'],
    ['Carcinoma ductal infiltrante, pT1c, grado 1, RE 95%.', 'low'],
    ['Adenocarcinoma del colon ben differenziato, pT2 N0.', 'low'],
    ['Well-differentiated gastric adenocarcinoma, pT1b N0.', 'low'],
  ])('%s', (text, grade) => {
    expect(read(text).patient.tumorGrade).toBe(grade);
  });
  it('a toxicity grade and a well-differentiated thyroid cancer are no tumour grade', () => {
    expect(read('mCRC on FOLFOX, neuropathy grade 3 ongoing.').patient.tumorGrade).toBeUndefined();
    expect(read('Carcinoma tiroideo ben differenziato, RAI-refrattario.').patient.tumorGrade).toBeUndefined();
  });
});

describe('FIGO stage with its edition year', () => {
  it.each([
    ['Cervical SCC, FIGO 2018 IIIC2p.', 'IIIC2'],
    ['Carcinoma de cérvix FIGO 2018 IB2, 3 cm.', 'IB2'],
    ['Ca cervice, FIGO 2009 IIB.', 'IIB'],
  ])('%s', (text, stage) => {
    expect(read(text).patient.stage).toBe(stage);
  });
});

describe('a drug given with radiation, and courses given by their schedule', () => {
  it.each([
    ['Cérvix IIIB, completó radioquimioterapia (50,4 Gy con cisplatino semanal).', 'cisplatin'],
    ['Ca cervice IIB, trattata nel 2022 con chemioradioterapia esclusiva con cisplatino.', 'cisplatin'],
    ['Cervical cancer, definitive chemoradiation (50.4 Gy with weekly cisplatin).', 'cisplatin'],
    ['NMIBC HG, BCG induzione + 1 mantenimento → recidiva a 6 mesi.', 'bcg'],
    ['Carcinoma vesical T1 AG, BCG inducción → recidiva.', 'bcg'],
    ['HCC, 1L STRIDE since 05/2025.', 'durvalumab'],
  ])('%s', (text, drug) => {
    expect(drugs(text).map((d) => d.toLowerCase())).toContain(drug);
  });
});

describe('recurrence written as a verb; no therapy yet for it', () => {
  it('"recurred", "recidivó"', () => {
    expect(read('High-grade NMIBC that recurred 4 months after BCG.').patient.recurrent).toBe(true);
    expect(read('Carcinoma urotelial de alto grado que recidivó a los 6 meses de BCG.').patient.recurrent).toBe(true);
  });
  it.each([
    'Ca endometrio recidivato in sede vaginale e polmonare. Non ha ancora ricevuto terapie per la recidiva.',
    'Cáncer de cérvix recidivado en pulmón. No ha recibido aún tratamiento sistémico.',
    'Recurrent cervical cancer in the lung. She has not yet received systemic therapy.',
  ])('%s', (text) => {
    expect(read(text).patient.priorLines).toBe(0);
  });
});

describe('nodules or implants denied are a site free of spread; seen, they are not a site', () => {
  it.each([
    ['Gastric cancer, staging laparoscopy with no peritoneal nodules.', 'peritoneum'],
    ['Cáncer gástrico, sin nódulos peritoneales en la laparoscopia.', 'peritoneum'],
    ['Ca gastrico, nessun impianto peritoneale alla laparoscopia.', 'peritoneum'],
  ])('%s', (text, site) => {
    expect(read(text).patient.absentMetastasisSites).toContain(site);
  });
  it('a nodule seen is not a metastasis', () => {
    expect(read('NSCLC, 6 mm lung nodules, follow-up.').patient.metastasisSites).not.toContain('lung');
    expect(read('Ca gastrico, noduli peritoneali alla TC.').patient.metastasisSites).not.toContain('peritoneum');
  });
});

describe('treatments are denied by a word before them only, not by a result after them', () => {
  it.each([
    ['Carcinoma de cérvix IB1. Se realizó conización y biopsia de ganglio centinela negativa en 2025.', 'surgery'],
    ['Breast cancer, lumpectomy and SLNB negative in 2024.', 'surgery'],
    ['Ca cervice IA2, è stata eseguita conizzazione con margini negativi.', 'surgery'],
  ])('%s', (text, drug) => {
    expect(drugs(text)).toContain(drug);
  });
  it('a denial before it still denies', () => {
    expect(drugs('Metastatic NSCLC, never received immunotherapy, on docetaxel.')).not.toContain('immunotherapy');
    expect(drugs('Cáncer de colon, sin cirugía previa, FOLFOX en curso.')).not.toContain('surgery');
  });
});

describe('the line now written on its own, and lines written in brackets after progression', () => {
  it.each([
    ['mCRC, 3L: s/p FOLFOX (1L) and FOLFIRI-bev (2L). ECOG 1.', 2],
    ['Cáncer de colon metastásico, 4ª línea, varón 60a. Previos: FOLFOX, FOLFIRI, trifluridina-tipiracilo.', 3],
    ['CPRC, progresión bioquímica y radiológica tras abiraterona (1ª línea) y cabazitaxel (2ª).', 2],
    ['mCRPC, progressione biochimica dopo enzalutamide (I linea) e docetaxel (II linea).', 2],
  ])('%s', (text, n) => {
    expect(read(text).patient.priorLines).toBe(n);
  });
  it('drugs listed after "En primera línea recibió" share its line', () => {
    const c = read('Cáncer de mama HER2+. En primera línea recibió paclitaxel, trastuzumab y pertuzumab.').patient.priorTreatments;
    expect(c.filter((t) => t.line === 1).map((t) => t.name)).toEqual(expect.arrayContaining(['paclitaxel', 'trastuzumab', 'pertuzumab']));
  });
});

describe('nodes joined by "+" to a metastasis phrase', () => {
  it.each([
    ['Colangiocarcinoma, linfonodi ilari + mts polmonari.', ['lymph_node', 'lung']],
    ['CU vesical, adenopatías ilíacas + mts óseas.', ['lymph_node', 'bone']],
  ])('%s', (text, expected) => {
    expect(read(text).patient.metastasisSites).toEqual(expect.arrayContaining(expected as string[]));
  });
  it('the primary organ before "+ mts" is not a site', () => {
    expect(read('NSCLC, polmone dx + mts ossee.').patient.metastasisSites).not.toContain('lung');
  });
});

describe('fourth and fifth lines', () => {
  it.each([
    ['Ca ovarico, IV linea con gemcitabina dal 09/2025.', 3],
    ['mCRC, now 4L regorafenib.', 3],
    ['Cáncer de mama, 5ª línea con eribulina desde 10/2025.', 4],
  ])('%s', (text, n) => {
    expect(read(text).patient.priorLines).toBe(n);
  });
});

describe('a rising PSA series and new lesions are progression', () => {
  it.each([
    'mCRPC after docetaxel, PSA 22 → 75 ng/mL.',
    'CPRC tras abiraterona, PSA 4,1 → 19.',
    'mCRPC, PSA in aumento (12 → 40 ng/ml).',
    'NSCLC on osimertinib. CT 10/2025: new liver mets.',
    'Cáncer de mama en letrozol, nuevas metástasis óseas en la gammagrafía.',
    'Ca renale in sunitinib, nuova lesione surrenalica dx.',
  ])('%s', (text) => {
    expect(read(text).patient.diseaseStatus).toBe('progressive');
  });
  it.each([
    'mCRPC on lutetium-PSMA, PSA 120 → 8.',
    'mBC on letrozole + palbociclib, no new lesions on CT.',
    'NSCLC en osimertinib, ?nuevas lesiones hepáticas.',
    'Ca polmonare in osimertinib, nuove lesioni epatiche sospette.',
  ])('not: %s', (text) => {
    expect(read(text).patient.diseaseStatus).not.toBe('progressive');
  });
});

describe('"Ca polmonare" is lung cancer, its small-cell kind SCLC', () => {
  it('reads both', () => {
    expect(read('Ca polmonare, uomo 70 aa.').patient.oncotreeCode).toBe('LUNG');
    expect(read('Ca polmonare a piccole cellule, malattia estesa.').patient.oncotreeCode).toBe('SCLC');
  });
});

describe('"Ca <organ>" shorthand in es/it', () => {
  it.each([
    ['Ca renale a cellule chiare, nefrectomia 2022.', 'CCRCC'],
    ['Ca renal papilar, 2ª línea.', 'PRCC'],
    ['Ca renale, IMDC intermedio.', 'RCC'],
    ['Ca vescicale muscolo-infiltrante, cT2.', 'BLCA'],
    ['Ca prostatico, Gleason 4+3.', 'PROSTATE'],
    ['Ca gástrico HER2 positivo.', 'STAD'],
    ['Ca papilar de tiroides, RAI-refractario.', 'THPA'],
    ['Ca tiroideo midollare, RET M918T.', 'THME'],
    ['Ca retto cT3 N1, TNT.', 'READ'],
    ['Ca de recto medio, cT3.', 'READ'],
    ['Ca del colon-retto, RAS wt.', 'COADREAD'],
  ])('%s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });
  it('"<disease> mts" is metastatic disease', () => {
    expect(read('Ca renale mts, donna 62 aa.').patient.metastatic).toBe(true);
    expect(read('CHC mts, varón 58a.').patient.metastatic).toBe(true);
    expect(read('Ca prostatico, no mts.').patient.metastatic).not.toBe(true);
  });
});

describe('a response written after a course and its start date', () => {
  it.each(['mCRC MSI-H, on pembrolizumab since 2023, CR.', 'mUC, EV + pembro since 05/25, PR.'])('%s', (text) => {
    expect(read(text).patient.diseaseStatus).toBe('responding');
  });
  it('a receptor named PR is no response', () => {
    expect(read('Breast cancer, ER 90%, PR, HER2 negative.').patient.diseaseStatus).toBeUndefined();
  });
});

describe('conditional and hypothetical findings are not facts', () => {
  it('"eventuale osimertinib se EGFR mutato": the mutation is a condition', () => {
    expect(read('Ca polmone, in attesa di NGS; eventuale osimertinib se EGFR mutato.').patient.alterations).toEqual([]);
    expect(read('Adenocarcinoma polmonare, se ALK positivo alectinib.').patient.alterations).toEqual([]);
  });
  it('"X would be an option after progression", "sarebbe candidata … alla progressione": no progression now', () => {
    expect(read('HER2-low mBC on letrozole; T-DXd would be an option after progression.').patient.diseaseStatus).toBeUndefined();
    expect(read('Cáncer de mama en letrozol; sería candidata a T-DXd tras progresión.').patient.diseaseStatus).toBeUndefined();
  });
  it('a courteous "would" is no hypothesis', () => {
    expect(read('Dear Dr Lee, I would value your opinion on Mr B, 60, with NSCLC, EGFR L858R.').patient.alterations).toContainEqual(
      expect.objectContaining({ gene: 'EGFR', proteinChange: 'L858R' }),
    );
  });
  it('claudin 18.2 without a result is no gene alteration', () => {
    expect(read('Cáncer gástrico, HER2 negativo, CLDN18.2 pendiente.').patient.alterations).toEqual([]);
    expect(read('Gastric cancer, claudin 18.2 to be tested.').patient.alterations).toEqual([]);
  });
});

describe('a malignant pleural effusion is pleural disease', () => {
  it.each([
    'NSCLC stage IVA (malignant pleural effusion only), EGFR L858R.',
    'Adenocarcinoma de pulmón estadio IVA por derrame pleural maligno.',
    'Adenocarcinoma polmonare, versamento pleurico neoplastico.',
  ])('%s', (text) => {
    expect(read(text).patient.metastasisSites).toContain('pleura');
  });
  it('not when denied', () => {
    expect(read('NSCLC stage IIIA, no malignant pleural effusion.').patient.metastasisSites).not.toContain('pleura');
  });
});

describe('a progression given as the reason a course began, and the status said to be the present one', () => {
  it('"poi T-DXd in II linea per progressione epatica; attualmente stabile"', () => {
    const p = read('Ca mammario HER2+ metastatico, in I linea con THP, poi T-DXd in II linea per progressione epatica; attualmente stabile.').patient;
    expect(p.priorLines).toBe(1);
    expect(p.diseaseStatus).toBe('stable');
    expect(p.priorTreatments.find((t) => t.name === 'trastuzumab deruxtecan')?.progressed).toBeUndefined();
  });
  it('"currently stable" / "actualmente estable" after a past progression', () => {
    expect(read('mCRC, 1L FOLFOX → PD, 2L FOLFIRI-bev, currently stable.').patient.diseaseStatus).toBe('stable');
    expect(read('CCRm, 1ª L FOLFOX → progresión, 2ª L FOLFIRI, actualmente estable.').patient.diseaseStatus).toBe('stable');
  });
});

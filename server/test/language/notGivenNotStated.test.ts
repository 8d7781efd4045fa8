import { drugs, read, uncertain } from './read';

/**
 * Session 7 (issue 25): general mechanisms found by reading the invented and wrong facts of the s6 lines, each tested
 * on sentences written for this file (not the benchmark's).
 */

describe('a course planned, proposed, pending, offered or declined is not given, whatever its line or setting word', () => {
  it.each([
    ['Breast cancer, 2L eribulin awaiting insurance approval.', 'eribulin'],
    ['Colon cancer pT3N1. Adjuvant FOLFOX proposed but refused by the patient.', 'oxaliplatin'],
    ['Cáncer de pulmón, 2ª línea docetaxel pendiente de autorización.', 'docetaxel'],
    ['Carcinoma gastrico. Valutiamo ramucirumab in seconda linea.', 'ramucirumab'],
    ['Carcinoma renale operato. Stiamo valutando pembrolizumab adiuvante.', 'pembrolizumab'],
    ['Cervical cancer, booked for chemoradiation with cisplatin next week.', 'cisplatin'],
    ['Tumore del polmone: osimertinib in prima linea ancora da iniziare.', 'osimertinib'],
  ])('%s', (text, drug) => {
    expect(drugs(text)).not.toContain(drug);
  });

  it('the course given before it is still read, with its line', () => {
    const text = 'Gastric cancer, 1L FOLFOX → PD. 2L paclitaxel pending approval.';
    expect(drugs(text)).toEqual(expect.arrayContaining(['oxaliplatin', 'fluorouracil']));
    expect(drugs(text)).not.toContain('paclitaxel');
    expect(read(text).patient.priorTreatments[0].line).toBe(1);
  });

  it('a course given "de inducción y mantenimiento" is given', () => {
    expect(drugs('Vejiga NMIBC de alto grado, RTU y BCG de inducción y mantenimiento.')).toContain('BCG');
  });
});

describe('a question mark opening a phrase asks all of it', () => {
  it('"?3L regorafenib vs trifluridine": neither drug, nor the line', () => {
    const text = 'mCRC, 2L FOLFIRI → PD. ?3L regorafenib vs trifluridine.';
    const names = drugs(text);
    expect(names).not.toContain('regorafenib');
    expect(names).toContain('irinotecan');
    expect(uncertain(text).join(' ')).toContain('regorafenib');
  });

  it('lesions seen whose nature the next phrase questions are not metastases', () => {
    for (const text of [
      'Melanoma, CT: two lung nodules, ?mets; PET planned.',
      'Ca mammella, lesioni epatiche, sospette metastasi.',
      'Melanoma, CT: bone lesions, likely metastases.',
    ]) {
      const { patient } = read(text);
      expect(patient.metastatic).not.toBe(true);
      expect(patient.metastasisSites).toEqual([]);
    }
  });

  it('lesions with nothing questioning them are still read', () => {
    expect(read('Melanoma with liver lesions and bone mets.').patient.metastasisSites).toEqual(expect.arrayContaining(['bone']));
  });
});

describe('a risk of something is not that thing', () => {
  it.each([
    'Colon cancer pT4N2, resected, at high risk of recurrence.',
    'Carcinoma mammario operato, ad alto rischio di recidiva.',
    'Cáncer de pulmón resecado con alto riesgo de recaída.',
  ])('%s', (text) => {
    expect(read(text).patient.recurrent).toBeUndefined();
  });

  it('a recurrence stated is still read', () => {
    expect(read('Colon cancer, liver recurrence 2 years after surgery.').patient.recurrent).toBe(true);
  });
});

describe('an ISUP grade is a Gleason grade group of a prostate cancer only', () => {
  it('the renal (WHO/ISUP nuclear) grade is not a grade group', () => {
    const { patient, notUnderstood } = read('Chromophobe renal cell carcinoma, ISUP grade 2, pT2a.');
    expect(patient.gleasonGradeGroup).toBeUndefined();
    expect(notUnderstood.map((u) => u.text).join(' ')).toContain('ISUP');
  });
  it('the prostate ISUP grade is one', () => {
    expect(read('Acinar adenocarcinoma of the prostate, ISUP grade 4.').patient.gleasonGradeGroup).toBe(4);
  });
});

describe('values and names written the way letters and notes write them', () => {
  it('a serum marker series with its times: the last value is the current one', () => {
    expect(read('Prostate cancer, PSA 88 at diagnosis → 0.4 on ADT.').patient.biomarkers).toContainEqual(
      expect.objectContaining({ name: 'PSA', value: '0.4' }),
    );
    expect(read('Carcinoma prostatico, PSA alla diagnosi 14,5 ng/ml.').patient.biomarkers).toContainEqual(
      expect.objectContaining({ name: 'PSA', value: '14.5' }),
    );
    expect(read('Prostate cancer, PSA now 7.2 ng/mL.').patient.biomarkers).toContainEqual(expect.objectContaining({ name: 'PSA', value: '7.2' }));
  });

  it('the age apposed to a named patient', () => {
    expect(read('Mrs Hartley, 58, has metastatic breast cancer.').patient.age).toBe(58);
    expect(read('Sra. Martínez, 71, con cáncer de colon.').patient.age).toBe(71);
  });

  it('"Maschio" and "Femmina" state the sex', () => {
    expect(read('Maschio, 81 anni. Carcinoma della vescica.').patient.gender).toBe('male');
    expect(read('Femmina, 40 anni. Carcinoma della mammella.').patient.gender).toBe('female');
  });

  it('an urothelial carcinoma of the ureter or renal pelvis is an upper tract one, in the three languages', () => {
    for (const t of [
      'Urothelial carcinoma of the left renal pelvis, pT2.',
      'Carcinoma urotelial del uréter derecho.',
      "Carcinoma uroteliale dell'uretere sinistro.",
    ])
      expect(read(t).patient.oncotreeCode).toBe('UTUC');
  });

  it('a gene named bare as mutated and again with its variant is one finding, the variant', () => {
    const { patient } = read('Carcinoma medular de tiroides, síndrome MEN2B (mutación germinal RET M918T).');
    expect(patient.alterations.filter((a) => a.gene === 'RET')).toEqual([expect.objectContaining({ proteinChange: 'M918T' })]);
  });
});

describe('the count of prior lines from the numbered courses that ended', () => {
  it.each([
    ['Ca colon metastatico, FOLFIRI in prima linea con progressione, poi FOLFOX in seconda linea, PD.', 2],
    ['NSCLC IV, 1L carboplatin/pemetrexed → PD after 8 months.', 1],
    ['Cáncer gástrico, 1ª línea FOLFOX con progresión a los 6 meses.', 1],
  ])('%s', (text, n) => {
    expect(read(text).patient.priorLines).toBe(n);
  });

  it('a course under way, or a later course without its line number, leaves the count unknown', () => {
    expect(read('NSCLC IV, 1L osimertinib since 2024, responding.').patient.priorLines).toBeUndefined();
    expect(read('Breast cancer, TCHP first line with progression, then progressed on eribulin.').patient.priorLines).toBeUndefined();
  });

  it('a count written is never overridden', () => {
    expect(read('mCRC, 3 prior lines; FOLFOX 1L → PD.').patient.priorLines).toBe(3);
  });
});

describe('disease shorthand as notes write it', () => {
  it.each([
    ['mGC, HER2 neg, 1L FOLFOX.', 'STAD', true],
    ['mccRCC, IMDC favourable.', 'CCRCC', true],
    ['Mujer con CCR de células claras, nefrectomía.', 'CCRCC', undefined],
    ['Never smoker, lung adeno, EGFR L858R.', 'LUAD', undefined],
    ['CDT papilar, varón 50a, tiroidectomía.', 'THPA', undefined],
    ['Ca. de cérvix escamoso, FIGO IIB.', 'CESC', undefined],
    ['High-grade carcinoma in situ of the bladder, BCG-naive.', 'BLCA', undefined],
    ['Adenocarcinoma of the ascending colon, pT3 pN1.', 'COAD', undefined],
  ])('%s', (text, code, metastatic) => {
    const { patient } = read(text);
    expect(patient.oncotreeCode).toBe(code);
    expect(patient.metastatic).toBe(metastatic);
  });
});

describe('sites of spread as written in the three languages', () => {
  const sites = (t: string) => read(t).patient.metastasisSites;
  it('Italian feminine plurals and qualified nodes keep the list going', () => {
    expect(sites('Ca polmone, mts surrenaliche e pleuriche.')).toEqual(expect.arrayContaining(['adrenal', 'pleura']));
    expect(sites('Ca mammella, mts linfonodali ascellari e ossee.')).toEqual(expect.arrayContaining(['lymph_node', 'bone']));
    expect(sites('Ca polmone, 4 lesioni ossee.')).toEqual(['bone']);
  });
  it('a qualifier is no site: retroperitoneal nodes are nodes, not peritoneum', () => {
    expect(sites('Carcinoma renal metastásico (ganglios retroperitoneales, pulmón).')).toEqual(['lymph_node', 'lung']);
  });
  it('progression dated, then its sites; "metastatic … to the liver"; "(lung only)"', () => {
    expect(sites('NSCLC, 1L pembrolizumab, PD 03/2025 (liver, adrenal).')).toEqual(expect.arrayContaining(['liver', 'adrenal']));
    expect(sites('Metastatic papillary RCC to the lung.')).toEqual(['lung']);
    expect(sites('Metastatic colon cancer (liver only), RAS wild-type.')).toEqual(['liver']);
    expect(sites('Metastatic NSCLC (pleural effusion, bone).')).toEqual(expect.arrayContaining(['pleura', 'bone']));
  });
});

describe('a maintenance course belongs to the line it follows', () => {
  it.each([
    'Urothelial ca, 1L carboplatin/gemcitabine x4 → avelumab maintenance, PD after 5 months.',
    'Carcinoma urotelial, 1ª línea gemcitabina-cisplatino → mantenimiento con avelumab, progresión.',
  ])('%s', (text) => {
    const { patient } = read(text);
    expect(patient.priorTreatments).toContainEqual(expect.objectContaining({ name: 'avelumab', line: 1 }));
    expect(patient.priorLines).toBe(1);
  });
  it("the same drugs as maintenance carry the line's progression", () => {
    expect(read('NSCLC, 1L carbo/pem/pembro x4 → pem/pembro maint, PD 01/2025.').patient.priorLines).toBe(1);
  });
});

describe('courses as the three languages tell them', () => {
  it('a drug class and a drug joined by "+" are one course with its telling', () => {
    expect(drugs('mHSPC on ADT + enzalutamide since 2023, PSA 0.2, s/p ADT + docetaxel.')).toEqual(expect.arrayContaining(['adt', 'docetaxel']));
    expect(drugs('Prostate cancer, s/p ADT + abiraterone, then PD.')).toEqual(expect.arrayContaining(['adt', 'abiraterone']));
  });
  it('"progresó a" / "è progredito a" is a course given and failed', () => {
    const es = read('Cáncer de pulmón; progresó a carboplatino-pemetrexed en primera línea.').patient;
    expect(es.priorTreatments).toContainEqual(expect.objectContaining({ name: 'pemetrexed', line: 1, progressed: true }));
    expect(es.diseaseStatus).toBe('progressive');
    expect(read('Carcinoma del colon, è progredito a FOLFIRI in prima linea.').patient.diseaseStatus).toBe('progressive');
  });
  it('"adyuvancia con", "ha completado" tell a course given', () => {
    expect(drugs('Cáncer de mama operado. Adyuvancia con docetaxel-ciclofosfamida.')).toEqual(expect.arrayContaining(['docetaxel', 'cyclophosphamide']));
    expect(drugs('Cáncer gástrico, ha completado 3 ciclos de FLOT.')).toContain('docetaxel');
  });
});

it('Spanish and Italian drug names spelled without the Greek ph / cy are the drugs', () => {
  expect(drugs('Tras ciclofosfamida e ifosfamida, progresión.')).toEqual(expect.arrayContaining(['cyclophosphamide', 'ifosfamide']));
  expect(drugs('Dopo ciclofosfamide, progressione.')).toContain('cyclophosphamide');
});

describe('the scope of "if" and "negative" in letters', () => {
  it('a courtesy formula of a referral letter is no hypothetical', () => {
    const { patient } = read('I would be grateful if you could see Mr Lee, 60, with a germline BRCA1 pathogenic variant and ovarian cancer.');
    expect(patient.alterations).toContainEqual(expect.objectContaining({ gene: 'BRCA1', category: 'mutation', origin: 'germline' }));
  });
  it('a real hypothetical still is one', () => {
    expect(read('If you find a BRAF V600E mutation, call me.').patient.alterations).toEqual([]);
  });
  it('"triple-negative" denies no gene near it', () => {
    const { patient } = read('Germline PALB2 truncating variant and triple-negative breast cancer.');
    expect(patient.alterations).toContainEqual(expect.objectContaining({ gene: 'PALB2', category: 'mutation' }));
  });
  it('a gene denied by its own word still is ("triple-negative breast cancer, no BRCA1 mutation")', () => {
    expect(read('Triple-negative breast cancer, no BRCA1 mutation.').patient.alterations).toContainEqual(
      expect.objectContaining({ gene: 'BRCA1', category: 'wild_type' }),
    );
  });
});

describe('an exon event written before its gene', () => {
  it.each([
    ['Adenocarcinoma de pulmón con deleción del exón 19 de EGFR.', 'exon19del'],
    ["Adenocarcinoma polmonare con delezione dell'esone 19 di EGFR.", 'exon19del'],
    ['NSCLC with an exon 20 insertion in EGFR.', 'exon20ins'],
  ])('%s', (text, change) => {
    expect(read(text).patient.alterations).toContainEqual(expect.objectContaining({ gene: 'EGFR', proteinChange: change }));
  });
});

describe('a course under way that then progressed was given', () => {
  it('"in trattamento con crizotinib dal 2023, è ora in progressione"', () => {
    const { patient } = read('Adenocarcinoma polmonare ROS1, in trattamento con lorlatinib dal 2024, ora in progressione epatica.');
    expect(patient.priorTreatments).toContainEqual(expect.objectContaining({ name: 'lorlatinib', progressed: true }));
  });
  it('a course under way and responding was given (session 9), not progressed, and counts no prior line', () => {
    const { patient } = read('Adenocarcinoma polmonare, in trattamento con osimertinib, risposta parziale.');
    expect(patient.priorTreatments.map((t) => [t.name, t.progressed])).toEqual([['osimertinib', undefined]]);
    expect(patient.priorLines).toBeUndefined();
  });
});

describe('more of the way notes are written', () => {
  it('"both with progression" is the outcome of every course listed', () => {
    expect(read('Ca gastrico, FOLFOX in I linea, paclitaxel-ramucirumab in II linea, entrambi con progressione.').patient.priorLines).toBe(2);
    expect(read('HCC, sorafenib 1L, regorafenib 2L, both with PD.').patient.priorLines).toBe(2);
  });
  it('no treatment given / not yet started is treatment-naive, in en/es/it', () => {
    for (const t of [
      'Prostate cancer on surveillance, no treatment given.',
      'Carcinoma mammario, non ha ancora iniziato alcuna terapia.',
      'Cáncer de pulmón, aún no ha iniciado ningún tratamiento.',
    ])
      expect(read(t).patient.priorLines).toBe(0);
  });
  it('operations named the Spanish and Italian way', () => {
    for (const t of [
      'Carcinoma tiroideo, emitiroidectomia nel 2022.',
      'Cáncer de recto, escisión total del mesorrecto en 2023.',
      'Thyroid cancer, completion thyroidectomy 2021.',
    ])
      expect(drugs(t)).toContain('surgery');
  });
  it('a site list carries on past a bracketed aside; "LN" before "+" is nodes', () => {
    expect(read('Carcinoma de mama, metástasis óseas (columna, D10) y hepáticas.').patient.metastasisSites).toEqual(['bone', 'liver']);
    expect(read('mUC, LN + bone mets.').patient.metastasisSites).toEqual(expect.arrayContaining(['lymph_node', 'bone']));
  });
  it('a T category with its sub-sub-letter ("pT1b1", "pT1a2") is read whole', () => {
    expect(read('Cervical adenocarcinoma, FIGO IB1, pT1b1 pN0.').patient.tnm).toMatchObject({ prefix: 'p', t: '1b1', n: '0' });
  });
});

describe('courses and responses, continued', () => {
  it('a drug given again in another line is a course of its own', () => {
    const { patient } = read('mCRC, 1L CAPOX + bevacizumab → PD; 2L FOLFIRI + bevacizumab → PD.');
    const bev = patient.priorTreatments.filter((t) => t.name === 'bevacizumab').map((t) => t.line);
    expect(bev).toEqual([1, 2]);
    expect(patient.priorLines).toBe(2);
  });
  it('an ongoing or sustained response is responding', () => {
    expect(read('NSCLC ALK+, alectinib 1L with sustained response.').patient.diseaseStatus).toBe('responding');
    expect(read('Ca renale, I linea pembrolizumab-axitinib, risposta mantenuta.').patient.diseaseStatus).toBe('responding');
  });
  it('brain lesions said not yet treated are untreated', () => {
    expect(read('Metastatic NSCLC with brain mets. The brain lesions have not yet been treated.').patient.brainMetastasesTreated).toBe(false);
    expect(read('Ca mammella con metastasi cerebrali; le metastasi cerebrali non sono state trattate.').patient.brainMetastasesTreated).toBe(false);
  });
});

describe('a denial carried on by "ni" / "né" / "nor"', () => {
  it.each([
    'Cáncer de pulmón, sin mutaciones de EGFR ni reordenamientos de ALK.',
    'Carcinoma polmonare, nessuna mutazione di EGFR né riarrangiamenti di ALK.',
    'Lung adenocarcinoma with no EGFR mutation nor ALK fusion.',
  ])('%s: ALK is not rearranged', (text) => {
    const alk = read(text).patient.alterations.filter((a) => a.gene === 'ALK');
    expect(alk).toEqual([expect.objectContaining({ category: 'wild_type' })]);
  });
  it('a finding after a stated one is still read', () => {
    expect(read('Lung adenocarcinoma, KRAS G12C; ALK rearranged.').patient.alterations).toContainEqual(
      expect.objectContaining({ gene: 'ALK', category: 'fusion' }),
    );
  });
});

describe('"senza" denies, and an operation not performed was not given', () => {
  it('"recidiva locale senza metastasi a distanza" is not metastatic', () => {
    const { patient } = read('Carcinoma mammario, recidiva locale senza metastasi a distanza.');
    expect(patient.metastatic).toBe(false);
    expect(patient.recurrent).toBe(true);
  });
  it('"senza mutazioni di KRAS" is KRAS wild-type', () => {
    expect(read('Ca colon, senza mutazioni di KRAS.').patient.alterations).toEqual([expect.objectContaining({ gene: 'KRAS', category: 'wild_type' })]);
  });
  it.each([
    'Ca vescica cT2N0, cistectomia non eseguita per rifiuto.',
    'Bladder cancer cT2, cystectomy not performed (comorbidities).',
    'Cáncer de vejiga cT2, cistectomía no realizada.',
  ])('%s', (text) => {
    expect(drugs(text)).not.toContain('surgery');
  });
});

it('"compatible con" / "compatibili con" hedges a finding (radiology wording, es/it)', () => {
  for (const t of [
    'Cáncer de colon; nódulo pulmonar compatible con metástasis, pendiente de biopsia.',
    'Ca colon, lesioni epatiche compatibili con metastasi.',
  ]) {
    const { patient } = read(t);
    expect(patient.metastatic).not.toBe(true);
  }
});

it('a course stopped is given, in the plural too ("sospesi", "interrotte", "suspendidos")', () => {
  expect(drugs('Melanoma, dabrafenib + trametinib sospesi per tossicità.')).toEqual(expect.arrayContaining(['dabrafenib', 'trametinib']));
  expect(drugs('Melanoma, nivolumab e ipilimumab suspendidos por colitis.')).toEqual(expect.arrayContaining(['nivolumab', 'ipilimumab']));
});

it('the disease the line says is present is the diagnosis, not a past one treated before', () => {
  expect(read('Previous radiotherapy for Hodgkin lymphoma at 19; now 44F with breast cancer.').patient.oncotreeCode).toBe('BREAST');
  expect(read('Pregresso linfoma di Hodgkin trattato con RT; attualmente carcinoma polmonare metastatico.').patient.focusArea).toBe('lung');
});

it('a drug class named but not given is still no gene ("CDK4/6i-naive", "anti-EGFR refractory")', () => {
  expect(read('HR+ mBC, CDK4/6i-naive, bone mets.').patient.alterations).toEqual([]);
  expect(read('mCRC, anti-EGFR refractory.').patient.alterations).toEqual([]);
  expect(read('Dedifferentiated liposarcoma, CDK4 amplification.').patient.alterations).toContainEqual(
    expect.objectContaining({ gene: 'CDK4', category: 'amplification' }),
  );
});

it('"X in I linea" is the line of the course X, not the line the patient is in now', () => {
  const { patient } = read('Ca cervice IVB, pembrolizumab + chemio in I linea, poi tisotumab vedotin: PD.');
  expect(patient.priorLines).not.toBe(0);
  expect(patient.priorTreatments).toContainEqual(expect.objectContaining({ name: 'pembrolizumab', line: 1 }));
  expect(read('Carcinoma gastrico, ora in II linea.').patient.priorLines).toBe(1);
});

it('a PD-L1 score written as a range is no value ("TPS 50-60%", "TPS 1–49%")', () => {
  for (const t of ['NSCLC, PD-L1 TPS 50-60%.', 'NSCLC, TPS 1–49%.']) expect(read(t).patient.biomarkers.filter((b) => b.name === 'PD-L1')).toEqual([]);
  expect(read('NSCLC, PD-L1 TPS 55%.').patient.biomarkers).toContainEqual(expect.objectContaining({ name: 'PD-L1', value: '55', scale: 'TPS' }));
});

it('an age written as a range is no age', () => {
  expect(read('Age 60-65, female, breast cancer.').patient.age).toBeUndefined();
  expect(read('Age 62, female, breast cancer.').patient.age).toBe(62);
});

describe('a disease asked is no diagnosis; a time is no age', () => {
  it('"GIST?" and the alternative weighed against it ("HCC? vs cholangiocarcinoma") are asked', () => {
    expect(read('Donna 70 anni con GIST? Istologia in corso.').patient.oncotreeCode).toBeUndefined();
    expect(read('HCC? vs cholangiocarcinoma; liver mass 5 cm.').patient.oncotreeCode).toBeUndefined();
  });
  it('"2 años tras cirugía", "3 anni dopo", "2 years later" are times', () => {
    expect(read('Cáncer de mama, recaída axilar 2 años tras cirugía.').patient.age).toBeUndefined();
    expect(read('Carcinoma del colon operato, recidiva epatica 3 anni dopo.').patient.age).toBeUndefined();
    expect(read('Mujer de 52 años, recaída 2 años tras cirugía.').patient.age).toBe(52);
  });
});

it('"ClCr" is the creatinine clearance (Italian / Spanish order)', () => {
  expect(read('Carcinoma uroteliale, non candidabile a cisplatino (ClCr 40).').patient.labs).toContainEqual(
    expect.objectContaining({ analyte: 'creatinine_clearance', value: 40 }),
  );
});

describe('radioiodine: a property of the tumour is no dose given', () => {
  it('"RAI-avid" gives no radioiodine course', () => {
    expect(drugs('Poorly differentiated thyroid carcinoma, RAI-avid, no TKI.')).not.toContain('radioiodine');
  });
  it('refractory after a cumulative activity: radioiodine was given', () => {
    expect(drugs('Carcinoma follicolare, refrattario al radioiodio dopo attività cumulativa di 300 mCi.')).toContain('radioiodine');
    expect(drugs('Follicular thyroid ca, RAI-refractory after cum. activity 15 GBq.')).toContain('radioiodine');
  });
  it('RAI-refractory alone states refractoriness, not a course', () => {
    const { patient } = read('RAI-refractory papillary thyroid cancer, lung mets.');
    expect(patient.raiRefractory).toBe(true);
    expect(patient.priorTreatments).toEqual([]);
  });
});

describe('"PD" in "PD-L1" is no progression', () => {
  it.each([
    ['NSCLC stage IV, 1L pembrolizumab PD-L1 90%, ECOG 1.', 'pembrolizumab'],
    ['Carcinoma polmonare, I linea pembrolizumab (PD-L1 TPS 80%).', 'pembrolizumab'],
  ])('%s: a course under way, no prior line counted', (text, drug) => {
    const { patient } = read(text);
    expect(patient.priorTreatments.find((t) => t.name === drug)?.progressed).toBeUndefined();
    expect(patient.priorLines).toBeUndefined();
  });

  it('a course followed by PD still progressed', () => {
    expect(read('Lung adenocarcinoma, 1L pembrolizumab → PD.').patient.priorTreatments.find((t) => t.name === 'pembrolizumab')?.progressed).toBe(true);
  });
});

import { drugs, read } from './read';

/**
 * Session 9 (issue 25): the product's convention for a course under way, and general mechanisms found by reading the
 * misses, wrong and invented facts of the s8 lines — each tested on sentences written for this file (not the
 * benchmark's).
 */
const courses = (t: string) => read(t).patient.priorTreatments.map((x) => [x.name, x.line, x.progressed]);

describe('a course under way is a treatment received, not a completed line and not one that progressed', () => {
  it.each([
    ['Ovarian cancer, she started niraparib last month.', 'niraparib'],
    ['Melanoma BRAF V600K, began encorafenib 3 weeks ago.', 'encorafenib'],
    ['Mama luminal, inicia exemestano + everolimus.', 'exemestane'],
    ['Carcinoma renal, se inicia axitinib esta semana.', 'axitinib'],
    ['Carcinoma endometriale, ha iniziato dostarlimab a ottobre.', 'dostarlimab'],
    ['Carcinoma prostatico, si avvia oggi enzalutamide.', 'enzalutamide'],
    ['GIST gastrico, imatinib adyuvante en curso.', 'imatinib'],
    ['Carcinoma mammario, fulvestrant in corso.', 'fulvestrant'],
    ['Breast cancer, currently taking anastrozole.', 'anastrozole'],
    ['NSCLC, is on osimertinib with a good response.', 'osimertinib'],
    ['Ca polmonare, brigatinib dal 03/2024.', 'brigatinib'],
    ['Ca tiroideo, cabozantinib da 5 mesi.', 'cabozantinib'],
    ['Cáncer de colon, recibe capecitabina de mantenimiento.', 'capecitabine'],
  ])('%s', (text, drug) => {
    const c = read(text).patient.priorTreatments.find((t) => t.name === drug);
    expect(c).toBeDefined();
    expect(c?.progressed).toBeUndefined();
  });

  it('the line under way keeps its number; the lines before it are the prior ones', () => {
    expect(courses('mCRC. 1L FOLFIRI → PD. Now 2L capecitabine + bevacizumab.')).toContainEqual(['bevacizumab', 2, undefined]);
    expect(read('mCRC. 1L FOLFIRI → PD. Now 2L capecitabine + bevacizumab.').patient.priorLines).toBe(1);
    expect(read('Ca ovarico, I linea carboplatino-paclitaxel → PD, II linea → PD. Ora III linea gemcitabina da 2 sett.').patient.priorLines).toBe(2);
    expect(courses('Cáncer gástrico: progresión tras FOLFOX en 1ª línea; inicia irinotecán en 2ª línea.')).toContainEqual(['irinotecan', 2, undefined]);
  });

  it('a first line under way states no count of prior lines (the patient is on treatment, not naive)', () => {
    expect(read('Endometrial cancer, started first-line carboplatin-paclitaxel-dostarlimab in May.').patient.priorLines).toBeUndefined();
    expect(read('Ca renale, I linea cabozantinib + nivolumab in corso.').patient.priorLines).toBeUndefined();
  });

  it('an unnumbered course under way does not hide the count of the numbered lines that progressed', () => {
    expect(read('Ca prostata. 1L abiraterone → PD; 2L docetaxel → PD. Started cabazitaxel.').patient.priorLines).toBe(2);
  });

  it('"progressed on" is a past course, its "on" no cue of one under way', () => {
    expect(courses('NSCLC, progressed on osimertinib.')).toEqual([['osimertinib', undefined, true]]);
  });

  it('planned, proposed, discussed or waited-for courses stay not given', () => {
    for (const t of [
      'Ovarian cancer, will start niraparib next week.',
      'Cáncer renal, se plantea iniciar axitinib.',
      'Carcinoma endometriale, in attesa di iniziare dostarlimab.',
      'Carcinoma della vescica, sarà valutato per pembrolizumab adiuvante.',
      'Breast cancer, to start anastrozole after radiotherapy.',
    ])
      expect(drugs(t).filter((d) => d !== 'radiotherapy')).toEqual([]);
  });
});

describe('invented facts found on s8', () => {
  it('nodes denied are the staging’s N, not a distant site free of spread', () => {
    for (const t of [
      'Vulvar SCC 2 cm, CT shows no lymph node involvement.',
      'Carcinoma de endometrio, TC sin adenopatías patológicas.',
      'Carcinoma endometriale, PET senza linfonodi sospetti.',
    ])
      expect(read(t).patient.absentMetastasisSites ?? []).not.toContain('lymph_node');
    // a distant organ denied still is
    expect(read('Endometrial cancer, no lung metastases.').patient.absentMetastasisSites).toContain('lung');
  });

  it('an M0 of the staging at diagnosis says nothing of the disease after a recurrence', () => {
    expect(read('Anal SCC cT2 N0 M0 treated with chemoradiation in 2022; inguinal nodal relapse in 2025.').patient.metastatic).toBeUndefined();
    expect(read('Carcinoma de endometrio pT1b N0 M0, histerectomía 2021. Recidiva en la cúpula vaginal 2025.').patient.metastatic).toBeUndefined();
    // without a recurrence, or with the recurrence's own staging, the M0 stands
    expect(read('Anal SCC cT2 N0 M0, chemoradiation planned.').patient.metastatic).toBe(false);
    expect(read('Recurrent endometrial cancer, rT1 N0 M0.').patient.metastatic).toBe(false);
  });

  it('a plan word a few words after an operation: the operation is planned', () => {
    expect(drugs('Metastasi epatiche da colon, resezione epatica in due tempi in programma.')).not.toContain('surgery');
    expect(drugs('Liver mets from CRC, two-stage hepatectomy planned after 6 cycles.')).not.toContain('surgery');
    expect(drugs('Cáncer de recto, cirugía de rescate programada.')).not.toContain('surgery');
    // a course given, then another planned: the first stays given
    expect(drugs('mCRC, FOLFOX x6 then liver surgery planned.')).toContain('oxaliplatin');
  });
});

describe('wrong values found on s8', () => {
  const alt = (t: string, gene: string) =>
    read(t)
      .patient.alterations.filter((a) => a.gene === gene)
      .map((a) => a.proteinChange ?? a.category);
  it('"no special type" is the ductal carcinoma, before the in-situ component named with it', () => {
    expect(read('Carcinoma invasivo NST con componente di DCIS, mammella sx.').patient.oncotreeCode).toBe('IDC');
    expect(read('Invasive carcinoma of no special type with associated DCIS.').patient.oncotreeCode).toBe('IDC');
  });
  it('an upper-tract urothelial carcinoma with its grade between', () => {
    expect(read('Carcinoma urotelial de alto grado de la pelvis renal derecha.').patient.oncotreeCode).toBe('UTUC');
    expect(read("Carcinoma uroteliale di basso grado dell'uretere prossimale.").patient.oncotreeCode).toBe('UTUC');
  });
  it('plural and Spanish/Italian wild-type words', () => {
    for (const g of ['KRAS', 'NRAS', 'BRAF']) expect(alt('Adenocarcinoma del colon, KRAS/NRAS/BRAF negativi.', g)).toEqual(['wild_type']);
    expect(alt('Cáncer de pulmón, BRAF no alterado.', 'BRAF')).toEqual(['wild_type']);
    expect(alt('Carcinoma polmonare, MET non alterato.', 'MET')).toEqual(['wild_type']);
    expect(alt('Colon cancer, NRAS negativos.', 'NRAS')).toEqual(['wild_type']);
  });
  it('a never-smoker is no denial of the gene after it', () => {
    expect(alt('Never-smoker with lung adenocarcinoma and a KRAS G12C mutation.', 'KRAS')).toEqual(['G12C']);
    expect(alt('Nunca fumadora, adenocarcinoma de pulmón con reordenamiento de ALK.', 'ALK')).toEqual(['fusion']);
    expect(alt('Never smoker, no EGFR mutation.', 'EGFR')).toEqual(['wild_type']);
  });
  it('"PD-L1" after a gene is no protein change of it', () => {
    expect(alt('Adenocarcinoma polmonare con mutazione di BRAF e PD-L1 TPS 80%.', 'BRAF')).toEqual(['mutation']);
  });
  it('an exon event with its codon range is the exon event; a range alone stays the range', () => {
    expect(alt('NSCLC, EGFR exon 19 deletion (E746_A750del).', 'EGFR')).toEqual(['exon19del']);
    expect(alt('GIST, KIT exon 11 (W557_K558del).', 'KIT')).toEqual(['W557_K558del']);
    expect(alt("Adenocarcinoma polmonare con salto dell'esone 14 di MET.", 'MET')).toEqual(['exon14skipping']);
  });
  it('a treatment-naive word in an aside about an infection is not the cancer’s', () => {
    expect(read('Epatocarcinoma su epatite B (mai trattata), Child-Pugh A.').patient.priorLines).toBeUndefined();
    expect(read('Epatocarcinoma, mai trattato.').patient.priorLines).toBe(0);
  });
  it('"ha fatto" is a course given; a line word after "and" is the next course’s; "mant." is maintenance', () => {
    expect(courses('Epatocarcinoma. Ha fatto sorafenib in prima linea.')).toEqual([['sorafenib', 1, undefined]]);
    const c = courses('He received first-line FOLFOX for 6 months and second-line FOLFIRI, both with PD.');
    expect(c).toContainEqual(['FOLFOX', 1, true]);
    expect(c).toContainEqual(['FOLFIRI', 2, true]);
    expect(courses('Urothelial ca. 1L carbo-gem x4 → avelumab mant. → PD.')).toContainEqual(['avelumab', 1, true]);
  });
});

describe('treatments missed on s8: lexicon and grammar', () => {
  it('an operation named by its "-ectomy" word or a liver transplant is surgery; an appendectomy is not the cancer’s', () => {
    expect(drugs('Adenocarcinoma del retto, sigmoidectomia nel 2023.')).toContain('surgery');
    expect(drugs('Cáncer de esófago, esofagectomía Ivor Lewis en 2022.')).toContain('surgery');
    expect(drugs('HCC, orthotopic liver transplant in 2019.')).toContain('surgery');
    expect(drugs('Epatocarcinoma, trapianto di fegato nel 2020.')).toContain('surgery');
    expect(drugs('Breast cancer, ER+; appendectomy in 1990.')).not.toContain('surgery');
  });
  it('regimen shorthand and androgen deprivation in Spanish and Italian', () => {
    expect(drugs('mCRC, 1L FOLFIRI-pani → PD.')).toContain('panitumumab');
    expect(drugs('Gastric ca, mFOLFOX6 x8 then PD.')).toEqual(expect.arrayContaining(['fluorouracil', 'oxaliplatin']));
    expect(drugs('Cáncer de próstata, recibió bloqueo hormonal con leuprorelina.')).toEqual(expect.arrayContaining(['adt', 'leuprolide']));
    expect(drugs('Prostate cancer, s/p ADT (degarelix) for 6 months.')).toEqual(expect.arrayContaining(['adt', 'degarelix']));
  });
  it('a shorthand is a whole word, accented letters being letters', () => {
    expect(courses('Microcitoma, 1ª L cisplatino-etopósido-atezolizumab x4.')).toContainEqual(['atezolizumab', 1, undefined]);
  });
  it('drugs given with radiotherapy written with its dose', () => {
    expect(drugs('Cáncer de recto, radioterapia 50,4 Gy con capecitabina concomitante en 2023.')).toContain('capecitabine');
    expect(drugs('Cervical SCC, pelvic RT 45 Gy/25 fx with weekly cisplatin, 2022.')).toContain('cisplatin');
  });
  it('a bracketed aside does not end a list of past courses', () => {
    expect(drugs('Ca colon. Tras capecitabina (adyuvante, 2020) y FOLFIRI → PD.')).toContain('irinotecan');
  });
});

describe('sites, diseases and sex missed on s8', () => {
  const sites = (t: string) => read(t).patient.metastasisSites;
  it('each site of a list is a whole word ("cerebrali e ossee"), with place words, sides and counts around it', () => {
    expect(sites('Ca mammario, metastasi cerebrali e linfonodali.')).toEqual(['brain', 'lymph_node']);
    expect(sites('Ca renale, mts polmonari + 3 cerebrali trattate con radiochirurgia.')).toEqual(['lung', 'brain']);
    expect(sites('Carcinoma gastrico, metastasi ovarica destra e peritoneali.')).toEqual(['ovary', 'peritoneum']);
    expect(sites('NSCLC with lung + hilar LN + bone mets.')).toEqual(['lung', 'lymph_node', 'bone']);
    expect(sites('Ca ovarico, mts surrenaliche bilat + pleura.')).toEqual(['adrenal', 'pleura']);
    expect(sites('Prostate cancer with liver and para-aortic nodal disease.')).toEqual(['liver', 'lymph_node']);
    expect(sites('Ca vescica, nessuna metastasi cerebrale.')).toEqual([]);
    expect(read('Ca vescica, nessuna metastasi cerebrale.').patient.absentMetastasisSites).toEqual(['brain']);
  });
  it('a local site before the list, a short date, a single lesion', () => {
    expect(sites('Carcinoma endometriale, recidiva pelvica e polmonare 03/2025.')).toEqual(['lung']);
    expect(sites('mCRC, PD 06/24 in lung + peritoneum.')).toEqual(['lung', 'peritoneum']);
    expect(sites('Breast cancer with a biopsy-proven bone lesion.')).toEqual(['bone']);
  });
  it('sites written unresectable state unresectable disease', () => {
    const { patient } = read('Cáncer de recto con metástasis hepáticas irresecables y pulmonares.');
    expect(patient.metastasisSites).toEqual(['liver', 'lung']);
    expect(patient.resectable).toBe(false);
  });
  it('disease names in shorthand and with their part of the organ', () => {
    expect(read('ADK polmone EGFR L858R.').patient.oncotreeCode).toBe('LUAD');
    expect(read('ADK gastrico HER2 3+.').patient.oncotreeCode).toBe('STAD');
    expect(read('Adenocarcinoma of the gastric antrum, pT2 N0.').patient.oncotreeCode).toBe('STAD');
    expect(read('Cx adenocarcinoma, FIGO IB2.').patient.oncotreeCode).toBe('CEAD');
    expect(read('ADC de colon izquierdo con mts hepáticas.').patient.oncotreeCode).toBe('COAD');
    expect(read('Carcinoma della tiroide scarsamente differenziato, RAI-refrattario.').patient.oncotreeCode).toBe('THPD');
  });
  it('sex from "M 64 aa" and the Spanish "D." / "D.ª" before a name', () => {
    expect(read('Ca prostata, M 64 aa.').patient.gender).toBe('male');
    expect(read('Ca mammella, F 52 aa.').patient.gender).toBe('female');
    expect(read('Le presento a D. Julián Ortega, de 70 años.').patient.gender).toBe('male');
    expect(read('Le presento a D.ª Carmen Ruiz, de 70 años.').patient.gender).toBe('female');
  });
});

describe('labs, markers and treatment-naive lines missed on s8', () => {
  const lab = (t: string, a: string) => read(t).patient.labs?.find((l) => l.analyte === a)?.value;
  const marker = (t: string, name: string) => read(t).patient.biomarkers.find((b) => b.name === name)?.value;
  it('lab names and a time of the value between name and value', () => {
    expect(lab('NSCLC. Bili 0.9, albumin 3.8.', 'bilirubin')).toBe(0.9);
    expect(lab('Carcinoma gastrico. Calcemia 11,2 mg/dl.', 'calcium')).toBe(11.2);
    expect(lab('Cáncer de ovario. Creatinina al ingreso 2,1 mg/dl.', 'creatinine')).toBe(2.1);
    expect(lab('Breast cancer on chemotherapy, neutrophils 2,300/µL.', 'anc')).toBe(2300);
  });
  it('a marker after a word of trend', () => {
    expect(marker('Prostate cancer, PSA rising to 12 ng/mL on ADT.', 'PSA')).toBe('12');
    expect(marker('Cáncer de colon: el CEA ha subido de 8 a 95 ng/ml.', 'CEA')).toBe('95');
    expect(read('Cáncer de colon: el CEA ha subido de 8 a 95 ng/ml.').patient.age).toBeUndefined();
  });
  it('treatment-naive words', () => {
    for (const t of [
      'Renal cell carcinoma, lung mets. No systemic therapy.',
      'Melanoma uveal, metástasis hepáticas, sin tratamiento.',
      'Cáncer de tiroides: nunca ha recibido tratamiento sistémico.',
      'Ca endometrio, recidiva linfonodale. Nessuna terapia per la recidiva finora.',
    ])
      expect(read(t).patient.priorLines).toBe(0);
  });
  it('a pause after a numbered line given is no naive patient', () => {
    expect(read('Ca renal. 1ª L sunitinib suspendido por toxicidad; desde entonces sin tratamiento.').patient.priorLines).toBeUndefined();
  });
});

describe('grades, statuses and settings missed on s8', () => {
  it('the grade written inside the disease’s name, and an RCC’s ISUP/Fuhrman grade 4', () => {
    expect(read('Carcinoma urotelial de alto grado de la pelvis renal.').patient.tumorGrade).toBe('high');
    expect(read('Clear cell RCC, Fuhrman grade 4, pT3b.').patient.tumorGrade).toBe('high');
    expect(read('Clear cell RCC, ISUP grade 3, pT1b.').patient.tumorGrade).toBeUndefined();
  });
  it('no evidence of disease in other words', () => {
    expect(read('Ca endometrio operato nel 2022, nessuna recidiva radiologica a 12 mesi.').patient.diseaseStatus).toBe('no_evidence');
    expect(read('Carcinoma de mama operado, libre de enfermedad.').patient.diseaseStatus).toBe('no_evidence');
    expect(read('Ca mammario operato, libero da malattia.').patient.diseaseStatus).toBe('no_evidence');
  });
  it('a recurrence written non-muscle-invasive is local disease, and still a recurrence', () => {
    const { patient } = read('Upper tract UC, s/p nephroureterectomy; bladder recurrence, non-muscle-invasive, resected.');
    expect(patient.recurrent).toBe(true);
    const it = read('Carcinoma della pelvi renale; recidiva vescicale non muscolo-invasiva, resecata.').patient;
    expect(it.metastatic).toBe(false);
    expect(it.recurrent).toBe(true);
  });
  it('a course with its perioperative setting after it was given', () => {
    expect(drugs('Adenocarcinoma gastrico, FLOT perioperatorio completato nel 2023.')).toEqual(
      expect.arrayContaining(['fluorouracil', 'oxaliplatin', 'docetaxel']),
    );
  });
});

describe('Child-Pugh shorthand, site adjectives and treated brain metastases missed on s8', () => {
  it('"CP A5", "CP-B8" are Child-Pugh classes', () => {
    expect(read('Epatocarcinoma, CP A5, BCLC B.').patient.childPugh).toBe('A');
    expect(read('HCC with PVT, CP-B8.').patient.childPugh).toBe('B');
  });
  it('a site adjective is a whole word ("retroperitoneale e surrenalica")', () => {
    expect(read('Ca renale, metastasi linfonodali retroperitoneali e polmonari.').patient.metastasisSites).toEqual(['lymph_node', 'lung']);
    expect(read('Ca colon, recidiva linfonodale retroperitoneale e epatica.').patient.metastasisSites).toEqual(['lymph_node', 'liver']);
  });
  it('brain metastases with their radiosurgery inside a bracket, or not yet treated a few words on', () => {
    expect(read('NSCLC, mts cerebrales (3 lesiones, SRS 05/25).').patient.brainMetastasesTreated).toBe(true);
    expect(read('Carcinoma polmonare con metastasi cerebrali, 2 lesioni di 1 cm, non ancora trattate.').patient.brainMetastasesTreated).toBe(false);
  });
});

describe('more of s6/s7 read under the same mechanisms', () => {
  it('a verb of giving between the line word and the course', () => {
    expect(courses('HCC. En primera línea recibió sorafenib.')).toEqual([['sorafenib', 1, undefined]]);
    expect(courses('Pancreatic cancer. In first line she received gemcitabine.')).toEqual([['gemcitabine', 1, undefined]]);
  });
  it('a patient transplanted for the cancer had surgery', () => {
    expect(drugs('Varón trasplantado hepático en 2020 por hepatocarcinoma.')).toContain('surgery');
  });
});

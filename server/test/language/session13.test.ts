import { drugs, read } from './read';

/**
 * Session 13 (issue 25): general mechanisms found by reading the misses, wrong and invented facts of the s11 and s12
 * lines — each tested on sentences written for this file (not the benchmark's), in en/es/it.
 */
const alts = (t: string) => read(t).patient.alterations.map((a) => `${a.gene}:${a.proteinChange ?? a.category}`);

describe('a protein named bare is a stain, not an alteration of its gene', () => {
  it.each([
    ['Breast cancer, ER 90%, PR 10%, HER2 score 1+. Ki-67 15%.'],
    ['Carcinoma de mama, RE 80%, HER2 no valorable en la biopsia.'],
    ['Ca mammario, RE 95%, HER2 nn valutato. ECOG 0.'],
    ['Cervical SCC, HPV-related (p16 strongly positive), FIGO IB2.'],
    ['Carcinoma escamoso de orofaringe, p16 positivo, cT2N1.'],
    ['Adenocarcinoma del colon, espressione conservata di MLH1, PMS2, MSH2 e MSH6 (pMMR).'],
    ['Colon adenocarcinoma: IHC shows intact MLH1, PMS2, MSH2 and MSH6 expression.'],
  ])('%s', (text) => {
    expect(alts(text)).toEqual([]);
  });
  it('a variant of the gene is still one', () => {
    expect(alts('Lung adenocarcinoma with a HER2 exon 20 insertion.')).toEqual(['ERBB2:exon20ins']);
    expect(alts('Carcinoma de colon, mutación germinal de MLH1.')).toEqual(['MLH1:mutation']);
  });
});

describe('a rearrangement or fusion said not found is the gene wild-type', () => {
  it.each([
    ['Colangiocarcinoma intrahepático, FGFR2 no reordenado, IDH1 no mutado.', 'FGFR2:wild_type'],
    ['Colangiocarcinoma intraepatico, FGFR2 non riarrangiato.', 'FGFR2:wild_type'],
    ['NSCLC adenocarcinoma, ALK not rearranged, PD-L1 50%.', 'ALK:wild_type'],
    ['Carcinoma papilar de tiroides; fusión CCDC6-RET no detectada.', 'RET:wild_type'],
    ['Carcinoma papillare della tiroide; fusione CCDC6-RET non rilevata.', 'RET:wild_type'],
  ])('%s -> %s', (text, alt) => {
    expect(alts(text)).toContain(alt);
    expect(alts(text).filter((a) => a.endsWith(':fusion'))).toEqual([]);
  });
});

describe('an exon event written before its gene with "en el" / "nell\'" / "in"', () => {
  it.each([
    ['Adenocarcinoma de pulmón con inserción en el exón 20 de EGFR.', 'EGFR:exon20ins'],
    ["Adenocarcinoma polmonare con inserzione nell'esone 20 di EGFR.", 'EGFR:exon20ins'],
    ['Lung adenocarcinoma, deletion in exon 19 of EGFR.', 'EGFR:exon19del'],
  ])('%s -> %s', (text, alt) => {
    expect(alts(text)).toEqual([alt]);
  });
});

describe('a test written negative is no comorbidity', () => {
  it.each([['Cervical SCC, 45F, HIV neg, ECOG 0.'], ['Carcinoma hepatocelular, VIH negativo, ECOG 1.'], ['Ca cervice, HIV negativo. ECOG 0.']])(
    '%s',
    (text) => {
      expect(read(text).patient.comorbidities).not.toContain('hiv');
    },
  );
  it('a positive one still is', () => {
    expect(read('Cervical SCC, 45F, HIV positive on ART, ECOG 0.').patient.comorbidities).toContain('hiv');
  });
});

describe('a course to be discussed, too frail for, or bridging to, is not given', () => {
  it.each([
    ['Carcinoma renale operato. Si discuterà pembrolizumab adiuvante al GOM.', 'pembrolizumab'],
    ['Resected melanoma, nivolumab adjuvant will be discussed at the MDT.', 'nivolumab'],
    ['Gastric cancer, 2L ramucirumab alone (too frail for paclitaxel).', 'paclitaxel'],
    ['Cáncer gástrico, ramucirumab en monoterapia (demasiado frágil para paclitaxel).', 'paclitaxel'],
  ])('%s -/-> %s', (text, drug) => {
    expect(drugs(text)).not.toContain(drug);
  });
  it('an operation a stent bridges to is not done', () => {
    const tx = read('Adenocarcinoma de sigma estenosante; se colocó una endoprótesis como puente a cirugía.').patient.priorTreatments;
    expect(tx.map((t) => t.name.toLowerCase())).not.toContain('surgery');
  });
});

describe('a pathology report\'s bracket and a hurried note\'s "62f" give age and sex', () => {
  it.each([
    ['Pathology conclusion (F, 46): Left breast, core biopsy: invasive carcinoma of no special type.', 46, 'female'],
    ['Referto istologico (M, 70): adenocarcinoma gastrico.', 70, 'male'],
    ['62f ER+ PR+ her2 neg mbc, now PD liver. ecog 1', 62, 'female'],
    ['hcc 58m, hep c, child b8. ecog 1', 58, 'male'],
    ['cx scc figo IIIB 47f, CRT weekly cis. ecog 0', 47, 'female'],
  ])('%s -> %s %s', (text, age, sex) => {
    const p = read(text).patient;
    expect([p.age, p.gender]).toEqual([age, sex]);
  });
  it('a time written the same way is no age', () => {
    expect(read('CCA intrahepático, 1ªL gem-cis → PD a los 10m; 2ªL ivosidenib.').patient.age).toBeUndefined();
    expect(read('NSCLC, osimertinib, CR at 12m.').patient.age).toBeUndefined();
  });
});

describe('a lab written as a course of values is its last one', () => {
  it.each([
    ['Admitted with AKI; creatinine 2.1 → 1.2. ECOG 2.', 'creatinine', 1.2],
    ['Hb 7,9 -> 9,4 dopo trasfusione. PS 1', 'hemoglobin', 9.4],
    ['Bilirrubina 3,1 → 1,8 tras drenaje biliar.', 'bilirubin', 1.8],
  ])('%s -> %s %s', (text, analyte, value) => {
    expect(
      read(text)
        .patient.labs?.filter((l) => l.analyte === analyte)
        .map((l) => l.value),
    ).toEqual([value]);
  });
});

describe('a new lesion the sentence asks about is no progression', () => {
  it.each([
    ['CHC, SIRT 05/25 → respuesta parcial. Nueva lesión de 9 mm en S3 en RM 10/25, ¿recidiva vs nódulo displásico?'],
    ['HCC, TACE with partial response. New 9 mm lesion in S3 on MRI, recurrence or dysplastic nodule?'],
  ])('%s', (text) => {
    expect(read(text).patient.diseaseStatus).toBe('responding');
  });
});

describe('a hope of resection is not resectable', () => {
  it.each([
    ['mCRC, partial response on FOLFOXIRI; the liver lesions may become resectable.'],
    ['Metastasi epatiche potenzialmente resecabili dopo FOLFOXIRI.'],
    ['Metástasis hepáticas que podrían hacerse resecables tras la quimioterapia.'],
  ])('%s', (text) => {
    expect(read(text).patient.resectable).toBeUndefined();
  });
  it('resectable as written stays', () => {
    expect(read('Metástasis hepáticas resecables.').patient.resectable).toBe(true);
  });
});

describe('the courses an outcome "both" covers are the ones written after "dopo / after"', () => {
  it.each([
    ['mCRPC, in III linea con cabazitaxel dopo abiraterone in I linea e docetaxel in II linea, entrambi con progressione.', 2],
    ['mCRPC, now third-line cabazitaxel after first-line abiraterone and second-line docetaxel, both with progression.', 2],
  ])('%s -> %s prior lines', (text, n) => {
    expect(read(text).patient.priorLines).toBe(n);
  });
});

describe('a line word after "è in / está en / is in" is the next course\'s', () => {
  it.each([
    ['Dopo la I linea con nab-paclitaxel + carboplatino (PD a 6 mesi) è in II linea con olaparib dal 09/2025.'],
    ['Tras la 1ª línea con paclitaxel + carboplatino (PD a los 6 meses) está en 2ª línea con olaparib.'],
  ])('%s', (text) => {
    const tx = read(text).patient.priorTreatments;
    expect(tx.filter((t) => t.name === 'carboplatin').map((t) => t.line)).toEqual([1]);
    expect(tx.filter((t) => t.name === 'olaparib').map((t) => t.line)).toEqual([2]);
  });
});

describe("a colorectal cancer whose segment is named is the colon's or the rectum's", () => {
  it.each([
    ['mCRC R-sided (ascending), 49F, KRAS G12C, liver mets.', 'COAD'],
    ['CCRm dx (cieco), donna 72 aa, BRAF V600E.', 'COAD'],
    ['CCR de sigma con metástasis hepáticas, varón 70 años.', 'COAD'],
    ['mCRC of the rectum, 55M, liver mets.', 'READ'],
    ['mCRC, rectosigmoid junction, 55M.', 'COADREAD'],
    ['Carcinoma del colon-retto metastatico, RAS wild-type.', 'COADREAD'],
    ['CCR mts hepáticas, varón 60 años.', 'COADREAD'],
  ])('%s -> %s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });
});

describe('metastases in counted lymph nodes or in a node biopsy are a nodal site, not distant disease', () => {
  it.each([
    ['Carcinoma fibrolamelar de 9 cm, márgenes libres (R0); 1 de 3 ganglios del hilio con metástasis.'],
    ['Conclusión AP (varón, 66 años; punción por EBUS de adenopatía 4R): metástasis de carcinoma no microcítico.'],
    ['Gastric adenocarcinoma, gastrectomy: metastases in 4 of 29 lymph nodes.'],
  ])('%s', (text) => {
    const p = read(text).patient;
    expect(p.metastatic).toBeUndefined();
    expect(p.metastasisSites).toEqual(['lymph_node']);
  });
  it('distant metastases stay', () => {
    expect(read('NSCLC with liver metastases, 3 of 5 nodes positive.').patient.metastatic).toBe(true);
  });
});

describe("a gene's promoter named with it is the promoter's mutation", () => {
  it.each([
    ['Carcinoma tiroideo, mutazioni di HRAS Q61K e del promotore di TERT.', 'TERT:mutation'],
    ['Anaplastic thyroid carcinoma, BRAF V600E, TERT promoter.', 'TERT:mutation'],
    ['Carcinoma de tiroides, mutación BRAF V600E y del promotor de TERT.', 'TERT:mutation'],
  ])('%s -> %s', (text, alt) => {
    expect(alts(text)).toContain(alt);
  });
});

describe('a duplication in exon 20 of EGFR or HER2 is the exon 20 insertion', () => {
  it.each([
    ["Adenocarcinoma polmonare, mutazione di HER2 Y772_A775dup nell'esone 20.", 'ERBB2:exon20ins'],
    ['Lung adenocarcinoma, EGFR A767_V769dup in exon 20.', 'EGFR:exon20ins'],
  ])('%s -> %s', (text, alt) => {
    expect(alts(text)).toEqual([alt]);
  });
  it('another gene keeps its range', () => {
    expect(alts('GIST, KIT exon 9 (A502_Y503dup).')).toEqual(['KIT:A502_Y503dup']);
  });
});

describe('"currently without systemic treatment" after a course is a pause, not a naive patient', () => {
  it('a course given before', () => {
    expect(
      read('Carcinoma papilar de tiroides. Recibió dabrafenib + trametinib durante 6 semanas como rediferenciación. Actualmente sin tratamiento sistémico.')
        .patient.priorLines,
    ).toBeUndefined();
  });
  it('none given', () => {
    expect(read('Carcinoma papilar de tiroides, tiroidectomía total. Actualmente sin tratamiento sistémico.').patient.priorLines).toBe(0);
  });
});

describe('HER2 in lower case and its "score" are read', () => {
  it.each([
    ['62f ER+ PR+ her2 neg mbc, liver mets.', 'negative', undefined],
    ['Ca cervice adeno ricaduto, 58aa, cps 1, her2 2+. ps 1', undefined, '2+'],
    ['Carcinoma lobulillar, RE 98%, RP 5%, HER2 score 0. Ki-67 8%.', 'negative', '0'],
    ['Carcinoma lobulare, RE 100%, HER2 score 2+, SISH amplificato.', 'positive', '2+'],
  ])('%s -> %s %s', (text, value, ihc) => {
    const b = read(text).patient.biomarkers.find((x) => x.name === 'HER2');
    if (value) expect(b?.value).toBe(value);
    expect(b?.ihcScore).toBe(ihc);
  });
});

describe('comorbidities: "hep c", and "HIV+" whose viral load is denied later', () => {
  it.each([
    ['hcc 58m, hep c (cured), child b8. ecog 1', 'hepatitis_c'],
    ['HCC, hep B on entecavir, Child-Pugh A5.', 'hepatitis_b'],
    ['HCC, uomo 61 aa, HIV+ in terapia antiretrovirale (HIV-RNA non rilevabile), Child-Pugh A5.', 'hiv'],
  ])('%s -> %s', (text, key) => {
    expect(read(text).patient.comorbidities).toContain(key);
  });
  it('a denied one is not', () => {
    expect(read('HCC, no HIV, Child-Pugh A5.').patient.comorbidities).not.toContain('hiv');
  });
});

describe('no systemic therapy "because of frailty / age" is no prior line', () => {
  it.each([
    ['Ca gastrico, uomo 84aa. Nessuna tp sistemica x fragilità. ECOG 3.'],
    ['Cáncer gástrico, varón 88 años. Sin tratamiento sistémico por edad. ECOG 3.'],
  ])('%s', (text) => {
    expect(read(text).patient.priorLines).toBe(0);
  });
  it('"for the metastatic disease" names one setting only', () => {
    expect(read('NSCLC, no systemic therapy for the metastatic disease.').patient.priorLines).toBeUndefined();
  });
});

describe('a board\'s "Agreed:" is a plan, not a course given', () => {
  it.each([
    ['Uro MDT: 66M, prostate adenocarcinoma, cT3b cN1 M0. Agreed: EBRT to prostate and pelvis with ADT.', 'radiotherapy'],
    ['Comité: varón 70a, cáncer de recto cT3N1. Se acuerda: radioterapia de ciclo corto.', 'radiotherapy'],
  ])('%s -/-> %s', (text, name) => {
    expect(read(text).patient.priorTreatments.map((t) => t.name.toLowerCase())).not.toContain(name);
  });
});

describe("a site adjective written right after the diagnosis is the primary's place, not a metastasis", () => {
  it('"CCA intrahepático mts (óseas + pulmonares)"', () => {
    const p = read('CCA intrahepático mts (óseas + pulmonares), mujer 61a, IDH1 R132L.').patient;
    expect(p.metastasisSites).toEqual(['bone', 'lung']);
    expect(p.metastatic).toBe(true);
  });
});

import { drugs, read } from './read';

/**
 * Session 11 (issue 25): general mechanisms found by reading the misses, wrong and invented facts of the s10 lines —
 * each tested on sentences written for this file (not the benchmark's), in en/es/it.
 */
const marker = (t: string, name: string) =>
  read(t)
    .patient.biomarkers.filter((b) => b.name === name)
    .map((b) => b.value);

describe('a serum marker written twice is one fact: the current value', () => {
  it.each([
    ['Man, 74, prostate adenocarcinoma, PSA 88 ng/ml at diagnosis; on ADT, current PSA 0.9 ng/ml.', '0.9'],
    ['Varón 66a, adenocarcinoma de próstata, PSA 23 al diagnóstico, PSA actual 4,1.', '4.1'],
    ['Uomo 71 anni, adenocarcinoma prostatico, PSA 2.400 alla diagnosi, PSA attuale 95.', '95'],
    ['Male, 62, prostate cancer, PSA 14 ng/mL, cT2b. Biochemical recurrence in 2024 (PSA 1.6 ng/mL).', '1.6'],
    ['HCC, AFP 900 at baseline, AFP 45 now.', '45'],
  ])('%s -> %s', (text, value) => {
    const name = text.includes('AFP') ? 'AFP' : 'PSA';
    expect(marker(text, name)).toEqual([value]);
  });
  it('a single value stays as written', () => {
    expect(marker('Man, 70, prostate adenocarcinoma, PSA 12 at diagnosis.', 'PSA')).toEqual(['12']);
  });
});

describe('a course said to start later, or an operation to be reassessed for, is not given', () => {
  it.each([
    ['Metastatic pancreatic cancer, progressed on FOLFIRINOX. Second-line gemcitabine + nab-paclitaxel to start next week.', 'gemcitabine'],
    ['Locally advanced rectal cancer on short-course RT, to be reassessed for surgery after consolidation.', 'surgery'],
    ['Borderline resectable pancreatic cancer on FOLFIRINOX, will be re-evaluated for surgery.', 'surgery'],
  ])('%s (not %s)', (text, drug) => {
    expect(drugs(text)).not.toContain(drug);
  });
  it('the course under way is still read', () => {
    expect(drugs('Locally advanced rectal cancer on short-course RT, to be reassessed for surgery after consolidation.')).toContain('radiotherapy');
  });
});

describe('new disease at a site is progression, after a response', () => {
  it.each([
    'Metastatic colon cancer, FOLFOXIRI from 01/2025 with partial response until the scan showed new hepatic disease.',
    'Ca polmonare, pembrolizumab con risposta parziale, poi nuova malattia pleurica.',
  ])('%s', (text) => {
    expect(read(text).patient.diseaseStatus).toBe('progressive');
  });
  it('no new disease is no progression', () => {
    expect(read('Metastatic colon cancer, FOLFOX with partial response, no new disease on CT.').patient.diseaseStatus).toBe('responding');
  });
});

describe('an ordinal counting cycles, doses or days is no line of treatment', () => {
  it.each([
    ['Ca del colon, FOLFOX adiuvante (oxaliplatino sospeso al 4° ciclo per neurotossicità).', 'oxaliplatin'],
    ['Ca de mama, recibió paclitaxel semanal, suspendido en la 3ª dosis por reacción.', 'paclitaxel'],
  ])('%s', (text, drug) => {
    const course = read(text).patient.priorTreatments.find((t) => t.name.toLowerCase() === drug);
    expect(course).toBeDefined();
    expect(course?.line).toBeUndefined();
  });
  it('an ordinal standing for its line still is one', () => {
    expect(read('Ca mama metastatico, 2ª paclitaxel, 3ª capecitabina').patient.priorTreatments.find((t) => t.name === 'capecitabine')?.line).toBe(3);
  });
});

describe('a course resumed, one the patient is "in"/"en", one written "…, ongoing" is under way', () => {
  it.each([
    ['Prostate adenocarcinoma, biochemical relapse in 2025; ripreso leuprorelina + apalutamide.', ['leuprolide', 'apalutamide']],
    ['Adenocarcinoma de próstata con mts óseas. En TDA con leuprorelina.', ['adt', 'leuprolide']],
    ['Prostate cancer, salvage RT in 2024 with 6 months of ADT (degarelix) plus apalutamide, ongoing.', ['adt', 'degarelix', 'apalutamide']],
  ])('%s', (text, names) => {
    expect(drugs(text)).toEqual(expect.arrayContaining(names as string[]));
  });
  it('"en" far from the course says nothing', () => {
    expect(drugs('Ca de mama en mujer de 50 años, letrozol propuesto.')).not.toContain('letrozole');
  });
});

describe('disease names of the lexicon (subtypes written in full, es/it shorthand)', () => {
  it.each([
    ['Varón 59a, carcinoma de pulmón de célula pequeña, enfermedad limitada.', 'SCLC'],
    ['Female, 61, combined hepatocellular-cholangiocarcinoma of the right lobe.', 'HCCIHCH'],
    ['Man, 52, adenocarcinoma of the lower rectum, cT3 N1.', 'READ'],
    ['Donna 58 anni, adenocarcinoma mucinoso del colon trasverso.', 'MACR'],
    ['Mujer 60a, adenocarcinoma del ciego, pT3 N0.', 'COAD'],
    ['Uomo 44 anni, carcinoma dei dotti collettori del rene destro.', 'CDRCC'],
    ['Mujer 47a, adenocarcinoma de cérvix de tipo gástrico, FIGO IB3.', 'GCEMU'],
    ['Ca folicular de tiroides, mts óseas.', 'THFO'],
    ['Ca anaplastico della tiroide, massa cervicale.', 'THAP'],
  ])('%s -> %s', (text, code) => {
    expect(read(text).patient.oncotreeCode).toBe(code);
  });
});

describe('RAI-R is refractory to radioiodine, no dose of it given', () => {
  it('reads the refractory status and no course', () => {
    const p = read('Ca papilar de tiroides RAI-R, mts pulmonares, en vigilancia.').patient;
    expect(p.raiRefractory).toBe(true);
    expect(drugs('Ca papilar de tiroides RAI-R, mts pulmonares, en vigilancia.')).not.toContain('radioiodine');
  });
});

describe('"st" written for stage', () => {
  it.each([
    ['NSCLC adeno st IIIB, uomo 70 aa.', 'IIIB'],
    ['Ca polmone squamoso st IV, mts ossee.', 'IV'],
  ])('%s -> %s', (text, stage) => {
    expect(read(text).patient.stage).toBe(stage);
  });
  it('"1st" is no stage', () => {
    expect(read('Breast cancer, 1st IV infusion of trastuzumab today.').patient.stage).toBeUndefined();
  });
});

describe('a count written in thousands or with a Spanish/Italian abbreviation', () => {
  const labs = (t: string) => (read(t).patient.labs ?? []).map((l) => `${l.analyte}:${l.value}`);
  it.each([
    ['HCC, CP A5. Plt 140k, bili 1.1.', 'platelets:140000'],
    ['CHC, Plaq 75.000, bilirrubina 1,2.', 'platelets:75000'],
    ['Ca gastrico, neutrofili 1,8k, piastr 210.000.', 'platelets:210000'],
  ])('%s', (text, lab) => {
    expect(labs(text)).toContain(lab);
  });
  it('"k" after a value that is no count is no thousand', () => {
    expect(labs('Creat 1.2k')).toEqual([]);
  });
});

describe('sites of spread written in more ways', () => {
  const sites = (t: string) => read(t).patient.metastasisSites;
  it.each([
    ['Metastatic HER2-low breast cancer (ER 90%, PR 10%) involving the liver and bones.', ['liver', 'bone']],
    ['Carcinoma della mammella metastatico a fegato e ossa (RE 95%).', ['liver', 'bone']],
    ['Metastatic pancreatic cancer (liver + right adrenal).', ['liver', 'adrenal']],
    ['Melanoma, brain mets x3 (SRS 05/25) + liver.', ['brain', 'liver']],
    ['Carcinoma renal tratado con nefrectomía y ahora metastásico en hígado.', ['liver']],
    ['HCC, mts linfonodali addominali + surrene sx.', ['lymph_node', 'adrenal']],
  ])('%s', (text, expected) => {
    expect(sites(text)).toEqual(expect.arrayContaining(expected as string[]));
  });
  it('"SNC" is the brain (sistema nervioso central), also when denied', () => {
    expect(read('CPNM EIV, mts óseas, sin mts SNC en la RM.').patient.absentMetastasisSites).toContain('brain');
  });
});

describe("a bracket denying the other origin's test does not deny the finding", () => {
  const alts = (t: string) => read(t).patient.alterations.map((a) => `${a.gene}:${a.category}:${a.origin ?? ''}`);
  it.each([
    ['Ovarian cancer, tumour NGS: BRCA1 somatic (germline negative).', 'BRCA1:mutation:somatic'],
    ['Ca próstata, NGS en tejido: BRCA2 somático (germinal neg).', 'BRCA2:mutation:somatic'],
    ['Breast cancer, PALB2 germline (somatic wt).', 'PALB2:mutation:germline'],
  ])('%s', (text, alt) => {
    expect(alts(text)).toContain(alt);
  });
  it('a denial before the gene still denies it', () => {
    expect(alts('Ovarian cancer, no BRCA1 somatic (germline negative).')).toEqual(['BRCA1:wild_type:']);
  });
});

describe('drug names: a combination written with a hyphen, drugs of trials in China', () => {
  it.each([
    ['mCRC, in terapia con trifluridina-tipiracil + bevacizumab dal 2025.', ['trifluridine/tipiracil', 'bevacizumab']],
    ['HCC, on camrelizumab plus rivoceranib since 03/2025.', ['camrelizumab', 'rivoceranib']],
    ['CHC, en tratamiento con camrelizumab y apatinib.', ['camrelizumab', 'rivoceranib']],
  ])('%s', (text, names) => {
    const got = drugs(text);
    expect(got).toEqual(expect.arrayContaining(names as string[]));
    expect(got).not.toContain('tipiracil');
  });
});

describe('the numerator of an ISH ratio is no gene finding', () => {
  it.each([
    'Gastric adenocarcinoma, HER2 IHC 2+, ISH amplified (HER2/CEP17 ratio 3.2).',
    'Ca mammario, HER2 2+ con FISH amplificato (rapporto HER2/CEP17 2,4).',
  ])('%s', (text) => {
    const p = read(text).patient;
    expect(p.alterations).toEqual([]);
    expect(p.biomarkers.find((b) => b.name === 'HER2')?.ish).toBe('amplified');
  });
  it('an amplification of the gene itself is still read', () => {
    expect(read('Gastric ca, ERBB2 amplification by NGS; HER2/CEP17 2.5').patient.alterations.map((a) => `${a.gene}:${a.category}`)).toEqual([
      'ERBB2:amplification',
    ]);
  });
});

describe('brain metastases with a count and their treatment in brackets', () => {
  it.each([
    ['Melanoma, brain mets x4 (SRS 06/25) + liver.', true],
    ['CCRcc, mts pulmonares + cerebrales (2, radiocirugía 08/25).', true],
    ['NSCLC, brain mets x3 (untreated), on osimertinib.', false],
  ])('%s', (text, treated) => {
    expect(read(text).patient.brainMetastasesTreated).toBe(treated);
  });
  it('untreated brain metastases say nothing of the prior lines', () => {
    expect(read('NSCLC, brain mets x3 (untreated), on osimertinib.').patient.priorLines).toBeUndefined();
  });
});

describe('counting the prior lines', () => {
  it.each([
    ['Cervical SCC, recurrent. CRT with weekly cisplatin 2021. 1L carboplatin/paclitaxel + pembrolizumab → PD at 10 mo; 2L tisotumab vedotin C3.', 1],
    ['Ca gastrico mts. I linea FOLFOX → PD; II linea paclitaxel + ramucirumab sospeso per tossicità; III linea trifluridina-tipiracil ciclo 2.', 2],
    ['mBC, 1L letrozole + palbociclib → PD; 2L capecitabine C3D1 today.', 1],
    ['Medullary thyroid carcinoma with slowly growing liver metastases. No systemic therapy to date.', 0],
  ])('%s -> %d', (text, n) => {
    expect(read(text).patient.priorLines).toBe(n);
  });
  it('"cycle 3 of" a course before its operation makes it no line under way', () => {
    expect(read('Breast cancer, admitted after cycle 3 of neoadjuvant docetaxel-carboplatin-trastuzumab.').patient.priorLines).toBeUndefined();
  });
});

describe('no recurrence after treatment, and "con EE", are statuses', () => {
  it.each([
    ['Adenocarcinoma de colon pT3 N0, hemicolectomía en 2024. Sin recidiva a los 12 meses, sin tratamiento adyuvante.', 'no_evidence'],
    ['Carcinoma renale pT1b, nefrectomia nel 2023. Nessuna recidiva alla TC e alla RM del 09/2025.', 'no_evidence'],
    ['Ca de tiroides, 1ª L sorafenib desde 2024 con EE; HTA G2.', 'stable'],
  ])('%s -> %s', (text, status) => {
    expect(read(text).patient.diseaseStatus).toBe(status);
  });
  it('no recurrence "until" a date says less', () => {
    expect(read('Ca colon, nessuna recidiva fino al 2024, poi metastasi epatiche.').patient.diseaseStatus).toBeUndefined();
  });
});

describe('a line word with the setting or a rechallenge between it and the course', () => {
  const lineOf = (t: string, name: string) => read(t).patient.priorTreatments.find((x) => x.name === name)?.line;
  it.each([
    ['CPRCm, 1ª L CPRC abiraterona → PD a los 10 m; 2ª L cabazitaxel desde 09/25.', 'abiraterone', 1],
    ['mCRPC, 2L mCRPC olaparib + abiraterone since 08/25.', 'olaparib', 2],
    ['CCRm RAS wt, I linea FOLFOX-panitumumab → PD; II linea FOLFIRI-bev → PD; III linea rechallenge con cetuximab dal 09/25.', 'cetuximab', 3],
  ])('%s', (text, name, line) => {
    expect(lineOf(text, name)).toBe(line);
  });
  it('a planned course written "Second-line X to start" states one prior line', () => {
    expect(
      read('Gastric cancer. First-line FOLFOX from 03/2025 with response until new liver lesions in 09/2025. Second-line ramucirumab to start next week.')
        .patient.priorLines,
    ).toBe(1);
  });
});

describe('an operation written "resezione"/"resección" with its organ or approach', () => {
  it.each(['HCC su cirrosi. Resezione laparoscopica di S6 nel 2022.', 'CHC, resección hepática en 2022, recidiva en 2024.'])('%s', (text) => {
    expect(drugs(text)).toContain('surgery');
  });
  it('a resection one is a candidate for is not given', () => {
    expect(drugs('Ca colon con mts epatiche, candidato a resezione epatica.')).not.toContain('surgery');
  });
});

describe('distant metastases denied along a list ("senza … né metastasi a distanza")', () => {
  it.each([
    'Ca della cervice FIGO IIIB; TC senza linfonodi lomboaortici né metastasi a distanza.',
    'Ca cérvix IIIC1, PET sin adenopatías paraaórticas ni metástasis a distancia.',
    'Cervical cancer, PET with no para-aortic nodes nor distant metastases.',
  ])('%s', (text) => {
    expect(read(text).patient.metastatic).toBe(false);
  });
});

describe('a line whose maintenance progressed is a line given and progressed', () => {
  it.each([
    ['CPCP EE. 1ª línea carboplatino-etopósido-atezolizumab x4 y atezolizumab de mantenimiento, PD a los 6 m. Recibió lurbinectedina en 2ª línea.', 1],
    [
      'Melanoma. First-line nivolumab plus ipilimumab (4 doses) followed by nivolumab, with progression at 7 months. Second-line dabrafenib + trametinib 150 mg since 05/2025.',
      1,
    ],
  ])('%s -> %d', (text, n) => {
    expect(read(text).patient.priorLines).toBe(n);
  });
});

describe('a drug written "concomitante/concurrent" after it was given with the course', () => {
  it('is read as given', () => {
    expect(
      drugs('Ca della cervice IIIB, trattata nel 2024 con chemioradioterapia con cisplatino + brachiterapia e durvalumab concomitante, poi di mantenimento.'),
    ).toContain('durvalumab');
  });
  it('a planned one is not', () => {
    expect(drugs('Ca de cérvix IIIB, pembrolizumab concomitante propuesto.')).not.toContain('pembrolizumab');
  });
});

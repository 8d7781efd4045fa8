import { DATA, describeShared, readTsv } from './shared';
import { readReferenceVocabularies } from '../../src/vocab/reference/readShared';
import { installReferenceVocabularies } from '../../src/vocab/reference/active';
import { oncotree, isWithin, relateCodes } from '../../src/vocab/diseaseTree';
import { findDiseases, resolveDisease } from '../../src/vocab/diseases';
import { findGenes, normalizeGene } from '../../src/vocab/geneNames';
import { drugClasses, findDrugs, normalizeDrug } from '../../src/vocab/drugKnowledge';
import { hormoneOnly } from '../../src/vocab/importedDrugs';
import { CASE_SENSITIVE_DISEASE_ABBREVIATIONS, CLINICAL_DISEASE_SYNONYMS } from '../../src/vocab/clinicalDiseaseSynonyms';
import { compileEligibility } from '../../src/trials/compiler';

/**
 * The trial engine's lookups over the complete reference vocabularies (as the server installs them after
 * importing the shared data): counts, every focus-area node by name, clinical names in en / es / it,
 * drugs by brand and generic, and no genes made of ordinary words.
 */
describeShared('complete reference vocabularies', () => {
  const ref = readReferenceVocabularies(DATA);
  beforeAll(() => installReferenceVocabularies(ref));
  afterAll(() => installReferenceVocabularies(null));

  it('imports the complete OncoTree, every protein-coding gene and the MITRE / CIViC drugs', () => {
    expect(ref.oncotree?.content).toHaveLength(898);
    expect(oncotree().size).toBe(898);
    expect(ref.genes?.content).toHaveLength(20598);
    expect(ref.drugs!.content.length).toBeGreaterThan(350);
    // nodes outside the owned subset now have their place in the tree
    expect(isWithin('MYCF', 'LYMPH')).toBe(true);
    expect(relateCodes('STAD', 'BLADDER')).toBe('unrelated');
  });

  it('reaches every OncoTree node under the ten focus areas by its name', () => {
    const { header, rows } = readTsv('vocab', 'oncotree', 'focus_areas.tsv');
    const [iCode, iName, iLevel] = ['code', 'name', 'level'].map((h) => header.indexOf(h));
    const missed = rows
      .filter((r) => Number(r[iLevel]) >= 2)
      .filter((r) => !findDiseases(r[iName].replace(/,\s*NOS$/i, '')).some((m) => m.code === r[iCode] || oncotree().get(m.code)?.name === r[iName]));
    expect(missed.map((r) => `${r[iCode]} ${r[iName]}`)).toEqual([]);
  });

  it('bladder carcinoma names resolve to the bladder, never to any cancer', () => {
    expect(resolveDisease('bladder carcinoma')).toBe('BLADDER');
    expect(resolveDisease('metastatic urothelial bladder carcinoma')).toBe('BLCA');
    expect(resolveDisease('Urothelial Carcinoma of the Bladder')).toBe('BLCA');
    expect(relateCodes('STAD', resolveDisease('bladder carcinoma')!)).toBe('unrelated');
    expect(resolveDisease('carcinoma uroteliale')).toBe('BLCA');
    expect(resolveDisease('carcinoma della vescica')).toBe('BLADDER');
    expect(resolveDisease('cáncer de vejiga')).toBe('BLADDER');
  });

  const byArea: Record<string, Array<[string, string]>> = {
    breast: [['TNBC', 'BRCA'], ['HR+/HER2- breast cancer', 'BRCA'], ['IDC', 'IDC'], ['ILC', 'ILC'], ['DCIS', 'DCIS'], ['cáncer de mama', 'BREAST'], ['carcinoma ductal infiltrante', 'IDC'], ['carcinoma mammario', 'BRCA'], ['carcinoma lobulare infiltrante', 'ILC']],
    lung: [['NSCLC', 'NSCLC'], ['SCLC', 'SCLC'], ['adenocarcinoma de pulmón', 'LUAD'], ['cáncer de pulmón de células no pequeñas', 'NSCLC'], ['tumore del polmone', 'LUNG'], ['carcinoma polmonare non a piccole cellule', 'NSCLC'], ['microcitoma polmonare', 'SCLC']],
    prostate: [['mCRPC', 'PRAD'], ['CRPC', 'PRAD'], ['cáncer de próstata resistente a la castración', 'PRAD'], ['cancer de prostata', 'PROSTATE'], ['carcinoma prostatico resistente alla castrazione', 'PRAD'], ['tumore della prostata', 'PROSTATE']],
    stomach: [['GEJ adenocarcinoma', 'GEJ'], ['gastroesophageal junction adenocarcinoma', 'GEJ'], ['cáncer gástrico', 'STOMACH'], ['adenocarcinoma de la unión gastroesofágica', 'GEJ'], ['adenocarcinoma gastrico', 'STAD'], ['tumore dello stomaco', 'STOMACH']],
    liver: [['HCC', 'HCC'], ['carcinoma hepatocelular', 'HCC'], ['carcinoma epatocellulare', 'HCC'], ['cáncer de hígado', 'LIVER'], ['tumore del fegato', 'LIVER'], ['fibrolamellar carcinoma', 'FLC']],
    thyroid: [['PTC', 'THPA'], ['FTC', 'THFO'], ['MTC', 'THME'], ['ATC', 'THAP'], ['carcinoma papilar de tiroides', 'THPA'], ['carcinoma papillare della tiroide', 'THPA'], ['carcinoma midollare della tiroide', 'THME']],
    cervix_uteri: [['cervical squamous cell carcinoma', 'CESC'], ['squamous cell carcinoma of the cervix', 'CESC'], ['cáncer de cuello uterino', 'CERVIX'], ['carcinoma epidermoide de cuello uterino', 'CESC'], ['carcinoma della cervice uterina', 'CERVIX'], ["tumore del collo dell'utero", 'CERVIX']],
    bladder: [['urothelial carcinoma', 'BLCA'], ['transitional cell carcinoma', 'BLCA'], ['bladder cancer', 'BLADDER'], ['UTUC', 'UTUC'], ['carcinoma urotelial', 'BLCA'], ['carcinoma vescicale', 'BLADDER']],
    kidney: [['RCC', 'RCC'], ['ccRCC', 'CCRCC'], ['carcinoma renal de células claras', 'CCRCC'], ['cáncer de riñón', 'KIDNEY'], ['carcinoma renale a cellule chiare', 'CCRCC'], ['tumore del rene', 'KIDNEY']],
    colon: [['CRC', 'COADREAD'], ['mCRC', 'COADREAD'], ['cáncer colorrectal', 'COADREAD'], ['cáncer de colon', 'COAD'], ['carcinoma del colon-retto', 'COADREAD'], ['tumore del retto', 'READ']],
  };
  it.each(Object.entries(byArea))('%s: clinical abbreviations and en / es / it names', (_area, cases) => {
    for (const [phrase, code] of cases) expect([phrase, resolveDisease(phrase)]).toEqual([phrase, code]);
  });

  it('matches accents either way and finds the names inside sentences', () => {
    expect(resolveDisease('adenocarcinoma de pulmon')).toBe('LUAD');
    expect(resolveDisease('CARCINOMA HEPATOCELULAR')).toBe('HCC');
    expect(findDiseases('Pacientes con adenocarcinoma de pulmón avanzado y mutación EGFR').map((m) => [m.code, m.phrase])).toEqual([['LUAD', 'adenocarcinoma de pulmón']]);
    expect(findDiseases('Pazienti con carcinoma renale a cellule chiare metastatico').map((m) => m.code)).toEqual(['CCRCC']);
  });

  it('abbreviations that are ordinary words in lower case count only as written (and never bare UC)', () => {
    expect(findDiseases('history of ulcerative colitis (UC) or Crohn disease').map((m) => m.code)).toEqual([]);
    expect(findDiseases('patients in the ilc group').map((m) => m.code)).toEqual([]);
    expect(findDiseases('Confirmed ILC of the breast').map((m) => m.code)).toEqual(['ILC']);
  });

  it('every clinical synonym names a real OncoTree node', () => {
    const codes = [...Object.values(CLINICAL_DISEASE_SYNONYMS), ...Object.values(CASE_SENSITIVE_DISEASE_ABBREVIATIONS)];
    expect(codes.filter((c) => !oncotree().has(c))).toEqual([]);
  });

  it('normalises any protein-coding gene and its unambiguous aliases', () => {
    expect(normalizeGene('SLFN11')).toBe('SLFN11');
    expect(normalizeGene('NAT2')).toBe('NAT2');
    expect(normalizeGene('HER2')).toBe('ERBB2');
    expect(normalizeGene('UCRP')).toBe('ISG15'); // NCBI alias of one gene only
  });

  it('finds genes the owned list lacks when the text names them', () => {
    expect(findGenes('Patients must have a slow acetylator NAT2 genotype').map((g) => g.gene)).toEqual(['NAT2']);
    expect(findGenes('SLFN11 positive biomarker').map((g) => g.gene)).toEqual(['SLFN11']);
  });

  it('ordinary words and clinical abbreviations never become genes', () => {
    // real eligibility sentences of the shared trials whose upper-case words are NCBI symbols or aliases
    const sentences = [
      'Score of ≥ 40 on Clinician Administered PTSD Scale [CAPS]', // CAPS
      'Acute myelogenous leukemia: high risk CR1 (as evidenced by preceding myelodysplastic syndrome (MDS)', // CR1
      'Patients must have the status of CNS1 or CNS2 only, and no clinical signs or neurologic symptoms suggestive of CNS leukemia', // CNS2 (TTC4)
      'Objective evidence of cervical disc disease in one vertebral level between C3-C7', // C3, C7
      'Sorafenib was the only systemic therapy for HCC and was discontinued for disease progression or intolerance (Main Global and ME2 Cohorts only).', // ME2
      'HER2-negative by fluorescence in-situ hybridization (FISH) or chromogenic in-situ hybridization (CISH)', // CISH
      'CD23 and CD10 expression by flow cytometry', // FCER2, MME aliases
      'THE PATIENT MUST REST AND SET A STAR IMPACT ON THE CLOCK, CAT, MAX', // English words in capitals
      'Systolic BP > 160 mmHg or DBP > 100 mmHg; CAD; ACE inhibitors; CRP above ULN', // clinical abbreviations
    ];
    for (const s of sentences) expect([s, findGenes(s).map((g) => g.gene)]).toEqual([s, expect.not.arrayContaining(['CISH', 'CAPS', 'CR1', 'TTC4', 'C3', 'C7', 'ME2', 'FCER2', 'MME', 'REST', 'SET', 'STAR', 'IMPACT', 'CLOCK', 'CAT', 'MAX', 'DBP', 'CAD', 'ACE', 'CRP'])]);
    expect(findGenes('HER2-negative by fluorescence in-situ hybridization (FISH) or chromogenic in-situ hybridization (CISH)').map((g) => g.gene)).toEqual(['ERBB2']);
  });

  it('a compiled eligibility sentence with capitals gets no gene criterion from them', () => {
    const c = compileEligibility('Inclusion Criteria:\n* Patients must have the status of CNS1 or CNS2 only\n* Score of 40 or more on the CAPS scale', { idPrefix: 't' });
    expect(c.filter((x) => x.spec.kind === 'alteration')).toEqual([]);
  });

  it('resolves MITRE and CIViC drugs by generic and brand name, owned classes first', () => {
    expect(normalizeDrug('Verzenio')).toBe('abemaciclib');
    expect(normalizeDrug('Kisqali')).toBe('ribociclib');
    expect(normalizeDrug('Trodelvy')).toBe('sacituzumab govitecan');
    expect(normalizeDrug('Enhertu')).toBe('trastuzumab deruxtecan');
    expect(normalizeDrug('Kadcyla')).toBe('ado-trastuzumab emtansine'); // not plain trastuzumab
    expect(normalizeDrug('Herceptin')).toBe('trastuzumab');
    expect(normalizeDrug('erlotinib hydrochloride')).toBe('erlotinib');
    expect(normalizeDrug('trastuzumab-dkst')).toBe('trastuzumab');
    expect(normalizeDrug('ibrutinib')).toBe('ibrutinib'); // CIViC only
    expect(normalizeDrug('Nutlin-3')).toBe('nutlin-3');
    // classes: the owned list decides for the drugs it has; a MITRE class category for the others
    expect(drugClasses('abemaciclib')).toEqual(['cdk46_inhibitor']);
    expect(drugClasses('ibrutinib')).toEqual([]);
    expect(findDrugs('prior treatment with Verzenio or Tecentriq').map((d) => d.drug)).toEqual(['abemaciclib', 'atezolizumab']);
    // contraceptive brands filed under MITRE "Progestin" are not drug names in free text
    expect(findDrugs('My way of life; the new day').filter((d) => d.drug)).toEqual([]);
  });

  it('every imported drug name of five characters or more resolves to a drug, contraceptive hormones aside', () => {
    const kept = ref.drugs!.content.filter(([name, , categories]) => !hormoneOnly(name, categories));
    expect(kept.length).toBeGreaterThan(350);
    const names = kept.flatMap(([name, others]) => [name, ...others]).filter((n) => n.length >= 5 && !/[()]/.test(n));
    expect(names.filter((n) => !normalizeDrug(n))).toEqual([]);
    expect(normalizeDrug('diethylstilbestrol')).toBe('diethylstilbestrol');
    expect(findDrugs('Estradiol in the premenopausal range; implanted levonorgestrel').filter((d) => d.drug)).toEqual([]);
  });
});

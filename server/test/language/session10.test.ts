import { read } from './read';
import { REGIMENS } from '../../src/vocab/drugKnowledge';

/**
 * Session 10 (issue 25): general mechanisms found by reading the misses, wrong and invented facts of the s9 lines —
 * each tested on sentences written for this file (not the benchmark's), in en/es/it.
 */
const drugs = (t: string) => read(t).patient.priorTreatments.flatMap((x) => REGIMENS[x.name.toLowerCase()] ?? [x.name]);

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

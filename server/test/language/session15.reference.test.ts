import { sharedDataDir } from '../../src/config/sharedData';
import { installReferenceVocabularies } from '../../src/vocab/reference/active';
import { readReferenceVocabularies } from '../../src/vocab/reference/readShared';
import { read } from './read';

/**
 * Session 15 (issue 25), with the reference vocabularies the app reads with (they know prednisolone, AMACR, CDX2):
 * mechanisms whose words only those vocabularies name. Sentences written for this file, en/es/it.
 */
beforeAll(() => installReferenceVocabularies(readReferenceVocabularies(sharedDataDir())));

const alts = (t: string) => read(t).patient.alterations.map((a) => `${a.gene}:${a.proteinChange ?? a.category}`);
const txNames = (t: string) => read(t).patient.priorTreatments.map((x) => x.name);

describe('markers read only by stains are no alterations', () => {
  it.each([
    ['Tumor renal (CK7+, AMACR negativo), pT1a.'],
    ['Adenocarcinoma vesical (CDX2+, GATA3 negativo).'],
    ['Renal tumour, AMACR positive, CK7 negative.'],
  ])('%s', (text) => {
    expect(alts(text)).toEqual([]);
  });
});

describe('a corticosteroid alone treats a toxicity or a symptom, beside a cancer drug it is part of the course', () => {
  it.each([
    ['Gastric cancer on nivolumab; immune colitis G3 treated with IV methylprednisolone, then an oral prednisolone taper.'],
    ['Ca de pulmón microcítico, SLC G2 que resuelve con tocilizumab y dexametasona.'],
    ['Ca prostata, compressione midollare trattata con desametasone e radioterapia.'],
  ])('%s', (text) => {
    expect(txNames(text).filter((n) => /pred|dexa/.test(n))).toEqual([]);
  });
  it.each([
    ['mCRPC: abiraterone 1000 mg + prednisone 5 mg started 02/2026.'],
    ['CPRCm en tratamiento con abiraterona y prednisona desde 2025.'],
    ['mCRPC, niraparib/abiraterone acetato + prednisone dal 03/2026.'],
  ])('%s', (text) => {
    expect(txNames(text)).toEqual(expect.arrayContaining(['abiraterone', 'prednisone']));
  });
});

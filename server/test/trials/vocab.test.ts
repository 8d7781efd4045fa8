import fs from 'node:fs';
import path from 'node:path';
import { DISEASE_SYNONYMS, findDiseases, resolveDisease } from '../../src/vocab/diseases';
import { isOncotreeCode, isWithin, oncotree, subtree } from '../../src/vocab/diseaseTree';
import { CLINICAL_GENE_ALIASES, findGenes, normalizeGene } from '../../src/vocab/geneNames';
import { CLASS_TARGETS, DRUGS, drugTargets, findDrugs, normalizeDrug, REGIMENS } from '../../src/vocab/drugKnowledge';
import { COUNTRIES } from '../../src/trials/matcher/countries';
import { DATA, inSharedTrials } from './helpers';
import { ownedOncotreeNodes } from '../../src/vocab/oncotree';

describe('OncoTree (project-owned subset of the 2025-10-03 tree)', () => {
  it('loads every owned node with subtree semantics', () => {
    expect(oncotree().size).toBe(ownedOncotreeNodes().length);
    expect(isWithin('SKCM', 'MEL')).toBe(true);
    expect(isWithin('MEL', 'SKCM')).toBe(false);
    expect(subtree('NSCLC')).toEqual(expect.arrayContaining(['LUAD', 'LUSC']));
  });
  it('every code in the project-owned synonym list exists in the shared tree', () => {
    const bad = Object.entries(DISEASE_SYNONYMS).filter(([, c]) => !isOncotreeCode(c));
    expect(bad).toEqual([]);
  });
  it('agrees with the shared focus-area table for the ten focus areas', () => {
    const rows = fs.readFileSync(path.join(DATA, 'vocab', 'oncotree', 'focus_areas.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
    for (const [, code] of rows) expect(isOncotreeCode(code)).toBe(true);
  });
  it('maps disease phrases', () => {
    expect(resolveDisease('non-small cell lung cancer')).toBe('NSCLC');
    expect(resolveDisease('Gastric cancer')).toBe('STOMACH');
    expect(resolveDisease('Cutaneous Melanoma')).toBe('SKCM');
    expect(findDiseases('patients without liver metastases')).toEqual([]);
  });
  it('leukemias map to their lineage; a bare "leukemia" stays Myeloid (no OncoTree node covers both)', () => {
    // <condition>Chronic Lymphocytic Leukemia</condition> in NCT00709033 (shared ctgov-xml)
    expect(resolveDisease('Chronic Lymphocytic Leukemia')).toBe('CLLSLL');
    expect(resolveDisease('acute lymphoblastic leukemia')).toBe('LNM');
    expect(resolveDisease('B-cell acute lymphoblastic leukemia')).toBe('BLL');
    expect(resolveDisease('T-ALL')).toBe('TLL');
    expect(resolveDisease('acute myeloid leukemia')).toBe('AML');
    expect(resolveDisease('Leukemia')).toBe('MYELOID');
    // "all" is a common word: never read as the disease
    expect(findDiseases('all patients must sign consent')).toEqual([]);
    for (const code of ['BLL', 'TLL', 'CLLSLL']) expect(isOncotreeCode(code)).toBe(true);
  });
});

describe('genes (shared NCBI list + clinical aliases)', () => {
  it('normalises symbols and aliases; every alias target is a real symbol', () => {
    expect(normalizeGene('HER2')).toBe('ERBB2');
    expect(normalizeGene('egfr')).toBe('EGFR');
    expect(normalizeGene('NOTAGENE1')).toBeUndefined();
    for (const target of Object.values(CLINICAL_GENE_ALIASES)) expect(normalizeGene(target)).toBe(target);
  });
  it('finds genes in text but not ordinary abbreviations', () => {
    expect(findGenes('EGFR L858R or ALK-positive NSCLC; ECOG 0-1; HIV negative').map((g) => g.gene)).toEqual(['EGFR', 'ALK']);
  });
});

describe('drugs (project list checked against the shared MITRE medication vocabulary)', () => {
  const mitre = JSON.parse(fs.readFileSync(path.join(DATA, 'vocab', 'mitre', 'medications.json'), 'utf8')) as Array<{ display: string; category?: string[] }>;
  const mitreText = mitre.map((m) => `${m.display} ${(m.category ?? []).join(' ')}`.toLowerCase()).join('\n');
  it('most project drugs occur in the shared medication list, and every MITRE class with a generic name we know resolves', () => {
    const names = Object.keys(DRUGS);
    const found = names.filter((n) => mitreText.includes(n.split(/[ /-]/)[0]));
    expect(found.length / names.length).toBeGreaterThan(0.5);
    const cats = [...new Set(mitre.flatMap((m) => m.category ?? []))];
    const resolved = cats.filter((c) => normalizeDrug(c));
    expect(resolved.length).toBeGreaterThan(60);
  });
  it('classes, targets and regimens are consistent', () => {
    for (const [name, e] of Object.entries(DRUGS)) for (const t of drugTargets(name)) expect(normalizeGene(t.gene)).toBe(t.gene);
    for (const genes of Object.values(CLASS_TARGETS)) for (const g of genes) expect(normalizeGene(g)).toBe(g);
    for (const parts of Object.values(REGIMENS)) for (const d of parts) expect(DRUGS[d]).toBeDefined();
    expect(findDrugs('progressed on FOLFOX').map((m) => m.drug)).toEqual(['fluorouracil', 'oxaliplatin']);
    expect(findDrugs('prior EGFR TKI').map((m) => m.drugClass)).toContain('egfr_tki');
  });
});

describe('country table', () => {
  it('has unique ISO codes and one of the six inhabited continents (or Antarctica)', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(190);
    for (const c of COUNTRIES) expect(['Africa', 'Asia', 'Europe', 'North America', 'Oceania', 'South America', 'Antarctica']).toContain(c.continent);
  });
});

describe('disease phrases as registries write them', () => {
  it.each([
    ['neoplasms, breast', 'BREAST'],
    ['carcinoma, non-small cell lung', 'NSCLC'],
    ['carcinoma, hepatocellular', 'HCC'],
    ['lung cancer, non-small cell', 'NSCLC'],
    ['non-small-cell lung carcinoma', 'NSCLC'],
    ['lymphoma, large-cell, anaplastic', 'ALCL'],
    ['head and neck squamous cell cancer', 'HNSC'],
    // unchanged: the plain phrase keeps its own code ("cancer" is not narrowed to "carcinoma")
    ['breast cancer', 'BREAST'],
    ['lung cancer', 'LUNG'],
  ])('%s -> %s', (phrase, code) => {
    expect(inSharedTrials(phrase)).toBe(true);
    expect(resolveDisease(phrase)).toBe(code);
  });
});

describe('clinical synonyms with the owned lists alone (no reference vocabularies installed)', () => {
  it('every clinical synonym and abbreviation names a node of the owned OncoTree list', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { CLINICAL_DISEASE_SYNONYMS, CASE_SENSITIVE_DISEASE_ABBREVIATIONS } = require('../../src/vocab/clinicalDiseaseSynonyms');
    const codes = [...Object.values(CLINICAL_DISEASE_SYNONYMS), ...Object.values(CASE_SENSITIVE_DISEASE_ABBREVIATIONS)] as string[];
    expect(codes.filter((c) => !isOncotreeCode(c))).toEqual([]);
  });

  it.each([
    ['bladder carcinoma', 'BLADDER'],
    ['metastatic urothelial bladder carcinoma', 'BLCA'],
    ['adenocarcinoma de pulmón', 'LUAD'],
    ['carcinoma epatocellulare', 'HCC'],
    ['cáncer de próstata resistente a la castración', 'PRAD'],
    ['carcinoma renale a cellule chiare', 'CCRCC'],
  ])('%s -> %s', (phrase, code) => {
    expect(resolveDisease(phrase)).toBe(code);
  });

  it('a bladder trial is not "more general" than a gastric patient', () => {
    expect(isWithin('STAD', resolveDisease('Bladder Carcinoma')!)).toBe(false);
  });
});

describe('investigational code names', () => {
  it('are found however the registry spaces them ("GDC -0941" in NCT01918306, "PX-866", "Raf265")', () => {
    expect(normalizeDrug('gdc -0941')).toBe('pictilisib');
    expect(normalizeDrug('GDC 0941')).toBe('pictilisib');
    expect(normalizeDrug('BKM-120')).toBe('buparlisib');
    expect(normalizeDrug('PX-866')).toBe('sonolisib');
    expect(normalizeDrug('Raf265')).toBe('raf265');
    expect(drugTargets('raf265')).toEqual([{ gene: 'BRAF' }]);
    // a code name nobody knows stays unknown
    expect(normalizeDrug('ABC-123')).toBeUndefined();
  });
});


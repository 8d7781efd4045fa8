import fs from 'node:fs';
import path from 'node:path';
import { focusAreas, type FocusArea } from '@oncodesk/shared/contracts';
import { sharedDataDir } from '../../src/config/sharedData';
import { SurveyService } from '../../src/survey/service';
import { GENES } from '../../src/vocab/genes';
import { focusAreaOfCode, focusAreaOfText, histologyCodes, oncotreeCandidates, snomedFocusTable } from '../../src/fhir/terms/cancers';
import { drugCandidates } from '../../src/fhir/terms/drugs';
import { geneCandidates, hgncTable } from '../../src/fhir/terms/genes';
import { proteinChangeOf } from '../../src/fhir/terms/hgvs';
import { MARKER_LOINC, qualitativeResult } from '../../src/fhir/terms/markers';
import { metastasisSiteOf, snomedSiteTable } from '../../src/fhir/terms/metastases';
import { ajccCode, mCategoryOf, stageMeansDistant, stageOf } from '../../src/fhir/terms/stage';
import { ecogOfKarnofsky } from '../../src/fhir/read/performance';
import { igDir, readJsonFile, readPatientBundle } from './bundles';

type Entry = { code: string; display: string; cancerType: string[]; category: string[] };
const mitre = (f: string) => readJsonFile<Entry[]>(path.join(sharedDataDir(), 'vocab', 'mitre', f));
const survey = new SurveyService();

describe('the code tables agree with the shared reference data', () => {
  it('each SNOMED cancer code is a MITRE cancer type of the same focus area', () => {
    const byCode = new Map([...mitre('cancerTypes.json'), ...mitre('cancerSubtypes.json')].map((e) => [e.code, e]));
    for (const [code, fa] of Object.entries(snomedFocusTable())) {
      expect({ code, types: byCode.get(code)?.cancerType }).toEqual({ code, types: expect.arrayContaining([fa]) });
      // and the words of its display say the same focus area where they name one
      const words = focusAreaOfText(byCode.get(code)!.display);
      if (words) expect({ code, words }).toEqual({ code, words: fa });
    }
    expect(focusAreaOfCode('http://hl7.org/fhir/sid/icd-10-cm', 'C50.912')).toBe('breast');
    expect(focusAreaOfCode('http://hl7.org/fhir/sid/icd-10', 'C18.7')).toBe('colon');
    expect(focusAreaOfText('Malignant tumor of hepatic flexure (disorder)')).toBe('colon');
    expect(focusAreaOfText('Carcinoma of gallbladder')).toBeUndefined();
    expect(focusAreaOfText('Malignant neoplastic disease (disorder)')).toBeUndefined();
  });

  it('each SNOMED metastasis code is a MITRE metastasis, and its words say the same site', () => {
    const byCode = new Map(mitre('metastases.json').map((e) => [e.code, e]));
    for (const [code, site] of Object.entries(snomedSiteTable())) {
      expect(byCode.has(code)).toBe(true);
      expect({ code, site: metastasisSiteOf('lung', [], byCode.get(code)!.display) }).toEqual({ code, site: { site } });
    }
    expect(metastasisSiteOf('breast', [{ system: 'http://snomed.info/sct', code: '94181007' }], 'Secondary malignant neoplasm of axillary lymph nodes')).toEqual({ regional: true });
    expect(metastasisSiteOf('lung', [], 'Secondary malignant neoplasm of axillary lymph nodes')).toEqual({ site: 'lymph_nodes' });
  });

  it('each tumour marker LOINC code is in the mCODE STU4 tumour marker value set (or the shared bundles) under its marker', () => {
    const vs = readJsonFile<{ compose: { include: { concept?: { code: string; display: string }[] }[] } }>(path.join(igDir, 'ValueSet-mcode-tumor-marker-test-vs.json'));
    const displays = new Map(vs.compose.include.flatMap((i) => i.concept ?? []).map((c) => [c.code, c.display]));
    const bundleCodes = new Map(
      [readPatientBundle('TrialMatching_Patient01.json'), readPatientBundle('TrialMatching_Patient02.json')]
        .flatMap((b) => b.entry.map((e) => (e.resource as { code?: { coding?: { code: string; display?: string }[] } }).code?.coding?.[0]))
        .filter((c): c is { code: string; display: string } => !!c?.display)
        .map((c) => [c.code, c.display]),
    );
    const words: Record<string, RegExp> = { ER: /Estrogen/, PR: /Progesterone/, HER2: /HER2|ERBB2/, PSA: /Prostate specific/, CEA: /Carcinoembryonic/, MSI: /Microsatellite/, TMB: /Mutations\/Megabase|Tumor mutation/, PDL1_TPS: /programmed cell death ligand 1/ };
    for (const [code, marker] of Object.entries(MARKER_LOINC)) {
      if (marker === 'AFP') continue; // LOINC 1834-1, Alpha-1-Fetoprotein in serum or plasma: not in either list
      const display = displays.get(code) ?? bundleCodes.get(code);
      expect({ code, display }).toEqual({ code, display: expect.stringMatching(words[marker]) });
    }
  });

  it('every OncoTree code the histology rules give is a valid diagnosis answer of its focus area', () => {
    for (const [fa, code] of histologyCodes()) expect({ fa, code, r: survey.validateAnswer(`diagnosis.${fa}`, code, { focusArea: fa }).ok }).toEqual({ fa, code, r: true });
    expect(oncotreeCandidates('lung', ['Nonsquamous nonsmall cell neoplasm of lung (disorder)'])[0]).toBe('NSCLC');
    expect(oncotreeCandidates('lung', ['Non-small cell lung cancer (disorder)', 'Adenocarcinoma (morphologic abnormality)'])[0]).toBe('LUAD');
    expect(oncotreeCandidates('breast', ['Malignant neoplastic disease', 'Lobular carcinoma in situ (morphologic abnormality)'])[0]).toBe('LCIS');
    expect(oncotreeCandidates('colon', ['Malignant tumor of rectum'])).toEqual(['BOWEL']);
  });

  it('HGNC ids agree with the IG examples and the shared bundles (symbol, or the gene name)', () => {
    const table = hgncTable();
    const names = new Map(GENES.map(([s, n]) => [s, n.toLowerCase()]));
    const seen: string[] = [];
    const dir = path.join(igDir, 'example');
    const files = fs.readdirSync(dir).filter((f) => f.startsWith('Observation-'));
    const bundles = [readPatientBundle('TrialMatching_Patient01.json'), readPatientBundle('TrialMatching_Patient02.json')].flatMap((b) => b.entry.map((e) => e.resource));
    for (const r of [...files.map((f) => readJsonFile<Record<string, unknown>>(path.join(dir, f))), ...(bundles as Record<string, unknown>[])]) {
      for (const c of (r.component as { code?: { coding?: { code?: string }[] }; valueCodeableConcept?: { coding?: { code?: string; display?: string }[] } }[] | undefined) ?? []) {
        if (c.code?.coding?.[0]?.code !== '48018-6') continue;
        const g = c.valueCodeableConcept?.coding?.[0];
        if (!g?.code || !table[g.code] || !g.display) continue;
        // the IG's pertinent-negative example swaps these two: HGNC:6342 is KIT, HGNC:7989 is NRAS
        if ((g.code === 'HGNC:6342' && g.display === 'NRAS') || (g.code === 'HGNC:7989' && g.display === 'KIT')) {
          expect(geneCandidates(g)).toBeNull();
          continue;
        }
        const symbol = table[g.code];
        const display = g.display.replace('biphosphate', 'bisphosphate').toLowerCase();
        expect({ id: g.code, ok: display === symbol.toLowerCase() || display === names.get(symbol) }).toEqual({ id: g.code, ok: true });
        seen.push(symbol);
      }
    }
    expect(new Set(seen)).toEqual(new Set(['ESR1', 'PIK3CA', 'CCND1', 'FGFR1', 'MDM2', 'PALB2', 'STK11', 'BCR', 'ABL1', 'BAP1', 'BRAF', 'ALK', 'MET', 'CDKN2A', 'BRCA1']));
    expect(geneCandidates({ code: 'HGNC:1582', display: 'Cyclin D1' })).toEqual(['CCND1']);
    expect(geneCandidates({ display: 'epidermal growth factor receptor' })).toEqual(['EGFR']);
  });
});

describe('reading FHIR values', () => {
  it('HGVS protein changes in the survey spelling', () => {
    expect(proteinChangeOf('NM_024675.3(PALB2):c.3549C>A (p.Tyr1183Ter)')).toBe('Y1183*');
    expect(proteinChangeOf('NP_005219.2:p.(Leu858Arg)')).toBe('L858R');
    expect(proteinChangeOf('p.Glu746_Ala750del')).toBe('E746_A750del');
    expect(proteinChangeOf('p.V600E')).toBe('V600E');
    expect(proteinChangeOf('p.Arg248fsTer12')).toBe('R248fs*12');
    expect(proteinChangeOf('NM_000455.5:c.725G>A')).toBeUndefined();
    expect(proteinChangeOf('p.?')).toBeUndefined();
  });

  it('stage groups, M categories and the stages that mean distant spread', () => {
    expect(stageOf({ system: 'http://cancerstaging.org', code: '4', display: 'IV' })).toBe('IV');
    expect(stageOf({ system: 'http://cancerstaging.org', code: '3C' })).toBe('IIIC');
    expect(stageOf({ system: 'http://snomed.info/sct', code: '1222806003', display: 'American Joint Committee on Cancer stage IIIC (qualifier value)' })).toBe('IIIC');
    expect(stageOf({ system: 'http://snomed.info/sct', code: '261632003', display: 'Stage 1A1 (qualifier value)' })).toBe('IA');
    expect(stageOf({ system: 'http://snomed.info/sct', code: '261645004', display: 'Stage 0is' })).toBe('0is');
    expect(stageOf({ display: 'FIGO Stage IIIA' })).toBe('IIIA');
    expect(stageOf({ system: 'http://snomed.info/sct', code: '1229901006', display: 'American Joint Committee on Cancer cM0 (qualifier value)' })).toBeUndefined();
    expect(ajccCode('IIIC')).toBe('3C');
    expect(ajccCode('0is')).toBe('0is');
    expect(mCategoryOf({ display: 'American Joint Committee on Cancer cM0 (qualifier value)' })).toBe('M0');
    expect(mCategoryOf({ code: 'pM1c' })).toBe('M1');
    expect(mCategoryOf({ display: 'Not Applicable' })).toBeUndefined();
    expect(stageMeansDistant('breast', 'IV')).toBe(true);
    expect(stageMeansDistant('prostate', 'IVA')).toBe(false);
    // kidney IV may be T4 M0: the stage alone does not say
    expect(stageMeansDistant('kidney', 'IV')).toBeUndefined();
    for (const fa of focusAreas.filter((f) => f !== 'kidney')) expect(typeof stageMeansDistant(fa as FocusArea, 'IV')).toBe('boolean');
  });

  it('qualitative marker results, Karnofsky as ECOG, medicine names', () => {
    expect(qualitativeResult('ER', [{ code: '10828004' }], 'Positive (qualifier value)')).toBe('positive');
    expect(qualitativeResult('HER2', [{ code: 'LA6577-6' }], 'Negative')).toBe('negative');
    expect(qualitativeResult('HER2', [], 'HER2-low (IHC 1+, or 2+ with negative ISH)')).toBe('low');
    expect(qualitativeResult('HER2', [], 'IHC 2+ equivocal')).toBeUndefined();
    expect(qualitativeResult('MSI', [{ code: 'LA26203-2' }], 'MSI-H')).toBe('high');
    expect(qualitativeResult('MSI', [], 'MSS (microsatellite stable)')).toBe('stable');
    expect([100, 90, 80, 70, 60, 50, 40, 30, 20, 10, 0].map(ecogOfKarnofsky)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, undefined]);
    expect(drugCandidates(['leuprolide Injetable Product']).slice(0, 2)).toEqual(['leuprolide', 'leuprorelin']);
    expect(survey.validateAnswer('prior_treatments', ['leuprorelin'], { focusArea: 'prostate' }).ok).toBe(true);
    expect(drugCandidates(['10 ML doxorubicin hydrochloride 2 MG/ML Injection']).slice(0, 2)).toEqual(['doxorubicin hydrochloride', 'doxorubicin']);
    expect(drugCandidates(['anastrozole 1 MG Oral Tablet'])[0]).toBe('anastrozole');
  });
});

import type { PatientData, Trial } from '@oncodesk/shared/contracts';
import { diseaseSubject } from '../../src/trials/model';
import { TrialIndex, matchPatient, scoreBothPaths, viewPatient, evaluateSpec, quickHolds, geneRelation } from '../../src/trials/matcher';
import { addressedGenes, titleGenes } from '../../src/trials/matcher/ranking';
import { compileItem } from '../../src/trials/compiler';
import { normalizePatient } from '../../src/language/normalizePatient';
import { normalizeDrug } from '../../src/vocab/drugKnowledge';
import { inSharedTrials, P, trial } from './helpers';


const drug = (name: string) => ({ name, type: 'drug' as const, otherNames: [], drugs: [] });

describe('targeted-therapy ranking terms', () => {
  it('trials whose drugs address the patient\'s gene through its pathway rank above untargeted ones (both paths agree)', () => {
    // NCT01020305 (shared HINT file): temsirolimus for castrate-resistant prostate cancer; a PTEN-lost tumour
    const mtor = trial('NCT90000101', 'Inclusion Criteria:\n- Castrate-resistant prostate cancer', { conditions: ['Prostate Cancer'], interventions: [drug('Temsirolimus'), drug('Bicalutamide')] });
    const plain = trial('NCT90000102', 'Inclusion Criteria:\n- Prostate cancer', { conditions: ['Prostate Cancer'], interventions: [drug('Docetaxel')] });
    expect(addressedGenes(mtor)).toEqual(expect.arrayContaining(['MTOR', 'PTEN', 'PIK3CA']));
    expect(addressedGenes(plain)).toEqual([]);
    const p = P({ age: 70, gender: 'male', oncotreeCode: 'PROSTATE', alterations: [{ gene: 'PTEN', category: 'deletion' }] });
    const idx = new TrialIndex([plain, mtor]);
    expect(matchPatient(idx, p, { exhaustive: true }).map((r) => r.trialId)).toEqual(['NCT90000101', 'NCT90000102']);
    for (const s of scoreBothPaths(idx, p)) expect(s.hot).toBe(s.full);
  });

  it('code names of investigational drugs resolve (GSK1120212 is trametinib, RAD001 everolimus, GDC-0941 a PI3K inhibitor)', () => {
    expect([normalizeDrug('GSK1120212'), normalizeDrug('RAD001'), normalizeDrug('GDC-0941'), normalizeDrug('PD-0332991')]).toEqual(['trametinib', 'everolimus', 'pictilisib', 'palbociclib']);
    const t = trial('NCT90000103', 'Inclusion Criteria:\n- Solid tumours', { conditions: ['Cancer'], interventions: [drug('GSK1120212'), drug('GSK2110183')] });
    expect(addressedGenes(t)).toEqual(expect.arrayContaining(['KRAS', 'NRAS', 'BRAF', 'AKT1', 'PTEN']));
  });

  it('genes named in the title, conditions or keywords', () => {
    const t = trial('NCT90000104', 'Inclusion Criteria:\n- NSCLC', { briefTitle: 'Crizotinib in ALK-positive lung cancer', conditions: ['Non-small Cell Lung Cancer'] });
    expect(titleGenes(t)).toEqual(['ALK']);
  });
});

describe('engine fixes on real sentences', () => {
  it('"ex19del" is EGFR exon 19 deletion (trial text and patient text)', () => {
    // shared HINT file
    const sentence = 'EGFR mutation (L858R and /or ex19del)';
    expect(inSharedTrials(sentence)).toBe(true);
    const specs = compileItem({ text: sentence, section: 'inclusion' }).map((c) => c.spec);
    expect(specs).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'alteration', gene: 'EGFR', proteinChange: 'L858R' }), expect.objectContaining({ kind: 'alteration', gene: 'EGFR', proteinChange: 'exon19del', category: 'mutation' })]));
    expect(normalizePatient('EGFR ex19del').patient.alterations).toEqual([expect.objectContaining({ gene: 'EGFR', proteinChange: 'exon19del', category: 'mutation' })]);
    expect(normalizePatient('EGFR exon 19 deletion').patient.alterations).toEqual([expect.objectContaining({ gene: 'EGFR', proteinChange: 'exon19del', category: 'mutation' })]);
  });

  it('a bare gene ("KRAS") is an alteration of unreported kind: unknown against a mutation / amplification requirement, still not wild-type', () => {
    const alts = normalizePatient('KRAS').patient.alterations!;
    expect(alts).toEqual([expect.objectContaining({ gene: 'KRAS', category: 'other' })]);
    expect(normalizePatient('KRAS (G13D)').patient.alterations).toEqual([expect.objectContaining({ gene: 'KRAS', proteinChange: 'G13D', category: 'mutation' })]);
    expect(normalizePatient('PTEN Inactivating').patient.alterations).toEqual([expect.objectContaining({ gene: 'PTEN', category: 'mutation' })]);
    // shared HINT file (NCT01504477)
    const wild = 'KRAS wild-type colorectal cancer';
    expect(inSharedTrials(wild)).toBe(true);
    const v = viewPatient(P({ oncotreeCode: 'PAAD', alterations: alts }));
    const mutation = { kind: 'alteration' as const, gene: 'KRAS', category: 'mutation' as const };
    const amp = { kind: 'alteration' as const, gene: 'KRAS', category: 'amplification' as const };
    expect([evaluateSpec(mutation, v).holds, quickHolds(mutation, v)]).toEqual([undefined, undefined]);
    expect([evaluateSpec(amp, v).holds, quickHolds(amp, v)]).toEqual([undefined, undefined]);
    const wt = compileItem({ text: wild, section: 'inclusion' }).find((c) => c.spec.kind === 'alteration')!.spec;
    expect([evaluateSpec(wt, v).holds, quickHolds(wt, v)]).toEqual([false, false]);
    // the gene relation of a bare gene is unchanged: a trial targeting the gene targets the patient
    expect(geneRelation({ targets: [{ gene: 'KRAS', proteinChange: 'G12C', category: 'mutation' }], genes: ['KRAS'] }, { alterations: alts }).relation).toBe('exact');
  });

  it('"Patients with ALL must have ..." in a trial also admitting AML is a condition for the ALL patients, not a requirement', () => {
    // NCT01411267 (shared HINT file)
    const sentence = 'Patients with ALL must have MLL gene rearrangement or hyperdiploid >50 chromosomes.';
    expect(inSharedTrials(sentence)).toBe(true);
    expect(diseaseSubject(sentence)).toEqual(['LNM']);
    const both = trial('NCT90000105', `Inclusion Criteria:\n- ${sentence}`, { conditions: ['lymphoblastic leukemia, acute, childhood', 'myelogenous leukemia, acute, childhood'] });
    const alt = both.eligibility.criteria.find((c) => c.spec.kind === 'alteration')!;
    expect(alt.spec).toEqual(expect.objectContaining({ gene: 'KMT2A', category: 'fusion' }));
    expect(alt.confidence).toBeLessThan(0.6);
    const aml = P({ age: 10, oncotreeCode: 'AML', alterations: [{ gene: 'FLT3', category: 'mutation' }] });
    expect(matchPatient(new TrialIndex([both]), aml, { exhaustive: true })[0].verdict).not.toBe('no_match');
    // a trial for ALL only: the same sentence is a requirement
    const allOnly = trial('NCT90000106', `Inclusion Criteria:\n- ${sentence}`, { conditions: ['acute lymphoblastic leukemia'] });
    expect(allOnly.eligibility.criteria.find((c) => c.spec.kind === 'alteration')!.confidence).toBeGreaterThanOrEqual(0.6);
  });

  it('"... may be considered" is a possibility, not an alteration requirement', () => {
    // NCT02389842 (shared HINT file); the splitter cuts the sentence after "e.g."
    const sentence = 'Other cancers with relevant genetic aberrations (e.g. KRAS mutations) may be considered, depending on emerging preclinical and clinical data on these novel antitumour agents.';
    expect(inSharedTrials(sentence)).toBe(true);
    for (const text of [sentence, 'KRAS mutations) may be considered, depending on emerging preclinical and clinical data on these novel antitumour agents.'])
      expect(compileItem({ text, section: 'inclusion' }).filter((c) => c.spec.kind === 'alteration' && c.confidence >= 0.6)).toEqual([]);
  });
});

describe('gene relation, as the TREC PM assessors label it', () => {
  it('a gene given without a variant is exactly what any mention of the gene names; an expression level needs the gene\'s expression named', () => {
    expect(geneRelation({ targets: [], genes: ['EGFR'] }, { alterations: [{ gene: 'EGFR', category: 'other' }] }).relation).toBe('exact');
    // "tumor cells with >50% membranous PD-L1 expression" (TREC 2018): a trial that only names PD-L1 does not name the level
    const pdl1 = { alterations: [{ gene: 'CD274', category: 'expression' as const }] };
    expect(geneRelation({ targets: [], genes: ['CD274'] }, pdl1).relation).toBe('gene_without_variant');
    expect(geneRelation({ targets: [{ gene: 'CD274', category: 'expression' }], genes: ['CD274'] }, pdl1).relation).toBe('exact');
    // a specific variant against a gene mention stays "variant not stated"
    expect(geneRelation({ targets: [], genes: ['BRAF'] }, { alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }] }).relation).toBe('gene_without_variant');
    expect(geneRelation({ targets: [], genes: ['KRAS'] }, { alterations: [{ gene: 'EGFR', category: 'other' }] }).relation).toBe('not_targeted');
  });

  it('"mutation or amplification of c-KIT" (any alteration class) names an amplified KIT', () => {
    const t = { targets: [{ gene: 'KIT', category: 'any' }, { gene: 'KIT', category: 'mutation' }], genes: ['KIT'] };
    expect(geneRelation(t, { alterations: [{ gene: 'KIT', category: 'amplification' }] }).relation).toBe('exact');
    expect(geneRelation({ targets: [{ gene: 'KIT', category: 'mutation' }], genes: ['KIT'] }, { alterations: [{ gene: 'KIT', category: 'amplification' }] }).relation).toBe('different_variant');
  });

  it('"BRAF mutation" beside "BRAF V600" leaves a K601E patient\'s variant unstated, not different (NCT02354690)', () => {
    const k601e = { alterations: [{ gene: 'BRAF', proteinChange: 'K601E', category: 'mutation' as const }] };
    expect(geneRelation({ targets: [{ gene: 'BRAF', category: 'mutation' }, { gene: 'BRAF', proteinChange: 'V600', wildcard: true, category: 'mutation' }], genes: ['BRAF'] }, k601e).relation).toBe('gene_without_variant');
    expect(geneRelation({ targets: [{ gene: 'BRAF', proteinChange: 'V600', wildcard: true, category: 'mutation' }], genes: ['BRAF'] }, k601e).relation).toBe('different_variant');
  });

  it('a PD-L1 selected population and an anti-PD-L1 antibody name PD-L1 expression; PD-1 / PD-L1 antibodies address it', () => {
    const pdl1 = { alterations: [{ gene: 'CD274', category: 'expression' as const }] };
    const selected = trial('NCT90000077', 'Inclusion Criteria:\n- PD-L1 positive tumor (TPS >= 1%)', { conditions: ['Non-small Cell Lung Cancer'] });
    expect(selected.targets).toContainEqual(expect.objectContaining({ gene: 'CD274', category: 'expression' }));
    expect(geneRelation(selected, pdl1).relation).toBe('exact');
    const atezolizumab = trial('NCT90000078', 'Inclusion Criteria:\n- Metastatic triple negative breast cancer', { conditions: ['Breast Cancer'], interventions: [{ type: 'drug', name: 'Atezolizumab', otherNames: [], drugs: [] }] });
    expect(geneRelation(atezolizumab, pdl1).relation).toBe('exact');
    expect(addressedGenes({ interventions: [{ type: 'drug', name: 'Pembrolizumab', drugs: [normalizeDrug('pembrolizumab')!] }] } as never)).toContain('CD274');
  });
});

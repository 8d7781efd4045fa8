/**
 * Misreads that reversed verdicts, each fixed at its cause and tested on the real sentence of the shared
 * trials: eligibility to receive a therapy is not prior therapy; generations of a drug class are told apart;
 * "A or B cancer" keeps both; intolerance or allergy to a drug is not prior exposure to it.
 */
import { compileItem } from '../../src/trials/compiler';
import { parseCtgovXml, parseHintCsv } from '../../src/trials/importers';
import { matchTrial, viewPatient } from '../../src/trials/matcher';
import { inSharedTrials, P, read } from './helpers';
import { sharedHintFile } from '../support/compiledTrials';
import { proteinChangeMatches } from '../../src/vocab/proteinChange';

// The HINT file compiled once for this file, not once per test (1,717 trials: seconds of CPU each time).
let hintCache: ReturnType<typeof parseHintCsv>['trials'] | undefined;
const hintTrials = () => (hintCache ??= sharedHintFile().trials);

const item = (text: string, section: 'inclusion' | 'exclusion') => {
  expect(inSharedTrials(text)).toBe(true);
  return compileItem({ section, text } as Parameters<typeof compileItem>[0]).map((c) => ({ polarity: c.polarity, spec: c.spec }));
};

describe('eligibility-compiler precision', () => {
  it('"Eligible to receive treatment with the selected doublet-chemotherapy" (AURA3) requires no prior chemotherapy', () => {
    expect(item('Eligible to receive treatment with the selected doublet-chemotherapy', 'inclusion').some((c) => c.spec.kind === 'prior_therapy')).toBe(false);
  });

  it('"Previous treatment with Osimertinib, or a 3rd generation EGFR TKI" excludes third-generation TKIs only', () => {
    const [c] = item('Previous treatment with Osimertinib, or a 3rd generation EGFR TKI', 'exclusion');
    expect(c).toEqual({ polarity: 'exclusion', spec: { kind: 'prior_therapy', drugs: ['osimertinib'], classes: ['egfr_tki_3g'] } });
  });

  it('AURA3 (NCT02151981) is open to a T790M patient treated with erlotinib, closed to one treated with osimertinib', () => {
    const aura3 = hintTrials().find((t) => t.id === 'NCT02151981')!;
    const patient = (drug: string) => viewPatient(P({ oncotreeCode: 'LUAD', age: 60, gender: 'female', stage: 'IV', metastatic: true, ecog: 1, alterations: [{ gene: 'EGFR', proteinChange: 'T790M', category: 'mutation' }, { gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }], priorTreatments: [{ name: drug, kind: 'drug' }] }));
    const prior = (drug: string) => matchTrial(aura3, patient(drug)).results.filter((r) => r.kind === 'prior_therapy');
    expect(prior('erlotinib').some((r) => r.status === 'no_match')).toBe(false);
    expect(prior('osimertinib').some((r) => r.status === 'no_match' && /osimertinib/i.test(r.source))).toBe(true);
    expect(matchTrial(aura3, patient('erlotinib')).verdict).not.toBe('not_eligible');
  });

  it('"colon or rectal cancer" admits both (NCT00707889), and a colon cancer patient meets it', () => {
    expect(inSharedTrials('locally recurrent or metastatic colon or rectal cancer')).toBe(true);
    const c = compileItem({ section: 'inclusion', text: 'Histologically confirmed locally recurrent or metastatic colon or rectal cancer' } as never).find((x) => x.spec.kind === 'diagnosis')!;
    expect(c.spec).toMatchObject({ kind: 'diagnosis', codes: expect.arrayContaining(['COAD', 'READ']) });
    const t = parseCtgovXml(read('trials/ctgov-xml/NCT00707889.xml')).trials[0];
    const m = matchTrial(t, viewPatient(P({ oncotreeCode: 'COAD', age: 60, gender: 'male', metastatic: true })));
    expect(m.results.filter((r) => r.kind === 'diagnosis').every((r) => r.status !== 'no_match')).toBe(true);
    // "Subject has a known intolerance to bevacizumab. Subject has untreated brain ..." (one unbulleted item):
    // no requirement of prior bevacizumab; "more than one prior therapy in the metastatic setting" is a line count
    const prior = t.eligibility.criteria.filter((x) => x.spec.kind === 'prior_therapy');
    expect(prior.some((x) => x.spec.kind === 'prior_therapy' && x.spec.drugs.includes('bevacizumab'))).toBe(false);
    expect(prior.find((x) => /more than one prior therapy/.test(x.source))?.spec).toMatchObject({ kind: 'prior_therapy', minLines: 2 });
  });

  it('intolerance or allergy to a drug is not prior exposure to it; "progressed on or intolerant to" still is', () => {
    expect(compileItem({ section: 'exclusion', text: 'Known intolerance to bevacizumab' } as never).some((c) => c.spec.kind === 'prior_therapy')).toBe(false);
    expect(compileItem({ section: 'exclusion', text: 'Known hypersensitivity to oxaliplatin or fluorouracil' } as never).some((c) => c.spec.kind === 'prior_therapy')).toBe(false);
    expect(compileItem({ section: 'inclusion', text: 'Patients who progressed on or were intolerant to imatinib' } as never).some((c) => c.spec.kind === 'prior_therapy')).toBe(true);
  });

  it('definitions of child-bearing potential and post-menopause require nothing: a man is not failed on "postmenopausal" (NCT02145910, NCT02915666)', () => {
    expect(item('A female of child-bearing potential is any woman (regardless of sexual orientation, having undergone a tubal ligation, or remaining celibate by choice) who meets the following criteria:', 'inclusion').map((c) => c.spec)).toEqual([{ kind: 'administrative', topic: 'definition' }]);
    const hint = hintTrials();
    const man = viewPatient(P({ oncotreeCode: 'MEL', age: 64, gender: 'male', stage: 'IV', metastatic: true, alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }] }));
    for (const id of ['NCT02145910', 'NCT02915666']) {
      const m = matchTrial(hint.find((t) => t.id === id)!, man);
      expect(m.results.filter((r) => r.kind === 'menopausal_status' || r.kind === 'prior_procedure').filter((r) => r.status === 'no_match')).toEqual([]);
      expect(m.verdict).not.toBe('not_eligible');
    }
    // a real requirement stays one
    expect(item('Postmenopausal women', 'inclusion').map((c) => c.spec)).toEqual([{ kind: 'menopausal_status', status: 'postmenopausal' }]);
  });

  it('sub-items naming whom a criterion applies to ("LVEF < 45% in patients with: - Age >= 60") do not exclude alone (NCT00610311)', () => {
    const t = hintTrials().find((x) => x.id === 'NCT00610311')!;
    const age = t.eligibility.criteria.find((c) => c.spec.kind === 'age' && /60 years/.test(c.source))!;
    expect(age.confidence).toBeLessThanOrEqual(0.5);
    const lvef = t.eligibility.criteria.find((c) => c.spec.kind === 'lab' && /ejection fraction/i.test(c.source))!;
    expect(lvef.confidence).toBeLessThanOrEqual(0.5);
    const woman = viewPatient(P({ oncotreeCode: 'MEL', age: 74, gender: 'female', stage: 'IV', metastatic: true }));
    expect(matchTrial(t, woman).verdict).not.toBe('not_eligible');
    // an age limit of its own still excludes
    expect(t.eligibility.criteria.find((c) => c.spec.kind === 'age' && /18 years/.test(c.source))?.confidence).toBeGreaterThan(0.5);
  });

  it('an NGS change meets the exon a criterion names, and alternatives of one sentence count once (NCT02438722)', () => {
    expect(proteinChangeMatches('EGFR', 'exon19del', false, 'E746_A750del')).toBe(true);
    expect(proteinChangeMatches('EGFR', 'exon21', false, 'L858R')).toBe(true);
    expect(proteinChangeMatches('EGFR', 'exon20ins', false, 'A767_V769dup')).toBe(true);
    expect(proteinChangeMatches('EGFR', 'exon19del', false, 'L858R')).toBe(false);
    expect(proteinChangeMatches('EGFR', 'exon21', false, 'T790M')).toBe(false);
    expect(proteinChangeMatches('KRAS', 'exon2', false, 'G13D')).toBe(true);
    expect(proteinChangeMatches('KRAS', 'exon3', false, 'G13D')).toBe(false);
    // genes without exon coordinates are not guessed
    expect(proteinChangeMatches('ALK', 'exon20', false, 'F1174L')).toBe(false);
    const t = hintTrials().find((x) => x.id === 'NCT02438722')!;
    const patient = (pc: string) => viewPatient(P({ oncotreeCode: 'LUAD', age: 60, gender: 'female', stage: 'IV', metastatic: true, alterations: [{ gene: 'EGFR', proteinChange: pc, category: 'mutation' }] }));
    for (const pc of ['L858R', 'E746_A750del']) {
      const m = matchTrial(t, patient(pc));
      const egfr = m.results.filter((r) => r.kind === 'alteration' && /exon 19 deltion or exon 21/.test(r.source));
      expect(egfr.some((r) => r.status === 'match')).toBe(true);
      // "exon 19 deletion or exon 21 (L858R)": one criterion met, not "1 met, 2 not met"
      expect(m.counts.no_match).toBe(m.results.filter((r) => r.status === 'no_match' && !/exon 19 deltion or exon 21/.test(r.source)).length);
    }
    expect(matchTrial(t, patient('G719A')).results.filter((r) => r.kind === 'alteration' && /exon 19 deltion/.test(r.source)).every((r) => r.status === 'no_match')).toBe(true);
  });
});

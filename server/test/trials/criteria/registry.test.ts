import { CriterionKind, type CompiledCriterion, type CriterionOverride, type CriterionResult, type CriterionSpec } from '@oncodesk/shared/contracts';
import { DETECTORS } from '../../../src/trials/compiler';
import { CRITERIA } from '../../../src/trials/criteria/registry';
import type { CriterionModule } from '../../../src/trials/criteria/types';
import { evaluateCriterion, fastVerdict, quickHolds, verdictOf, viewPatient } from '../../../src/trials/matcher';
import { P } from '../helpers';

/**
 * Issue 27, "the trial engine by construction": one module per criterion kind (src/trials/criteria/<kind>/),
 * held by a registry typed so that a kind missing any part does not compile.
 */
describe('criterion kind registry', () => {
  it('holds one module per contract kind, each under its own name', () => {
    expect(Object.keys(CRITERIA).sort()).toEqual([...CriterionKind.options].sort());
    for (const [kind, m] of Object.entries(CRITERIA)) expect(m.kind).toBe(kind);
  });

  it('a registry without a kind, or with a module lacking a part, does not compile', () => {
    const { age: _age, ...withoutAge } = CRITERIA;
    // @ts-expect-error: 'age' is missing
    const missing = withoutAge satisfies { [K in CriterionKind]: CriterionModule<K> };
    const { describe: _d, ...noWords } = CRITERIA.sex;
    // @ts-expect-error: a module without its words
    const partial = { ...CRITERIA, sex: noWords } satisfies { [K in CriterionKind]: CriterionModule<K> };
    expect([missing, partial].length).toBe(2);
  });

  it('runs the sentence detectors in their historical order (criteria ids follow it)', () => {
    expect(DETECTORS.map(([name]) => name)).toEqual([
      'age',
      'sex',
      'ecog/karnofsky',
      'stage',
      'brain_metastases/metastasis_site/metastatic',
      'diagnosis',
      'alteration',
      'tmb',
      'mmr/msi',
      'receptor',
      'prior_therapy',
      'measurable_disease',
      'resectability',
      'lab',
      'pregnancy',
      'comorbidity',
      'menopausal_status',
      'life_expectancy',
      'histologic_grade',
      'organ_function',
      'recent_therapy',
      'prior_procedure',
      'concomitant_medication',
      'hypersensitivity',
    ]);
  });

  it('quickHolds dispatches to the kind module, and refuses a kind the registry lacks', () => {
    const v = viewPatient(P({ age: 70 }));
    expect(quickHolds({ kind: 'age', min: 18 }, v)).toBe(CRITERIA.age.holds({ kind: 'age', min: 18 }, v));
    expect(() => quickHolds({ kind: 'no_such_kind' } as unknown as CriterionSpec, v)).toThrow(/without a truth rule/);
  });
});

describe('alternatives of one sentence, grouped once', () => {
  const sentence = 'Documented EGFR exon 19 deletion, L858R or T790M mutation';
  const alt = (id: string, proteinChange: string): CompiledCriterion => ({
    id,
    polarity: 'inclusion',
    spec: { kind: 'alteration', gene: 'EGFR', category: 'mutation', proteinChange },
    source: sentence,
    confidence: 0.9,
    origin: 'text',
  });
  const criteria: CompiledCriterion[] = [
    { id: 'd', polarity: 'inclusion', spec: { kind: 'diagnosis', codes: ['LUAD'] }, source: 'Lung adenocarcinoma', confidence: 0.9, origin: 'text' },
    alt('a1', 'L858R'),
    alt('a2', 'T790M'),
    alt('a3', 'G719X'),
  ];
  const view = viewPatient(P({ oncotreeCode: 'LUAD', alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }] }));

  it('count as one criterion, met when one is', () => {
    const v = verdictOf(criteria.map((c) => evaluateCriterion(c, view)));
    expect([v.verdict, v.counts]).toEqual(['match', { match: 2, no_match: 0, unknown: 0, not_deciding: 0 }]);
  });

  it('a clinician override takes a criterion out of its group on every path (the explained verdict counted the group twice)', () => {
    const overrides = new Map<string, CriterionOverride>([['T#a3', { criterionId: 'T#a3', status: 'no_match' }]]);
    const results: CriterionResult[] = criteria.map((c) => {
      const r = evaluateCriterion(c, view);
      return c.id === 'a3' ? { ...r, status: 'no_match', overridden: true } : r;
    });
    const fast = fastVerdict('T', criteria, view, overrides);
    expect(verdictOf(results)).toEqual(fast);
    // the diagnosis, the group (a1 or a2: met) and the overridden alternative (not met)
    expect(fast.counts).toEqual({ match: 2, no_match: 1, unknown: 0, not_deciding: 0 });
    expect(fast.verdict).toBe('no_match');
  });
});

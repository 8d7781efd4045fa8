/**
 * Distant spread from a stage group, defined once (vocab/stage.ts) and read by the matcher, the guideline
 * engine, the FHIR reader and the language reader (issue 27: stage IV was metastatic in one, not in another).
 */
import { stageMeansDistant } from '../../src/vocab/stage';
import { TrialIndex, matchPatient } from '../../src/trials/matcher';
import { P, trial } from '../trials/helpers';

describe('stage groups and distant spread', () => {
  it.each([
    ['lung', 'IVA', true],
    ['breast', 'Stage IV', true],
    ['prostate', 'IVA', false],
    ['prostate', 'IVB', true],
    ['thyroid', 'IVC', true],
    ['liver', 'IVA', false],
    ['cervix_uteri', 'IVA', false],
    ['kidney', 'IV', undefined],
    ['colon', 'IIIC', false],
    [undefined, 'IV', true],
    [undefined, 'IVB', undefined],
    [undefined, 'T2N0', undefined],
    ['bladder', 'IVA', undefined],
    ['thyroid', 'IVB', undefined],
  ] as const)('%s stage %s → %s', (focus, stage, expected) => {
    expect(stageMeansDistant(focus, stage)).toBe(expected);
  });

  it('the matcher reads a prostate IVA patient as not metastatic and a kidney IV patient as unknown', () => {
    const metastaticOnly = trial('NCT90000077', 'Inclusion Criteria:\n- Metastatic disease\n', { conditions: ['Prostate Cancer'] });
    const status = (focusArea: 'prostate' | 'kidney', oncotreeCode: string, stage: string) => {
      const [r] = matchPatient(new TrialIndex([metastaticOnly]), P({ age: 66, gender: 'male', focusArea, oncotreeCode, stage }), {
        purposes: 'all',
        exhaustive: true,
      });
      return r.results.find((x) => x.kind === 'metastatic')?.status;
    };
    expect(status('prostate', 'PRAD', 'IVA')).toBe('no_match');
    expect(status('prostate', 'PRAD', 'IVB')).toBe('match');
    expect(status('kidney', 'CCRCC', 'IV')).toBe('unknown');
  });
});

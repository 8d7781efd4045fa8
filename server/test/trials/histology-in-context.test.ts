import { histologyInTrialDisease } from '../../src/trials/compiler/histologyInContext';
import { matchTrial, viewPatient } from '../../src/trials/matcher';
import { P, trial } from './helpers';

// A histology named without its organ ("Histologically confirmed adenocarcinoma") is read under the trial's
// own disease in OncoTree (ATTRACTION-2, NCT02267343, was "unknown" for every patient because of it).
describe('a histology read under the trial disease', () => {
  it('takes the highest OncoTree nodes under the trial disease that carry the histology', () => {
    expect(histologyInTrialDisease('Histologically confirmed adenocarcinoma', ['STOMACH'])?.codes).toEqual(['EGC']);
    expect(histologyInTrialDisease('Histologically or cytologically documented squamous cell carcinoma.', ['LUNG'])?.codes).toEqual(['LUSC']);
    expect(histologyInTrialDisease('Patients must have histologically proven adenocarcinoma or squamous cell carcinoma', ['STOMACH'])?.codes.sort()).toEqual([
      'EGC',
      'ESCC',
    ]);
    expect(histologyInTrialDisease('Histologically confirmed diagnosis of urothelial carcinoma', ['BLADDER'])?.codes).toContain('BLCA');
    // the trial disease is already that histology: the sentence confirms it
    expect(histologyInTrialDisease('Histologically confirmed adenocarcinoma', ['STAD'])?.codes).toEqual(['STAD']);
  });

  it('says nothing when the sentence says more, negates the histology, or the histology is not under the trial disease', () => {
    // the organ named: the disease detector's sentence, not this reader's
    expect(histologyInTrialDisease('Histologically confirmed adenocarcinoma of the stomach', ['STOMACH'])).toBeUndefined();
    expect(histologyInTrialDisease('Histologically confirmed adenocarcinoma with a signet ring component', ['STOMACH'])).toBeUndefined();
    expect(histologyInTrialDisease('Histologically confirmed non-squamous carcinoma', ['LUNG'])).toBeUndefined();
    expect(histologyInTrialDisease('Adenocarcinoma', ['STOMACH'])).toBeUndefined();
    // squamous under a lung adenocarcinoma trial: not guessed
    expect(histologyInTrialDisease('Histologically confirmed squamous cell carcinoma', ['LUAD'])).toBeUndefined();
    expect(histologyInTrialDisease('Histologically confirmed adenocarcinoma', [])).toBeUndefined();
    expect(histologyInTrialDisease('Histologically confirmed adenocarcinoma', ['TISSUE'])).toBeUndefined();
  });

  it('a gastric trial requiring adenocarcinoma: met by a stomach adenocarcinoma, failed by a squamous carcinoma, unknown without a histology', () => {
    const t = trial('NCT09000001', 'Inclusion Criteria:\n- Histologically confirmed adenocarcinoma\n- ECOG 0 or 1', { conditions: ['Gastric Cancer'] });
    const read = t.eligibility.criteria.filter((c) => c.source === 'Histologically confirmed adenocarcinoma');
    expect(read.map((c) => [c.polarity, c.spec.kind])).toEqual([['inclusion', 'diagnosis']]);
    const status = (oncotreeCode: string) =>
      matchTrial(t, viewPatient(P({ age: 60, gender: 'male', oncotreeCode, ecog: 1 }))).results.find((r) => r.criterionId.endsWith(`#${read[0].id}`))?.status;
    expect(status('STAD')).toBe('match');
    expect(status('GEJ')).toBe('match');
    expect(status('ESCC')).toBe('no_match');
    expect(status('STOMACH')).toBe('unknown');
  });
});

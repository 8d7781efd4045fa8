import { parseTrials } from '../../src/trials/importers';
import { matchTrial, viewPatient } from '../../src/trials/matcher';
import { resolveDisease } from '../../src/vocab/diseases';
import { P, read, trial } from './helpers';

/** The shared NCI CTS record of one trial, imported as the catalogue imports it. */
function nci(id: string) {
  const line = read('trials/nci-cts/trials.jsonl')
    .split('\n')
    .find((l) => l.includes(`"nct_id": "${id}"`));
  expect(line).toBeDefined();
  const [t] = parseTrials(line!, 'nci-cts/trials.jsonl').trials;
  return t;
}
const diagnosis = (t: ReturnType<typeof nci>, p: ReturnType<typeof P>) =>
  matchTrial(t, viewPatient(p))
    .results.filter((r) => r.kind === 'diagnosis')
    .map((r) => r.status);

const patient = (oncotreeCode: string, priorLines = 1) => P({ age: 62, gender: 'male', oncotreeCode, metastatic: true, ecog: 1, priorLines });

describe('a trial for another subtype does not match through the disease tree', () => {
  it('translocation RCC (NCT03595124) is TRCC, not renal cell carcinoma: no match for clear-cell RCC', () => {
    const t = nci('NCT03595124');
    expect(t.diseaseCodes).toEqual(['TRCC']);
    expect(diagnosis(t, patient('CCRCC'))).toEqual(['no_match']);
    expect(matchTrial(t, viewPatient(patient('CCRCC'))).verdict).not.toBe('match');
    expect(diagnosis(t, patient('TRCC'))).toEqual(['match']);
  });

  it('a rare-GU trial (NCT03866382) lists its RCC subtypes; "Stage IV Renal Cell Cancer" stages them, it does not add RCC', () => {
    const t = nci('NCT03866382');
    expect(t.diseaseCodes).toEqual(expect.arrayContaining(['PRCC', 'CHRCC', 'CDRCC', 'SRCC', 'MRC']));
    expect(t.diseaseCodes).not.toContain('RCC');
    expect(t.diseaseCodes).not.toContain('CCRCC');
    expect(diagnosis(t, patient('CCRCC'))).toEqual(['no_match']);
    expect(diagnosis(t, patient('PRCC'))).toEqual(['match']);
  });

  it('an esophageal cancer trial (ATTRACTION-3, NCT02569242 as the HINT file holds it) is no match for gastric adenocarcinoma', () => {
    const t = trial(
      'NCT02569242',
      `Inclusion Criteria:
- Men & women ≥20 years of age
- Histologically confirmed unresectable advanced or recurrent esophageal cancer
- Refractory to or intolerant of standard therapy
- ECOG Performance Status score 0 or 1
Exclusion Criteria:
- Patients with multiple primary cancers`,
      { conditions: ['esophageal cancer'], briefTitle: 'Nivolumab and docetaxel/paclitaxel in esophageal cancer', phases: ['3'] },
    );
    expect(t.diseaseCodes).toEqual(['ESCA', 'ESCC', 'EPDCA']);
    const gastric = matchTrial(t, viewPatient(patient('STAD')));
    expect(gastric.results.filter((r) => r.kind === 'diagnosis').map((r) => r.status)).toEqual(['no_match', 'no_match']);
    expect(gastric.verdict).toBe('no_match');
    // a second-line oesophageal squamous patient is what it is for
    expect(matchTrial(t, viewPatient(patient('ESCC'))).verdict).toBe('match');
    // a patient's "esophageal cancer" stays the one (unspecific) code it was
    expect(resolveDisease('esophageal cancer')).toBe('STOMACH');
  });
});

import type { Citation } from '@oncodesk/shared/contracts';
import { citationTarget } from './citations';

const cite = (over: Partial<Citation> & Pick<Citation, 'kind'>): Citation => ({ id: 'x', label: 'x', ...over });

describe('citationTarget', () => {
  it("opens each kind of source at the trials remote's own paths", () => {
    expect(citationTarget(cite({ kind: 'trial', id: 'NCT01', trialId: 'NCT01' }), 'p1')).toEqual({ route: '/clinical-trials/p1/trial/NCT01' });
    expect(citationTarget(cite({ kind: 'criterion', id: 'c-3', trialId: 'NCT01' }), 'p1')).toEqual({ route: '/clinical-trials/p1/graph/NCT01#criterion-c-3' });
    expect(citationTarget(cite({ kind: 'guideline', id: 'r1' }), 'p1')).toEqual({ route: '/clinical-trials/p1/recommendations' });
    expect(citationTarget(cite({ kind: 'document', id: 'd1', documentId: 'd1', page: 2 }), 'p1')).toEqual({ route: '/clinical-trials/p1/reports' });
    expect(citationTarget(cite({ kind: 'patient', id: 'age' }), 'p1')).toEqual({ route: '/clinical-trials/p1/survey' });
    expect(citationTarget(cite({ kind: 'evidence', id: 'EID1', url: 'https://civicdb.org/evidence/1' }), 'p1')).toEqual({ url: 'https://civicdb.org/evidence/1' });
  });

  it("prefers the citation's own patient, and opens nothing it cannot place", () => {
    expect(citationTarget(cite({ kind: 'trial', id: 'NCT01', patientId: 'p2' }), 'p1')).toEqual({ route: '/clinical-trials/p2/trial/NCT01' });
    expect(citationTarget(cite({ kind: 'trial', id: 'NCT01' }), null)).toBeNull();
    expect(citationTarget(cite({ kind: 'evidence', id: 'EID1' }), 'p1')).toBeNull();
    expect(citationTarget(cite({ kind: 'criterion', id: 'c-3' }), 'p1')).toBeNull();
  });

  it('encodes ids that are not URL-safe', () => {
    expect(citationTarget(cite({ kind: 'trial', id: 'local/7', trialId: 'local/7' }), 'p 1')).toEqual({ route: '/clinical-trials/p%201/trial/local%2F7' });
  });
});

import { contextFromParams, suggestionKey } from './context';

describe('"Ask about this" context', () => {
  it('reads only the context parameters that are there', () => {
    expect(contextFromParams(new URLSearchParams('patientId=p1&trialId=NCT01&searchKey=global'))).toEqual({ trialId: 'NCT01', searchKey: 'global' });
    expect(contextFromParams(new URLSearchParams('patientId=p1&recommendationId=r1'))).toEqual({ recommendationId: 'r1' });
    expect(contextFromParams(new URLSearchParams('patientId=p1'))).toBeNull();
  });
  it('suggests the question that fits', () => {
    expect(suggestionKey({ trialId: 'NCT01', searchKey: 'global' })).toBe('suggest.trial');
    expect(suggestionKey({ recommendationId: 'r1' })).toBe('suggest.recommendation');
    expect(suggestionKey({ searchKey: 'global' })).toBe('suggest.search');
  });
});

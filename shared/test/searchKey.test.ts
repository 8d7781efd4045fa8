import { locationOfKey, searchKeyOf } from '../src/contracts/trials';

describe('the search-key codec (server cache, results URL, client cache)', () => {
  it('gives one key per scope: lists de-duplicated and sorted, the patient\'s own place when none is given', () => {
    expect(searchKeyOf({ scope: 'country', countryCodes: ['IT', 'ES', 'IT'] })).toBe('country:ES,IT');
    expect(searchKeyOf({ scope: 'country' }, 'IT')).toBe('country:IT');
    expect(searchKeyOf({ scope: 'continent' }, 'IT', 'Europe')).toBe('continent:Europe');
    expect(searchKeyOf({ scope: 'radius', km: 100 })).toBe('radius:100');
    expect(searchKeyOf({ scope: 'global' })).toBe('global');
  });
  it('decodes what it encodes', () => {
    for (const key of ['global', 'radius:500', 'country:ES,IT', 'continent:Europe,North America']) expect(searchKeyOf(locationOfKey(key))).toBe(key);
    expect(locationOfKey('nonsense')).toEqual({ scope: 'global' });
  });
});

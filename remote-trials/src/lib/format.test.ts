import { sortResults } from './format';
import { matched } from '../test/fixtures';

describe('result order', () => {
  it('"best match" is the server\'s order, never re-sorted in the browser (a not-eligible trial the server ranks above a no-match stays there)', () => {
    const list = [matched('NCT1', { verdict: 'match' }), matched('NCT2', { verdict: 'not_eligible' }), matched('NCT3', { verdict: 'no_match' })];
    expect(sortResults(list, 'score').map((m) => m.trial.id)).toEqual(['NCT1', 'NCT2', 'NCT3']);
  });
});

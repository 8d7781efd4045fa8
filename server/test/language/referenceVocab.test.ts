import { sharedDataDir } from '../../src/config/sharedData';
import { installReferenceVocabularies } from '../../src/vocab/reference/active';
import { readReferenceVocabularies } from '../../src/vocab/reference/readShared';
import { normalizeDrug } from '../../src/vocab/drugKnowledge';
import { drugs, read } from './read';

/**
 * Session 10 (issue 25): the reader with the reference vocabularies installed, as the product and the benchmark read
 * (they know general medicines the owned vocabulary does not). Sentences written for this file.
 */
beforeAll(() => installReferenceVocabularies(readReferenceVocabularies(sharedDataDir())));

describe('a medicine for another illness is no cancer treatment', () => {
  it('the reference vocabularies know metformin (else this test proves nothing)', () => {
    expect(normalizeDrug('metformin')).toBe('metformin');
  });
  it.each([
    'HCC on sorafenib since 2024, on entecavir for HBV, on metformin.',
    'Ca mammario, diabete in terapia con metformina; letrozolo in corso.',
    'CPNM, en tratamiento con aspirina; osimertinib desde 2023.',
  ])('%s', (text) => {
    const d = drugs(text);
    expect(d).not.toContain('metformin');
    expect(d).not.toContain('aspirin');
  });
});

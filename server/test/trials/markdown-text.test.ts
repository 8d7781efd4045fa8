/**
 * ClinicalTrials.gov API v2 serves free text as Markdown: its backslash escapes are undone once, where the record is
 * read, so the detail page, the compiler and the assistant see "HLA-A*02:01" and "< 1000 mg", not stray backslashes.
 */
import { markdownText } from '../../src/trials/model';

describe('markdownText', () => {
  it.each([
    ['Patients must be HLA-A\\*02:01 positive', 'Patients must be HLA-A*02:01 positive'],
    ['Urine protein ≤2+ or \\< 1000mg/24h', 'Urine protein ≤2+ or < 1000mg/24h'],
    ['not postmenopausal \\[ie, ≥ 12 months\\]', 'not postmenopausal [ie, ≥ 12 months]'],
    ['Age \\>= 18 years', 'Age >= 18 years'],
  ])('%s', (escaped, plain) => expect(markdownText(escaped)).toBe(plain));

  it('keeps a backslash that escapes nothing, and what is not text', () => {
    expect(markdownText('C:\\data folder')).toBe('C:\\data folder');
    expect(markdownText('  ')).toBeUndefined();
    expect(markdownText(undefined)).toBeUndefined();
  });
});

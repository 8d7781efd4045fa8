import { textBlocks } from './text';

describe('textBlocks', () => {
  it('keeps lines and turns runs of "- " lines into lists', () => {
    expect(textBlocks('Matches on:\n- BRAF V600E\n- colon\nBut:\nstage unknown')).toEqual([
      { kind: 'lines', lines: ['Matches on:'] },
      { kind: 'list', items: ['BRAF V600E', 'colon'] },
      { kind: 'lines', lines: ['But:', 'stage unknown'] },
    ]);
  });
  it('drops blank edges and reads Windows line ends', () => {
    expect(textBlocks('\r\nOne\r\n\r\n')).toEqual([{ kind: 'lines', lines: ['One'] }]);
    expect(textBlocks('')).toEqual([]);
  });
});

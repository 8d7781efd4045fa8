import { renamedFileName } from '../src/contracts/vault';

describe('renaming a file', () => {
  it('keeps the old extension unless a new one is typed', () => {
    expect(renamedFileName('scan.pdf', 'Pathology report')).toBe('Pathology report.pdf');
    expect(renamedFileName('scan.pdf', 'labs.csv')).toBe('labs.csv');
    expect(renamedFileName('README', 'notes')).toBe('notes');
  });
});

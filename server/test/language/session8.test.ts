import { read, uncertain } from './read';
import { REGIMENS } from '../../src/vocab/drugKnowledge';

/**
 * Session 8 (issue 25): general mechanisms found by reading the misses, wrong and invented facts of the s7 lines, each
 * tested on sentences written for this file (not the benchmark's).
 */
const drugs = (t: string) => read(t).patient.priorTreatments.flatMap((x) => REGIMENS[x.name.toLowerCase()] ?? [x.name]);

describe('a course chosen, planned, contraindicated or not done is not given', () => {
  it.each([
    ['Prostate adenocarcinoma cT2c N0 M0. We plan radiotherapy with 6 months of ADT.', ['radiotherapy', 'adt']],
    ['Adenocarcinoma de próstata cT2a, ha optado por radioterapia externa.', ['radiotherapy']],
    ['Carcinoma del retto pT3N1, chemioterapia adiuvante non eseguita per sepsi.', ['chemotherapy']],
    ['Cáncer de cérvix tratado con carboplatino-paclitaxel (cisplatino contraindicado por sordera).', ['cisplatin']],
    ['Urothelial carcinoma, s/p 1L gemcitabine-carboplatin (cis-ineligible, CrCl 35).', ['cisplatin']],
  ])('%s', (text, absent) => {
    const names = drugs(text);
    for (const d of absent) expect(names).not.toContain(d);
  });

  it('the course given beside the contraindicated drug is still read', () => {
    expect(drugs('Cáncer de cérvix tratado con carboplatino-paclitaxel (cisplatino contraindicado por sordera).')).toEqual(
      expect.arrayContaining(['carboplatin', 'paclitaxel']),
    );
  });

  it('a maintenance course follows the course before the bracketed aside, in its line', () => {
    const { patient } = read('Carcinoma uroteliale, I linea gemcitabina-carboplatino x6 (cis-unfit) → avelumab di mantenimento, poi PD.');
    expect(patient.priorTreatments.map((t) => t.name)).not.toContain('cisplatin');
    expect(patient.priorTreatments.find((t) => t.name === 'avelumab')?.line).toBe(1);
  });
});

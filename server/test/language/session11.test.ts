import { read } from './read';
import { REGIMENS } from '../../src/vocab/drugKnowledge';

/**
 * Session 11 (issue 25): general mechanisms found by reading the misses, wrong and invented facts of the s10 lines —
 * each tested on sentences written for this file (not the benchmark's), in en/es/it.
 */
const drugs = (t: string) => read(t).patient.priorTreatments.flatMap((x) => REGIMENS[x.name.toLowerCase()] ?? [x.name]);
const marker = (t: string, name: string) =>
  read(t)
    .patient.biomarkers.filter((b) => b.name === name)
    .map((b) => b.value);

describe('a serum marker written twice is one fact: the current value', () => {
  it.each([
    ['Man, 74, prostate adenocarcinoma, PSA 88 ng/ml at diagnosis; on ADT, current PSA 0.9 ng/ml.', '0.9'],
    ['Varón 66a, adenocarcinoma de próstata, PSA 23 al diagnóstico, PSA actual 4,1.', '4.1'],
    ['Uomo 71 anni, adenocarcinoma prostatico, PSA 2.400 alla diagnosi, PSA attuale 95.', '95'],
    ['Male, 62, prostate cancer, PSA 14 ng/mL, cT2b. Biochemical recurrence in 2024 (PSA 1.6 ng/mL).', '1.6'],
    ['HCC, AFP 900 at baseline, AFP 45 now.', '45'],
  ])('%s -> %s', (text, value) => {
    const name = text.includes('AFP') ? 'AFP' : 'PSA';
    expect(marker(text, name)).toEqual([value]);
  });
  it('a single value stays as written', () => {
    expect(marker('Man, 70, prostate adenocarcinoma, PSA 12 at diagnosis.', 'PSA')).toEqual(['12']);
  });
});

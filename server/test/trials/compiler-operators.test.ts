/**
 * Comparators as registries write them: NCI's "=<" and "=>" (found in the golden-output diff of issue 27: an
 * "ECOG =< 2" trial read as ECOG ≤ 1, so ECOG 2 patients failed it).
 */
import { compileItem } from '../../src/trials/compiler';

const specs = (text: string) => compileItem({ text, polarity: 'inclusion' } as never).map((c) => c.spec);

describe('performance status comparators', () => {
  it.each([
    [
      'Eastern Cooperative Oncology Group (ECOG) performance status =< 2 (Karnofsky >= 60%)',
      [
        { kind: 'ecog', max: 2 },
        { kind: 'karnofsky', min: 60 },
      ],
    ],
    ['ECOG performance status <= 1', [{ kind: 'ecog', max: 1 }]],
    ['ECOG PS < 2', [{ kind: 'ecog', max: 1 }]],
    ['Karnofsky performance status => 70%', [{ kind: 'karnofsky', min: 70 }]],
  ])('%s', (text, expected) => {
    expect(specs(text)).toEqual(expected);
  });
});

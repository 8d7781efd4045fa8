import { layoutGraph, overlaps } from './layout';

describe('match graph layout', () => {
  it.each([
    ['desktop ring', false],
    ['phone grid', true],
  ])('%s: no two nodes overlap, the patient included, for any number of groups', (_name, compact) => {
    for (const n of [1, 2, 5, 8, 15, 20]) {
      const { patient, groups } = layoutGraph(n, compact);
      const boxes = [patient, ...groups];
      expect(groups).toHaveLength(n);
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect({ n, i, j, overlap: overlaps(boxes[i], boxes[j]) }).toEqual({ n, i, j, overlap: false });
    }
  });

  it('keeps the phone layout two nodes wide (no sideways scaling at 375 px)', () => {
    const { groups } = layoutGraph(15, true);
    const width = Math.max(...groups.map((b) => b.x + b.width)) - Math.min(...groups.map((b) => b.x));
    expect(width).toBeLessThanOrEqual(340);
  });
});

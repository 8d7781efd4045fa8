import { BUILT_IN_PACKS_DIR, loadPacks } from '../../src/guidelines/packs';
import { recommend } from '../../src/guidelines/engine';
import { SurveyService } from '../../src/survey/service';
import { SCENARIOS, scenarioPatient } from './scenarios';

const survey = new SurveyService();
const { packs, refused } = loadPacks(BUILT_IN_PACKS_DIR);
const pack = packs[0];

describe('the open pack gives the options its sources give first, on realistic patients', () => {
  it('loads (no file refused)', () => {
    expect(refused).toEqual([]);
    expect(pack.rules.length).toBeGreaterThan(80);
  });
  it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_name, s) => {
    const patient = scenarioPatient(s, survey);
    const answer = recommend(pack, patient);
    const ids = answer.recommendations.map((r) => r.id);
    for (const id of s.top3) expect({ id, top3: ids.slice(0, 3) }).toEqual({ id, top3: expect.arrayContaining([id]) });
    if (s.first) expect(ids[0]).toBe(s.first);
    for (const id of s.never ?? []) expect(ids).not.toContain(id);
    // every recommendation carries its source, why it applies and the pack's review date
    for (const r of answer.recommendations) {
      expect(r.sources.length).toBeGreaterThan(0);
      expect(r.evidence.citation).toMatch(/\S/);
      expect(r.matchedOn.length).toBeGreaterThan(1);
      expect(r.lastReviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

import fc from 'fast-check';
import { VerdictTally, isRuledOut } from '../../src/trials/matcher/verdict';
import { scoreOf } from '../../src/trials/matcher/ranking';

/**
 * The search bounds a trial's score by its best tally: the verdict rules fed every criterion (and group of
 * alternatives) of the trial as met, with its stated criteria, free text and unread deciding sentences as they are
 * (matcher/index.ts BEST_SHIFT, hotTally allMet). No statuses of the same criteria may score above it, whatever the
 * other ranking terms; otherwise the search would leave out a trial that belongs in the results.
 */
describe('the best tally bounds the score', () => {
  const criterion = fc.record({
    dim: fc.constantFrom(0, 1, 2, 4, 8),
    topical: fc.boolean(),
    decisive: fc.boolean(),
    structured: fc.boolean(),
    inclusion: fc.boolean(),
    st: fc.constantFrom(1, 0, -1),
  });
  it('no statuses of the criteria score above all of them met', () => {
    fc.assert(
      fc.property(
        fc.array(criterion, { maxLength: 14 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom('exact', 'more_specific', 'more_general', 'unknown', 'not_disease' as const),
        fc.constantFrom('exact', 'gene_without_variant', 'different_variant', 'not_targeted', 'none' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 20000, noNaN: true }), { nil: undefined }),
        fc.integer({ min: 0, max: 1 }),
        (criteria, stated, freeText, undecided, dRel, gRel, phase, km, treatment) => {
          const tally = (allMet: boolean) => {
            const t = new VerdictTally().reset(stated);
            t.unknown = freeText;
            if (undecided) t.unreadDeciding(undecided);
            for (const c of criteria) t.criterion(allMet ? 1 : c.st, c.dim, c.topical, c.decisive, c.structured, c.inclusion);
            const verdict = t.verdict();
            return scoreOf(verdict, t.level(verdict), t.metShare, dRel, gRel, phase, km, 3, 0.5, 1, 0, 1, treatment);
          };
          expect(tally(false)).toBeLessThanOrEqual(tally(true));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('a settled verdict stays settled, and its best score bounds whatever the criteria read after it give', () => {
    // the search stops reading a trial at a decisive failure when its heap refuses that bound (hotTally's cut),
    // and the counts stop there to call it ruled out (MatchPlan.ruledOut)
    fc.assert(
      fc.property(
        fc.array(criterion, { minLength: 1, maxLength: 14 }),
        fc.array(criterion, { maxLength: 14 }),
        fc.boolean(),
        fc.constantFrom('exact', 'more_specific', 'more_general', 'unknown', 'not_disease' as const),
        fc.constantFrom('exact', 'gene_without_variant', 'different_variant', 'not_targeted', 'none' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.option(fc.double({ min: 0, max: 20000, noNaN: true }), { nil: undefined }),
        fc.integer({ min: 0, max: 1 }),
        (before, after, stated, dRel, gRel, phase, km, treatment) => {
          const t = new VerdictTally().reset(stated);
          for (const c of before) t.criterion(c.st, c.dim, c.topical, c.decisive, c.structured, c.inclusion);
          const settled = t.settled();
          if (!settled) return;
          expect(isRuledOut(t.verdict())).toBe(true);
          const bound = scoreOf(settled, 'high', 1, dRel, gRel, phase, km, 3, 0.5, 1, 0, 1, treatment);
          for (const c of after) t.criterion(c.st, c.dim, c.topical, c.decisive, c.structured, c.inclusion);
          const verdict = t.verdict();
          expect(t.settled()).toBe(verdict);
          expect(isRuledOut(verdict)).toBe(true);
          expect(scoreOf(verdict, t.level(verdict), t.metShare, dRel, gRel, phase, km, 3, 0.5, 1, 0, 1, treatment)).toBeLessThanOrEqual(bound);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('a verdict is ruled out exactly when the tally settled on it', () => {
    fc.assert(
      fc.property(fc.array(criterion, { maxLength: 14 }), fc.boolean(), (criteria, stated) => {
        const t = new VerdictTally().reset(stated);
        for (const c of criteria) t.criterion(c.st, c.dim, c.topical, c.decisive, c.structured, c.inclusion);
        expect(isRuledOut(t.verdict())).toBe(t.settled() !== undefined);
      }),
      { numRuns: 2000 },
    );
  });
});

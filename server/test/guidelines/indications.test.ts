import fs from 'node:fs';
import path from 'node:path';
import type { GuidelinePack } from '@oncodesk/shared/contracts';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../../src/guidelines/packs';
import { recommend } from '../../src/guidelines/engine';
import { withIndicationTable } from '../../src/guidelines/table';
import { focusAreasOf, patientFor } from './synth';

/**
 * The pack's indication table (server/guidelines/README.md) is the pack's, and every row gives its option
 * to a patient built from it; a patient who fails the row's biomarker does not get it (issue 26).
 */
const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0] as GuidelinePack;
const doc = fs.readFileSync(path.join(BUILT_IN_PACKS_DIR, 'README.md'), 'utf8');
const BIOMARKER = new Set(['alteration', 'receptor', 'msi', 'mmr', 'tmb']);

describe('the indication table', () => {
  it("is the pack's current one (run npm run guidelines:table after editing the pack)", () => {
    expect(withIndicationTable(doc, pack)).toBe(doc);
    expect(doc).toMatch(/not NCCN content, not a clinical guideline and not medical advice/);
  });
  it('covers the ten focus areas with approved indications beyond the first line in each', () => {
    for (const f of ['breast', 'lung', 'prostate', 'stomach', 'liver', 'thyroid', 'cervix_uteri', 'bladder', 'kidney', 'colon'] as const) {
      const own = pack.rules.filter((r) => r.focusAreas.length < 10 && r.focusAreas.includes(f));
      expect({ f, fda: own.filter((r) => r.evidence.category === 'fda_label').length > 0 }).toEqual({ f, fda: true });
      expect({
        f,
        laterLine: own.some((r) => (r.line?.min ?? 1) >= 2 || (!r.line && r.requires.some((c) => c.anyOf.every((x) => x.kind === 'prior_therapy')))),
      }).toEqual({ f, laterLine: true });
    }
  });
});

describe.each(pack.rules.map((r) => [r.id, r] as const))('row %s', (_id, rule) => {
  it('gives its option to a patient built from it', () => {
    for (const focus of focusAreasOf(rule)) {
      const { patient } = patientFor(rule, { focus });
      const a = recommend(pack, patient);
      const got = a.recommendations.find((r) => (r.ruleIds ?? [r.id]).includes(rule.id));
      expect({ focus, got: !!got, ruledOut: a.notApplicable.find((n) => n.id === rule.id)?.reason }).toEqual({ focus, got: true, ruledOut: undefined });
      // decided by the record: no assumption about setting or line
      expect({ focus, assumes: got!.assumes }).toEqual({ focus, assumes: undefined });
    }
  });
  const biomarker = rule.requires.find((c) => c.anyOf.every((x) => BIOMARKER.has(x.kind) && !(x.kind === 'alteration' && x.gene === '*')));
  // (rows without a biomarker condition have no such twin)
  if (biomarker)
    it('does not give it to a patient who fails its biomarker', () => {
      const focus = focusAreasOf(rule)[0];
      const { patient } = patientFor(rule, { focus, negate: biomarker });
      const a = recommend(pack, patient);
      expect(a.recommendations.flatMap((r) => r.ruleIds ?? [r.id])).not.toContain(rule.id);
      // and not because something else was missing: the failed biomarker is not asked for
      expect(a.missingData.map((m) => m.fact)).not.toContain(`${biomarker!.label}: not recorded`);
    });
});

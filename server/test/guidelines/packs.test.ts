import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GuidelinePack } from '@oncodesk/shared/contracts';
import { BUILT_IN_PACKS_DIR, checkPack, loadPacks } from '../../src/guidelines/packs';

const open = JSON.parse(fs.readFileSync(path.join(BUILT_IN_PACKS_DIR, 'oncodesk-open-pack.json'), 'utf8')) as GuidelinePack;
const withRule = (patch: Record<string, unknown>, id = 'nsclc-egfr-osimertinib-1l') => ({ ...open, rules: open.rules.map((r) => (r.id === id ? { ...r, ...patch } : r)) });

describe('guideline packs are checked on load, and a bad pack is refused with messages naming the rule', () => {
  it('the open pack passes, every rule sourced, dated and labelled as demonstration content', () => {
    const { pack, errors } = checkPack(open);
    expect(errors).toEqual([]);
    expect(pack!.disclaimer).toMatch(/not NCCN/);
    expect(pack!.disclaimer).toMatch(/not medical advice/);
    for (const r of pack!.rules) {
      expect(r.sources.length).toBeGreaterThan(0);
      expect(r.lastReviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
  it.each([
    ['a rule without a source', withRule({ sources: [] }), /rule nsclc-egfr-osimertinib-1l: sources: source_required/],
    ['an unknown OncoTree code', withRule({ diseases: ['NSCLCX'] }), /rule nsclc-egfr-osimertinib-1l: "NSCLCX" is not an OncoTree code/],
    ['an unknown gene', withRule({ requires: [{ anyOf: [{ kind: 'alteration', gene: 'EGFRX', category: 'mutation' }], label: 'EGFRX mutation' }] }), /rule nsclc-egfr-osimertinib-1l: "EGFRX" is not a known gene symbol/],
    ['a condition no patient record can decide', withRule({ requires: [{ anyOf: [{ kind: 'life_expectancy', minMonths: 3 }], label: 'life expectancy' }] }), /rule nsclc-egfr-osimertinib-1l: condition kind "life_expectancy" cannot be decided/],
    ['a line outside the metastatic setting', withRule({ setting: ['early'] }), /rule nsclc-egfr-osimertinib-1l: a line of therapy needs the metastatic setting/],
    ['a duplicate rule id', { ...open, rules: [...open.rules, open.rules[0]] }, /rule nsclc-egfr-osimertinib-1l: duplicate rule id/],
    ['a malformed date', withRule({ lastReviewed: '25/11/2026' }), /rule nsclc-egfr-osimertinib-1l: lastReviewed: date_format/],
    ['a rule text without its Spanish translation', { ...withRule({ rationale: 'A rationale written in English only, never translated.' }) }, /rule nsclc-egfr-osimertinib-1l: no es translation for "A rationale written in English only, never translated."/],
    ['a caveat without its Italian translation', { ...open, translations: { es: { ...open.translations!.es, 'Only in English and Spanish.': 'Solo en inglés y español.' }, it: open.translations!.it }, rules: open.rules.map((r) => (r.id === 'nsclc-egfr-osimertinib-1l' ? { ...r, caveats: ['Only in English and Spanish.'] } : r)) }, /rule nsclc-egfr-osimertinib-1l: no it translation for "Only in English and Spanish."/],
    ['a pack without translations', { ...open, translations: undefined }, /rule nsclc-egfr-osimertinib-1l: no es translation for "Osimertinib"/],
    ['a prompt without its translations', { ...open, prompts: [{ ...open.prompts[0], fact: 'An untranslated fact' }] }, /prompt mtc-germline-ret: no es translation for "An untranslated fact"/],
  ])('%s', (_name, pack, message) => {
    const { pack: ok, errors } = checkPack(pack);
    expect(ok).toBeUndefined();
    expect(errors.join('\n')).toMatch(message);
  });
  it('a directory with a malformed pack serves the others and names the refused file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'packs-'));
    fs.copyFileSync(path.join(BUILT_IN_PACKS_DIR, 'oncodesk-open-pack.json'), path.join(dir, 'a-open.json'));
    fs.writeFileSync(path.join(dir, 'b-broken.json'), '{ "id": "broken", ');
    fs.writeFileSync(path.join(dir, 'c-invalid.json'), JSON.stringify(withRule({ sources: [] })));
    const loaded = loadPacks(dir);
    expect(loaded.packs.map((p) => p.id)).toEqual(['oncodesk-open-pack']);
    expect(loaded.refused.map((r) => path.basename(r.file))).toEqual(['b-broken.json', 'c-invalid.json']);
    expect(loaded.refused[0].errors[0]).toMatch(/not valid JSON/);
  });
});

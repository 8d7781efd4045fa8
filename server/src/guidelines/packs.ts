import fs from 'node:fs';
import path from 'node:path';
import { GuidelinePack, type GuidelineCondition } from '@oncodesk/shared/contracts';
import { oncoNode } from '../vocab/diseaseTree';
import { normalizeGene } from '../vocab/geneNames';
import { normalizeDrug } from '../vocab/drugKnowledge';
import { EXTRA_DRUGS } from '../vocab/drugs';

/** The built-in pack directory (server/guidelines), the same from src/ and dist/. */
export const BUILT_IN_PACKS_DIR = path.resolve(__dirname, '..', '..', 'guidelines');

export interface PackCheck {
  pack?: GuidelinePack;
  /** Problems that refuse the pack, each naming the rule. */
  errors: string[];
  /** Problems that leave the pack usable (a drug the vocabularies do not know). */
  warnings: string[];
}

/** Languages every rule text must be given in besides English (the interface languages). */
export const PACK_LANGUAGES = ['es', 'it'] as const;

/** The texts of a rule a clinician reads (the option, why, caveats, conditions, what to do when unknown, notes). */
export function ruleTexts(r: GuidelinePack['rules'][number]): string[] {
  return [
    r.option.therapy,
    r.rationale,
    r.evidence.level,
    ...r.caveats,
    ...[...r.requires, ...r.excludes].flatMap((c) => [c.label, ...(c.whenUnknown ? [c.whenUnknown] : [])]),
    ...r.notes.map((n) => n.text),
    ...(r.ema ? [r.ema] : []),
  ];
}

function conditionGenes(c: GuidelineCondition): string[] {
  return c.anyOf.flatMap((s) => (s.kind === 'alteration' && s.gene !== '*' ? [s.gene] : []));
}

/**
 * A pack checked as the server loads it: the schema (shared/contracts/guidelines.ts), then the
 * vocabularies: every OncoTree code and gene must exist (a typo would silently match nobody); a drug the
 * vocabularies do not know is a warning (new drugs reach the reference lists later than labels). Every
 * text a clinician reads must exist in Spanish and Italian in the pack's translations: a rule lacking a
 * language is refused (its English would show on an Italian screen).
 */
export function checkPack(json: unknown): PackCheck {
  const parsed = GuidelinePack.safeParse(json);
  if (!parsed.success) {
    const rules = (json as { rules?: Array<{ id?: unknown }> } | null)?.rules;
    return {
      errors: parsed.error.issues.slice(0, 30).map((i) => {
        const at = i.path[0] === 'rules' && typeof i.path[1] === 'number' ? `rule ${String(rules?.[i.path[1]]?.id ?? `#${i.path[1]}`)}: ` : '';
        return i.message.startsWith('rule ') ? i.message : `${at}${(at ? i.path.slice(2) : i.path).join('.')}: ${i.message}`;
      }),
      warnings: [],
    };
  }
  const pack = parsed.data;
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const r of pack.rules) {
    for (const code of [...r.diseases, ...r.excludeDiseases]) if (!oncoNode(code)) errors.push(`rule ${r.id}: "${code}" is not an OncoTree code`);
    for (const c of [...r.requires, ...r.excludes]) for (const g of conditionGenes(c)) if (!normalizeGene(g)) errors.push(`rule ${r.id}: "${g}" is not a known gene symbol`);
    for (const lang of PACK_LANGUAGES) {
      const missing = ruleTexts(r).filter((t) => !pack.translations?.[lang]?.[t]?.trim());
      if (missing.length) errors.push(`rule ${r.id}: no ${lang} translation for ${missing.slice(0, 3).map((t) => `"${t}"`).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}`);
    }
    for (const d of r.option.drugs) if (!normalizeDrug(d) && !EXTRA_DRUGS.some((x) => x.name === d.toLowerCase())) warnings.push(`rule ${r.id}: drug "${d}" is not in the drug vocabularies (its classes are unknown)`);
  }
  // the pack's own name and disclaimer head every answer: untranslated, they show in English
  for (const lang of PACK_LANGUAGES)
    for (const t of [pack.name, pack.disclaimer]) if (!pack.translations?.[lang]?.[t]?.trim()) warnings.push(`pack: no ${lang} translation for "${t.slice(0, 60)}"`);
  for (const pr of pack.prompts)
    for (const lang of PACK_LANGUAGES)
      for (const t of [pr.fact, pr.action, ...(pr.condition ? [pr.condition.label] : [])]) if (!pack.translations?.[lang]?.[t]?.trim()) errors.push(`prompt ${pr.id}: no ${lang} translation for "${t}"`);
  return errors.length ? { errors, warnings } : { pack, errors, warnings };
}

export interface LoadedPacks {
  packs: GuidelinePack[];
  /** Files refused, with why. */
  refused: Array<{ file: string; errors: string[] }>;
  warnings: string[];
}

/** Every *.json pack of a directory, checked; a malformed file is refused and the others load. */
export function loadPacks(dir: string): LoadedPacks {
  const out: LoadedPacks = { packs: [], refused: [], warnings: [] };
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch (e) {
    out.refused.push({ file: dir, errors: [`cannot read the directory: ${(e as Error).message}`] });
    return out;
  }
  for (const f of files) {
    const file = path.join(dir, f);
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (e) {
      out.refused.push({ file, errors: [`not valid JSON: ${(e as Error).message}`] });
      continue;
    }
    const check = checkPack(json);
    out.warnings.push(...check.warnings.map((w) => `${f}: ${w}`));
    if (!check.pack) out.refused.push({ file, errors: check.errors });
    else if (out.packs.some((p) => p.id === check.pack!.id)) out.refused.push({ file, errors: [`pack id "${check.pack.id}" is already loaded`] });
    else out.packs.push(check.pack);
  }
  return out;
}

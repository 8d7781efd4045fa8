import { drugBrands } from '../../survey/lists';
import { EXTRA_BRANDS } from '../../vocab/drugs';
import { DRUGS } from '../../vocab/drugKnowledge';

/**
 * Candidate survey drug answers for a medication's name. RxNorm displays carry strength and dose form
 * ("anastrozole 1 MG Oral Tablet", "leuprolide Injectable Product"); the ingredient is what the survey
 * takes, under its own name (INN) or a name the project's drug lists give it ("leuprolide" is
 * leuprorelin). The survey's validation decides which candidate is a drug it knows.
 */

let aliases: Map<string, string[]> | null = null;

function aliasMap(): Map<string, string[]> {
  const m = new Map<string, string[]>();
  const add = (alias: string, inn: string) => {
    const k = alias.trim().toLowerCase();
    if (k) m.set(k, [...(m.get(k) ?? []), inn]);
  };
  for (const [inn, names] of Object.entries(drugBrands)) for (const n of names) add(n, inn);
  for (const [inn, names] of Object.entries(EXTRA_BRANDS)) for (const n of names) add(n, inn);
  for (const [name, entry] of Object.entries(DRUGS)) {
    for (const a of entry.aliases ?? []) add(a, name);
    // the survey may hold the drug under one of the engine's aliases (leuprolide -> leuprorelin)
    for (const a of entry.aliases ?? []) add(name, a);
  }
  return m;
}

const DOSE_FORM = /\b(oral|injectable|injetable|injection|product|tablets?|capsules?|solution|suspension|powder|pack|kit|prefilled|syringe|topical|intravenous|subcutaneous|extended|release|delayed|chewable|pen|auto-?injector)\b.*$/i;

const SALT = /\s+(hydrochloride|hcl|acetate|sodium|citrate|mesylate|sulfate|tartrate|maleate|malate|tosylate|phosphate|dimeglumine|disodium|calcium|potassium|besylate|succinate|bromide)\b.*$/;

/** The ingredient words of a medication name, lower-cased ("" when none). */
export function ingredientOf(name: string): string {
  return name
    .replace(/\[[^\]]*\]/g, ' ')
    // "10 ML doxorubicin hydrochloride 2 MG/ML Injection": a leading pack size
    .replace(/^\s*[\d.]+\s*(ml|mg|mcg|ug|g|units?|actuat)\b\s*/i, '')
    .replace(/\s\d.*$/, '')
    .replace(DOSE_FORM, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export function drugCandidates(names: string[]): string[] {
  aliases ??= aliasMap();
  const out: string[] = [];
  for (const n of names) {
    const ingredient = ingredientOf(n);
    if (!ingredient) continue;
    out.push(ingredient);
    // salts and esters name the same medicine: "doxorubicin hydrochloride" is doxorubicin
    const base = ingredient.replace(SALT, '').trim();
    if (base && base !== ingredient) out.push(base);
    out.push(...(aliases.get(ingredient) ?? []));
  }
  return [...new Set(out)];
}

import fs from 'node:fs';
import path from 'node:path';
import type { OncotreeRow } from '../oncotree';
import type { DrugRefRow, GeneRefRow, ReferenceVocabularies, VocabularyRecord } from './types';

/**
 * Reads the complete vocabularies from the shared reference data (sharedData.ts decides where it is).
 * Pure file parsing, a few hundred milliseconds; the caller stores the result in the database.
 * Bump READER_VERSION when the parsing below changes what it keeps: stored vocabularies of another
 * reader version are imported again.
 */
export const READER_VERSION = 'r1';

export const REFERENCE_FILES = {
  oncotree: ['vocab/oncotree/oncotree_2025_10_03.json'],
  genes: ['vocab/genes/human_genes_protein_coding_ncbi_2022-09.tsv'],
  drugs: ['vocab/mitre/medications.json', 'vocab/civic/civic_01-Apr-2024_ClinicalEvidenceSummaries.tsv'],
} as const;

/** Version of a vocabulary as its files stand: names and sizes (a cheap stat, no read) and the reader. */
export function fileVersion(dir: string, files: readonly string[]): string | undefined {
  const parts: string[] = [];
  for (const f of files) {
    const p = path.join(dir, f);
    if (!fs.existsSync(p)) return undefined;
    parts.push(`${path.basename(f)}:${fs.statSync(p).size}`);
  }
  return `${parts.join('+')}@${READER_VERSION}`;
}

/** Versions of the three vocabularies in the shared folder; undefined where a file is missing. */
export function sharedVersions(dir: string): Record<keyof typeof REFERENCE_FILES, string | undefined> {
  return { oncotree: fileVersion(dir, REFERENCE_FILES.oncotree), genes: fileVersion(dir, REFERENCE_FILES.genes), drugs: fileVersion(dir, REFERENCE_FILES.drugs) };
}

interface OncotreeJsonNode {
  code: string;
  name: string;
  mainType: string | null;
  children?: Record<string, OncotreeJsonNode>;
}

/** OncoTree JSON (nested children) -> rows, parents before children. */
export function readOncotree(dir: string): VocabularyRecord<OncotreeRow[]> | undefined {
  const version = fileVersion(dir, REFERENCE_FILES.oncotree);
  if (!version) return undefined;
  const tree = JSON.parse(fs.readFileSync(path.join(dir, REFERENCE_FILES.oncotree[0]), 'utf8')) as Record<string, OncotreeJsonNode>;
  const rows: OncotreeRow[] = [];
  const walk = (n: OncotreeJsonNode, parent: string | null) => {
    rows.push([n.code, n.name, parent, n.mainType ?? null]);
    for (const c of Object.values(n.children ?? {})) walk(c, n.code);
  };
  for (const root of Object.values(tree)) walk(root, null);
  return { name: 'oncotree', source: `${REFERENCE_FILES.oncotree[0]} (OncoTree, MSKCC, CC BY 4.0)`, version, content: rows };
}

/** NCBI protein-coding genes: symbol and pipe-separated aliases. */
export function readGenes(dir: string): VocabularyRecord<GeneRefRow[]> | undefined {
  const version = fileVersion(dir, REFERENCE_FILES.genes);
  if (!version) return undefined;
  const lines = fs.readFileSync(path.join(dir, REFERENCE_FILES.genes[0]), 'utf8').split('\n');
  const header = lines[0].split('\t');
  const iSymbol = header.indexOf('symbol');
  const iAliases = header.indexOf('aliases');
  const rows: GeneRefRow[] = [];
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const cols = line.split('\t');
    const symbol = cols[iSymbol]?.trim();
    if (!symbol) continue;
    const aliases = (cols[iAliases] ?? '').split('|').map((a) => a.trim()).filter((a) => a && a !== '-' && a !== symbol);
    rows.push([symbol, aliases]);
  }
  return { name: 'genes', source: `${REFERENCE_FILES.genes[0]} (NCBI Gene, public domain)`, version, content: rows };
}

/** RxNorm dose-form words: a medication name ends where they start ("Afatinib Oral Tablet"). */
const DOSE_FORM = /\s+(?:Oral|Injectable|Injection|Topical|Transdermal|Vaginal|Nasal|Rectal|Ophthalmic|Otic|Pill|Product|Tablet|Capsule|Solution|Suspension|Cream|Gel|Patch|Implant|Kit|Pack|Initiation|Prefilled|Auto-Injector|Pen|Powder|Ring|Spray|Lotion|Ointment|Implantable|Intrauterine|Chewable|Extended|Delayed|Disintegrating|Drug|Starting|Titration|Weekly|System|Release)\b.*$/;
/** Salt and form words after an ingredient ("erlotinib hydrochloride" is erlotinib). */
const SALT = /\s+(?:acetate|hydrochloride|dimaleate|maleate|mesylate|s-malate|malate|tosylate|ditosylate|citrate|sulfate|succinate|camsylate|monohydrate|anhydrous|lyophilized|lactate|disodium(?: hem\w+| hept\w+)?|phosphate(?: sodium)?|sodium|liposome|liposomal|hemihydrate|pamoate|tartrate|protein-bound|poliglumex|dimethyl sulfoxide|trimethyl acetate|tetrasodium|cypionate|valerate)$/;
/** Names in the medication list that are not a drug (dose forms left on their own, RxNorm stubs). */
const NOT_A_DRUG = new Set(['oral', 'injection', 'injectable', 'drug', 'tablet for', 'delayed release', 'transdermal system', 'vaginal system', 'strontium', 'delayed', 'oral liquid', 'transdermal', 'vaginal']);
/** MITRE categories whose brands are contraceptive and hormone-replacement products, not cancer drugs. */
const BRANDS_NOT_KEPT_FROM = new Set(['Progestin', 'High Dose Estrogen']);

/** "Trastuzumab-anns", "fam-trastuzumab deruxtecan-nxki", "ziv-aflibercept": the non-proprietary core. */
function coreName(name: string): string {
  let n = name.toLowerCase().replace(/\s+/g, ' ').replace(/\s*\(usp\)$/, '').trim();
  for (;;) {
    // biosimilar / FDA four-letter suffixes follow an INN stem (-mab, -cept, -ase, -tecan)
    const next = n.replace(SALT, '').replace(/(mab|cept|ase|can)-[a-z]{4}$/, '$1').replace(/^(?:fam|ziv)-/, '');
    if (next === n) return n;
    n = next;
  }
}

/**
 * MITRE medications (RxNorm ingredients, brands in "[Brand]", categories) and CIViC therapies ->
 * one row per ingredient with its other names and categories. Combination products ("a / b") are not
 * drugs of their own and are skipped; a brand joins its ingredient only when its product has one.
 */
export function readDrugs(dir: string): VocabularyRecord<DrugRefRow[]> | undefined {
  const version = fileVersion(dir, REFERENCE_FILES.drugs);
  if (!version) return undefined;
  const meds = JSON.parse(fs.readFileSync(path.join(dir, REFERENCE_FILES.drugs[0]), 'utf8')) as Array<{ display: string; category?: string[] }>;
  const drugs = new Map<string, { names: Set<string>; classes: Set<string> }>();
  const entry = (core: string) => {
    let e = drugs.get(core);
    if (!e) drugs.set(core, (e = { names: new Set(), classes: new Set() }));
    return e;
  };
  const brands = new Set(meds.map((m) => /\[([^\]]+)\]\s*$/.exec(m.display)?.[1]?.trim().toLowerCase()).filter((b): b is string => !!b));
  // ingredients: names without doses, brackets or combinations, that are not a brand
  for (const m of meds) {
    if (/\d|\[|\{| \/ |,/.test(m.display)) continue;
    const name = m.display.replace(DOSE_FORM, '').trim().toLowerCase();
    if (!name || NOT_A_DRUG.has(name) || brands.has(name) || [...brands].some((b) => name.startsWith(`${b} `) || b.startsWith(`${name} `))) continue;
    const core = coreName(name);
    if (NOT_A_DRUG.has(core)) continue;
    const e = entry(core);
    if (name !== core) e.names.add(name);
  }
  const brandOf = new Map<string, string[]>();
  // brands and categories from the dosed products of one ingredient: "30 ML idecabtagene vicleucel
  // 15333333 CELLS/ML Injection [Abecma]" -> the words left without amounts, units and dose form
  for (const m of meds) {
    const text = m.display.replace(/\[.*$/, '');
    if (text.includes(' / ')) continue;
    const ingredient = coreName(text.split(/\s+/).filter((w) => !/\d/.test(w) && !/^[A-Z/%]+$/.test(w)).join(' ').replace(DOSE_FORM, ''));
    if (!drugs.has(ingredient)) continue;
    const e = drugs.get(ingredient)!;
    for (const c of m.category ?? []) e.classes.add(c);
    const brand = /\[([^\]]+)\]\s*$/.exec(m.display)?.[1]?.trim().toLowerCase();
    if (brand && !(m.category ?? []).some((c) => BRANDS_NOT_KEPT_FROM.has(c))) brandOf.set(brand, [...(brandOf.get(brand) ?? []), ingredient]);
  }
  // "Trastuzumab Injection [KADCYLA]" beside "Ado-trastuzumab emtansine 100 MG [KADCYLA]": a brand goes
  // to its most specific ingredient when the others are part of its name, and to none when they differ
  for (const [brand, ingredients] of brandOf) {
    const best = [...new Set(ingredients)].sort((a, b) => b.length - a.length);
    if (best.every((i) => best[0].includes(i))) drugs.get(best[0])!.names.add(brand);
  }
  // CIViC therapies (names only: evidence is not a drug's target)
  const civic = fs.readFileSync(path.join(dir, REFERENCE_FILES.drugs[1]), 'utf8').split('\n');
  const iTherapies = civic[0].split('\t').indexOf('therapies');
  for (const line of civic.slice(1)) {
    for (const t of (line.split('\t')[iTherapies] ?? '').split(',')) {
      const name = t.trim();
      // class words and descriptions ("Chemotherapy", "Akt Inhibitor MK2206", "Anti-CD33") are not drug names
      if (name.length < 4 || /[()]/.test(name) || /\b(?:therapy|chemotherapy|inhibitor|radiation|transplant|surgery|vaccine)\b|regimen|antibiotic|antineoplastic|^anti-/i.test(name)) continue;
      const core = coreName(name);
      if (!drugs.has(core)) entry(core);
    }
  }
  const rows: DrugRefRow[] = [...drugs.entries()]
    .map(([name, e]): DrugRefRow => [name, [...e.names].filter((n) => n !== name).sort(), [...e.classes].sort()])
    .sort((a, b) => a[0].localeCompare(b[0]));
  return { name: 'drugs', source: `${REFERENCE_FILES.drugs.join(', ')} (MITRE clinical-trial-matching-app, Apache-2.0; CIViC, CC0)`, version, content: rows };
}

/** All three, or undefined for any whose files are missing. */
export function readReferenceVocabularies(dir: string): Partial<ReferenceVocabularies> {
  const out: Partial<ReferenceVocabularies> = {};
  const o = readOncotree(dir);
  if (o) out.oncotree = o;
  const g = readGenes(dir);
  if (g) out.genes = g;
  const d = readDrugs(dir);
  if (d) out.drugs = d;
  return out;
}

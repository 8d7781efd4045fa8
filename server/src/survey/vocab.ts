import { type AlterationCategory, type AutocompleteItem, type AutocompleteSource, type FocusArea, type SurveyLang } from '@oncodesk/shared/contracts';
import { normalizeKey, prefixRange } from '../geo/normalize';
import { DRUGS as ENGINE_DRUGS, REGIMENS } from '../vocab/drugKnowledge';
import { EXTRA_BRANDS, EXTRA_DRUGS } from '../vocab/drugs';
import { GENES } from '../vocab/genes';
import { ownedOncotreeNodes } from '../vocab/oncotree';
import { diseaseName } from '@oncodesk/shared/contracts';

/** A diagnosis's Spanish and Italian names (where known), so "adenocarcinoma de pulmón" finds LUAD too. */
const translatedNames = (code: string) => (['es', 'it'] as const).flatMap((l) => diseaseName(code, l) ?? []).map((text) => ({ text, alias: true }));
import { CLINICAL_DISEASE_SYNONYMS } from '../vocab/clinicalDiseaseSynonyms';
import { VARIANTS } from '../vocab/variants';
import { comorbidities, drugBrands, drugClasses, drugSpellings, regimens } from './lists';

/**
 * Autocomplete vocabularies, built once (lazily) from the project-owned lists, never from the shared
 * reference data at run time: OncoTree nodes, cancer genes and CIViC-named variants (../vocab, checked
 * against the shared files in test/vocab), the drug classes and comorbidities the survey owns (./lists),
 * the trial engine's drug list (../vocab/drugKnowledge) and a few more medicines and brands (../vocab/drugs).
 * Each vocabulary is a sorted array of normalised keys (names, codes, aliases, later words) for
 * prefix search by binary search; ranking: exact > prefix of the main name > prefix of an alias >
 * prefix of a later word, then the item's weight (CIViC evidence count for genes and variants).
 */

const MATCH_EXACT = 10;
/** Answer prefix of drugs given together that no named regimen covers. */
const COMBINATION = 'combination:';
const MATCH_PREFIX = 6;
const ALIAS_PENALTY = 2;
const WORD_PENALTY = 3;

interface Entry<T> {
  item: T;
  weight: number;
}

class SearchIndex<T> {
  private pending: { k: string; e: number; kind: 0 | 1; words: boolean }[] = [];
  private entries: Entry<T>[] = [];
  private keys: string[] = [];
  private refs: Int32Array = new Int32Array(0);
  private kinds: Uint8Array = new Uint8Array(0);

  /** kind: 0 main name, 1 alias. Later words of each key are indexed too (kind 2) unless `words` is false. */
  add(item: T, texts: { text: string; alias?: boolean; words?: boolean }[], weight = 0): void {
    const e = this.entries.push({ item, weight }) - 1;
    const seen = new Set<string>();
    for (const { text, alias, words } of texts) {
      const k = normalizeKey(text);
      if (!k || seen.has(k)) continue;
      seen.add(k);
      this.pending.push({ k, e, kind: alias ? 1 : 0, words: words !== false });
    }
  }

  build(): this {
    const all: { k: string; e: number; kind: number }[] = [];
    for (const p of this.pending) {
      all.push(p);
      if (!p.words) continue;
      let at = p.k.indexOf(' ');
      while (at !== -1) {
        all.push({ k: p.k.slice(at + 1), e: p.e, kind: 2 });
        at = p.k.indexOf(' ', at + 1);
      }
    }
    all.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.kind - b.kind));
    this.keys = all.map((a) => a.k);
    this.refs = Int32Array.from(all, (a) => a.e);
    this.kinds = Uint8Array.from(all, (a) => a.kind);
    this.pending = [];
    return this;
  }

  get size(): number {
    return this.entries.length;
  }

  search(query: string, limit: number, filter?: (item: T) => boolean): { item: T; score: number; exact: boolean }[] {
    const q = normalizeKey(query);
    if (!q) return [];
    const [lo, hi] = prefixRange(this.keys, q);
    const best = new Map<number, { score: number; exact: boolean }>();
    for (let j = lo; j < hi; j++) {
      const e = this.refs[j];
      const entry = this.entries[e];
      if (filter && !filter(entry.item)) continue;
      const exact = this.keys[j].length === q.length;
      const kind = this.kinds[j];
      const score = (exact ? MATCH_EXACT : MATCH_PREFIX) - (kind === 1 ? ALIAS_PENALTY : kind === 2 ? WORD_PENALTY : 0) + entry.weight;
      const prev = best.get(e);
      if (!prev || score > prev.score) best.set(e, { score, exact: exact && kind !== 2 });
    }
    return [...best.entries()]
      .sort((a, b) => b[1].score - a[1].score || a[0] - b[0])
      .slice(0, limit)
      .map(([e, s]) => ({ item: this.entries[e].item, ...s }));
  }

  /** Every item (for browsing with an empty query). */
  all(): T[] {
    return this.entries.map((e) => e.item);
  }
}

/* ---------- OncoTree ---------- */

/** The histologies that make up most cases of each focus area (ranked first when a query fits several). */
const COMMON_DIAGNOSES = new Set(['IDC', 'ILC', 'BRCA', 'LUAD', 'LUSC', 'SCLC', 'NSCLC', 'PRAD', 'STAD', 'ESCA', 'HCC', 'THPA', 'CESC', 'BLCA', 'CCRCC', 'PRCC', 'CHRCC', 'COAD', 'READ', 'COADREAD']);

export interface OncotreeNode {
  code: string;
  name: string;
  mainType: string;
  parent: string;
  level: number;
  /** Focus areas whose subtree holds the node. */
  focusAreas: FocusArea[];
}

/* ---------- Genes and variants ---------- */

export interface Gene {
  symbol: string;
  name: string;
  aliases: string[];
  /** CIViC accepted evidence items naming the gene. */
  evidence: number;
}

export interface Variant {
  gene: string;
  /** As CIViC names it, e.g. "L858R", "Amplification", "Exon 19 Deletion", "EML4::ALK". */
  variant: string;
  category: AlterationCategory;
  evidence: number;
}

/* ---------- Drugs ---------- */

export interface Drug {
  /** Answer value: the English INN, or "class:<key>" for a class. */
  value: string;
  kind: 'drug' | 'drug_class' | 'regimen';
  names: Record<SurveyLang, string>;
  /** Class keys of a drug; the class key of a class. */
  classes: string[];
  /** A regimen's member drugs (answer values of this vocabulary). */
  members?: string[];
}

const PROTEIN_CHANGE_RE = /^(?:p\.)?[ACDEFGHIKLMNPQRSTVWY*](?:[0-9]{1,5})(?:_[ACDEFGHIKLMNPQRSTVWY*][0-9]{1,5})?(?:[ACDEFGHIKLMNPQRSTVWY*]|fs(?:\*[0-9]*)?|del[A-Z]*|dup[A-Z]*|ins[A-Z]+|delins[A-Z]+|=|\*|X)?$/;
const EXON_RE = /^exon\s+[0-9]{1,2}(?:\s*-\s*[0-9]{1,2})?\s+(?:deletion|insertion|skipping|skipping mutation|mutation|duplication|insertion deletion|indel)$/i;

export const genericVariants: { variant: string; category: AlterationCategory }[] = [
  { variant: 'Mutation', category: 'mutation' },
  { variant: 'Amplification', category: 'amplification' },
  { variant: 'Fusion', category: 'fusion' },
  { variant: 'Deletion', category: 'deletion' },
  { variant: 'Loss', category: 'deletion' },
  { variant: 'Overexpression', category: 'expression' },
  { variant: 'Expression', category: 'expression' },
  { variant: 'Wild Type', category: 'wild_type' },
];

/**
 * Words for gene-level findings as clinicians write them in en/es/it ("amplificación", "mutazione",
 * "rearranged"), normalised (normalizeKey) -> the generic variant they name.
 */
const ALTERATION_WORDS: Record<string, string> = Object.fromEntries(
  Object.entries({
    Mutation: ['mutation', 'mutated', 'mutant', 'mut', 'mutacion', 'mutaciones', 'mutado', 'mutada', 'mutazione', 'mutazioni', 'mutato', 'mutata', 'variante patogenica', 'variante patogena'],
    Amplification: ['amplification', 'amplified', 'amp', 'amplificacion', 'amplificado', 'amplificada', 'amplificazione', 'amplificato', 'amplificata'],
    Fusion: ['fusion', 'fusions', 'fusion positive', 'rearrangement', 'rearranged', 'translocation', 'fusiones', 'reordenamiento', 'reordenado', 'reordenada', 'reorganizacion', 'traslocacion', 'fusione', 'fusioni', 'riarrangiamento', 'riarrangiato', 'riarrangiata', 'traslocazione'],
    Deletion: ['deletion', 'deleted', 'delecion', 'deleccion', 'delezione', 'deleto', 'deleta'],
    Loss: ['loss', 'perdida', 'perdita'],
    Overexpression: ['overexpression', 'overexpressed', 'sobreexpresion', 'sobreexpresado', 'sobreexpresada', 'sovraespressione', 'iperespressione', 'sovraespresso', 'sovraespressa'],
    Expression: ['expression', 'expresion', 'espressione'],
    'Wild Type': ['wild type', 'wildtype', 'wt', 'tipo salvaje', 'no mutado', 'nativo', 'non mutato', 'wild tipo'],
  }).flatMap(([variant, words]) => words.map((w) => [w, variant])),
);

/** The generic variant a written finding names ("amplificación" -> "Amplification"), if it names one. */
export function alterationWord(text: string): string | undefined {
  return ALTERATION_WORDS[normalizeKey(text)];
}

/**
 * "amplificación de ERBB2", "fusione di ALK", "mutation of EGFR": the gene first, as the vocabulary
 * writes it ("ERBB2 amplificación"); other texts unchanged.
 */
export function geneFirst(text: string): string {
  const m = /^(.+?)\s+(?:de|del|di|della|dello|dei|of|in)\s+([A-Za-z0-9-]+)$/i.exec(text.trim());
  return m && alterationWord(m[1]) ? `${m[2]} ${m[1]}` : text;
}

/** Category of a CIViC-style variant name. */
export function variantCategory(variant: string): AlterationCategory {
  const v = variant.toLowerCase();
  if (/wild ?type/.test(v)) return 'wild_type';
  if (/amplification|copy number gain/.test(v)) return 'amplification';
  if (/fusion|::|rearrangement|translocation/.test(v)) return 'fusion';
  if (/^(deletion|loss|homozygous deletion|copy number loss|biallelic inactivation)$/.test(v)) return 'deletion';
  if (/expression|overexpression|underexpression/.test(v)) return 'expression';
  if (PROTEIN_CHANGE_RE.test(variant) || EXON_RE.test(variant) || /mutation|itd|frameshift|nonsense|missense|splice|truncating|loss-of-function|deletion|insertion|skipping/.test(v)) return 'mutation';
  return 'other';
}

/** A variant text a user may type even when CIViC lacks it: a protein change or an exon-level event. */
export function isWellFormedVariant(variant: string): boolean {
  return PROTEIN_CHANGE_RE.test(variant) || EXON_RE.test(variant);
}

/* ---------- The vocabularies ---------- */

export class SurveyVocab {
  readonly oncotree = new Map<string, OncotreeNode>();
  /** Every OncoTree code of the release (to tell "unknown" from "outside the focus area"). */
  readonly allOncotreeCodes = new Set<string>();
  readonly genes = new Map<string, Gene>();
  /** Upper-case alias -> symbols (an alias can be shared). */
  readonly geneAliases = new Map<string, string[]>();
  /** "EGFR L858R" (upper-cased) -> variant. */
  readonly variants = new Map<string, Variant>();
  readonly drugs = new Map<string, Drug>();
  readonly comorbidityKeys = new Set(comorbidities.map((c) => c.key));

  private oncotreeIndex = new SearchIndex<OncotreeNode>();
  private geneIndex = new SearchIndex<Gene>();
  private variantIndex = new SearchIndex<Variant>();
  private drugIndex = new SearchIndex<Drug>();
  private comorbidityIndex = new SearchIndex<(typeof comorbidities)[number]>();
  readonly buildMs: number;

  constructor() {
    const t0 = performance.now();
    this.loadOncotree();
    this.loadGenesAndVariants();
    this.loadDrugs();
    for (const c of comorbidities) {
      this.comorbidityIndex.add(c, [{ text: c.label.en }, { text: c.label.es, alias: true }, { text: c.label.it, alias: true }, { text: c.key.replace(/_/g, ' '), alias: true }, ...(c.synonyms ?? []).map((s) => ({ text: s, alias: true }))]);
    }
    this.comorbidityIndex.build();
    this.buildMs = Math.round(performance.now() - t0);
  }

  private loadOncotree(): void {
    const level = new Map<string, number>();
    for (const n of ownedOncotreeNodes()) {
      const lv = n.parent ? (level.get(n.parent) ?? 0) + 1 : 0;
      level.set(n.code, lv);
      // Every owned code, so that codes of other organs are recognised (and refused with a clear code).
      this.allOncotreeCodes.add(n.code);
      if (!n.focusArea || !n.parent) continue;
      this.oncotree.set(n.code, { code: n.code, name: n.name, mainType: n.mainType ?? '', parent: n.parent, level: lv, focusAreas: [n.focusArea] });
    }
    // clinical names and abbreviations in en / es / it ("adenocarcinoma de pulmón", "NSCLC"): the trial
    // engine's one table of them, so the survey finds what the matcher reads in patient descriptions
    const clinical = new Map<string, string[]>();
    for (const [phrase, code] of Object.entries(CLINICAL_DISEASE_SYNONYMS)) clinical.set(code, [...(clinical.get(code) ?? []), phrase]);
    for (const node of this.oncotree.values()) {
      // The common histologies first, then shallower nodes (the organ, the main types).
      const weight = (COMMON_DIAGNOSES.has(node.code) ? 1.5 : 0) + Math.max(0, 0.5 - node.level * 0.1);
      this.oncotreeIndex.add(node, [{ text: node.code }, { text: node.name }, { text: node.mainType, alias: true }, ...(clinical.get(node.code) ?? []).map((text) => ({ text, alias: true })), ...translatedNames(node.code)], weight);
    }
    this.oncotreeIndex.build();
  }

  private loadGenesAndVariants(): void {
    for (const [symbol, name, aliases, evidence] of GENES) {
      const gene: Gene = { symbol, name, aliases: [...aliases], evidence };
      this.genes.set(gene.symbol.toUpperCase(), gene);
      for (const a of gene.aliases) {
        const list = this.geneAliases.get(a.toUpperCase()) ?? [];
        list.push(gene.symbol);
        this.geneAliases.set(a.toUpperCase(), list);
      }
      const weight = Math.log10(1 + gene.evidence);
      this.geneIndex.add(gene, [{ text: gene.symbol }, ...gene.aliases.map((a) => ({ text: a, alias: true }))], weight);
    }
    this.geneIndex.build();

    for (const [symbol, list] of Object.entries(VARIANTS)) {
      const gene = this.geneSymbol(symbol);
      if (!gene) continue;
      for (const [name, n] of list) {
        const variant: Variant = { gene, variant: name, category: variantCategory(name), evidence: n };
        this.variants.set(`${gene} ${name}`.toUpperCase(), variant);
        const aliasTexts = (this.genes.get(gene.toUpperCase())?.aliases ?? []).filter((a) => /^[A-Z0-9-]{2,}$/.test(a) && (this.geneAliases.get(a.toUpperCase())?.length ?? 0) === 1).map((a) => ({ text: `${a} ${name}`, alias: true }));
        this.variantIndex.add(variant, [{ text: `${gene} ${name}` }, ...aliasTexts], Math.log10(1 + n));
      }
    }
    this.variantIndex.build();
  }

  private loadDrugs(): void {
    const add = (drug: Drug, searchTerms: string[]) => {
      this.drugs.set(drug.value.toLowerCase(), drug);
      // a regimen's short names ("ipi-nivo") are found from their start only: "nivo" alone is nivolumab
      const words = drug.kind !== 'regimen';
      this.drugIndex.add(drug, [{ text: drug.names.en }, { text: drug.names.es, alias: true }, { text: drug.names.it, alias: true }, ...searchTerms.map((s) => ({ text: s, alias: true, words }))], drug.kind === 'drug_class' ? 0.6 : drug.kind === 'regimen' ? 0.4 : 0.5);
    };
    for (const c of drugClasses) {
      add({ value: `class:${c.key}`, kind: 'drug_class', names: { ...c.label }, classes: [c.key] }, c.synonyms ?? []);
    }
    for (const r of regimens) add({ value: `regimen:${r.key}`, kind: 'regimen', names: { ...r.label }, classes: [], members: [...REGIMENS[r.key]] }, [r.key, ...(r.synonyms ?? [])]);
    const membership = new Map<string, string[]>();
    for (const c of drugClasses) for (const d of c.drugs) membership.set(d, [...(membership.get(d) ?? []), c.key]);
    for (const [inn, classes] of membership) {
      const sp = drugSpellings[inn] ?? {};
      add({ value: inn, kind: 'drug', names: { en: inn, es: sp.es ?? inn, it: sp.it ?? inn }, classes }, [...(drugBrands[inn] ?? []), ...(EXTRA_BRANDS[inn] ?? [])]);
    }
    // The trial engine's drugs and the extra medicines add what the classes above do not name.
    const known = new Set([...this.drugs.values()].flatMap((d) => Object.values(d.names).map(normalizeKey)).concat(Object.values(drugBrands).flat().map(normalizeKey)));
    const extras: [string, string[]][] = [
      ...Object.entries(ENGINE_DRUGS).map(([name, e]): [string, string[]] => [name, [...(e.aliases ?? []), ...(EXTRA_BRANDS[name] ?? [])]]),
      ...EXTRA_DRUGS.map((d): [string, string[]] => [d.name, [...(d.search ?? [])]]),
    ];
    for (const [name, search] of extras) {
      if ([name, ...search].some((s) => known.has(normalizeKey(s)))) continue;
      for (const s of [name, ...search]) known.add(normalizeKey(s));
      add({ value: name, kind: 'drug', names: { en: name, es: name, it: name }, classes: [] }, search);
    }
    this.drugIndex.build();
  }

  /* ---- lookups ---- */

  /** Canonical symbol for a symbol or an unambiguous alias (case-insensitive). */
  geneSymbol(text: string): string | undefined {
    const up = text.trim().toUpperCase();
    const g = this.genes.get(up);
    if (g) return g.symbol;
    const a = this.geneAliases.get(up);
    return a && a.length === 1 ? a[0] : undefined;
  }

  drug(value: string): Drug | undefined {
    const v = value.trim().toLowerCase();
    return this.drugs.get(v) ?? (v.startsWith(COMBINATION) ? this.combination(v.slice(COMBINATION.length).split('+')) : undefined);
  }

  /**
   * Drugs given together as one course that no named regimen covers ("pembrolizumab + olaparib"): one
   * answer, "combination:<drug>+<drug>", read as its member drugs. Only single drugs combine (a class is
   * not a drug that was given); a named regimen with the same drugs is that regimen.
   */
  combination(members: string[]): Drug | undefined {
    const drugs = members.map((m) => this.drugs.get(m.trim().toLowerCase())).filter((d): d is Drug => d?.kind === 'drug');
    if (drugs.length !== members.length || drugs.length < 2 || drugs.length > 5) return undefined;
    const values = [...new Set(drugs.map((d) => d.value))];
    if (values.length !== drugs.length) return undefined;
    const same = [...this.drugs.values()].find((d) => d.kind === 'regimen' && d.members?.length === values.length && values.every((x) => d.members?.includes(x)));
    if (same) return same;
    const names = (lang: SurveyLang) => drugs.map((d) => d.names[lang]).join(' + ');
    return { value: `${COMBINATION}${values.join('+')}`, kind: 'regimen', names: { en: names('en'), es: names('es'), it: names('it') }, classes: [], members: values };
  }

  /** A typed "a + b", "a/b", "a y b", "a e b", "a and b" naming known drugs: the one course they make. */
  private typedCombination(query: string): Drug | undefined {
    const parts = query.split(/\s*(?:\+|\/|&|,|\band\b|\bwith\b|\by\b|\bcon\b|\be\b)\s*/i).filter((p) => p.trim());
    if (parts.length < 2) return undefined;
    const members: string[] = [];
    for (const part of parts) {
      // each part names one drug: its name, an alias or a brand, or the only drug its prefix reaches
      const hits = this.drugIndex.search(part, 3).filter((h) => h.item.kind === 'drug');
      const exact = hits.find((h) => h.exact);
      const pick = exact ?? (hits.length === 1 || (hits.length > 1 && hits[0].score > hits[1].score) ? hits[0] : undefined);
      if (!pick) return undefined;
      members.push(pick.item.value);
    }
    return this.combination(members);
  }

  /** What a stored answer value of a source reads as in a language (genes and variants read as themselves). */
  label(source: AutocompleteSource, value: string, lang: SurveyLang): string {
    switch (source) {
      case 'oncotree':
        return diseaseName(value, lang, this.oncotree.get(value)?.name) ?? value;
      case 'drugs':
        return this.drug(value)?.names[lang] ?? value;
      case 'comorbidities':
        return comorbidities.find((c) => c.key === value)?.label[lang] ?? value;
      default:
        return value;
    }
  }

  /* ---- autocomplete ---- */

  autocomplete(source: AutocompleteSource, query: string, opts: { focusArea?: FocusArea; lang?: SurveyLang; limit?: number } = {}): AutocompleteItem[] {
    const lang = opts.lang ?? 'en';
    const limit = Math.min(Math.max(opts.limit ?? 10, 1), 50);
    const q = query.slice(0, 100);
    switch (source) {
      case 'oncotree': {
        const inArea = (n: OncotreeNode) => !opts.focusArea || n.focusAreas.includes(opts.focusArea);
        const nodes = normalizeKey(q) ? this.oncotreeIndex.search(q, limit, inArea).map((r) => r.item) : this.oncotreeIndex.all().filter(inArea).sort((a, b) => a.level - b.level).slice(0, limit);
        return nodes.map((n) => ({ value: n.code, label: diseaseName(n.code, lang, n.name) ?? n.name, source, kind: 'oncotree', code: n.code, description: `${n.code} · ${n.mainType}` }));
      }
      case 'genes':
        return this.geneIndex.search(q, limit).map(({ item: g }) => ({ value: g.symbol, label: g.symbol, source, kind: 'gene', code: g.symbol, description: g.aliases.length ? `${g.name} (${g.aliases.slice(0, 4).join(', ')})` : g.name }));
      case 'variants':
        return this.autocompleteVariants(q, limit);
      case 'drugs': {
        // "nivolumab + ipilimumab" typed drug by drug is one course: the regimen or combination first
        const combined = this.typedCombination(q);
        const found = this.drugIndex.search(q, limit).map((r) => r.item);
        const list = combined ? [combined, ...found.filter((d) => d.value !== combined.value)].slice(0, limit) : found;
        return list.map((d) => ({
          value: d.value,
          label: d.names[lang],
          source,
          kind: d.kind,
          code: d.kind === 'drug_class' ? d.classes[0] : d.value,
          ...(d.kind === 'drug' && d.classes.length ? { description: d.classes.map((c) => this.drugs.get(`class:${c}`)?.names[lang] ?? c).join(', ') } : {}),
          ...(d.kind === 'regimen' ? { description: d.members!.join(', ') } : {}),
        }));
      }
      case 'comorbidities': {
        const items = normalizeKey(q) ? this.comorbidityIndex.search(q, limit).map((r) => r.item) : comorbidities.slice(0, limit);
        return items.map((c) => ({ value: c.key, label: c.label[lang], source, kind: 'comorbidity', code: c.key }));
      }
    }
  }

  /**
   * "kras" -> KRAS G12C, G12D... (CIViC, by evidence) and the gene-level findings (KRAS Mutation,
   * Amplification...); "egfr l8" -> EGFR L858R; "her2 amp" -> ERBB2 Amplification; a well-formed protein
   * change of a known gene that CIViC lacks ("TP53 R175H") is offered as typed.
   */
  private autocompleteVariants(q: string, limit: number): AutocompleteItem[] {
    const items: AutocompleteItem[] = [];
    const seen = new Set<string>();
    const push = (gene: string, variant: string, description?: string) => {
      const value = `${gene} ${variant}`;
      if (seen.has(value.toUpperCase()) || items.length >= limit) return;
      seen.add(value.toUpperCase());
      items.push({ value, label: value, source: 'variants', kind: 'variant', code: gene, description: description ?? variantCategory(variant) });
    };
    const trimmed = geneFirst(q.trim());
    const space = trimmed.indexOf(' ');
    const head = space === -1 ? trimmed : trimmed.slice(0, space);
    const typedRest = space === -1 ? '' : trimmed.slice(space + 1).trim();
    // a finding written in Spanish or Italian ("amplificación") searches as the vocabulary names it
    const rest = alterationWord(typedRest) ?? typedRest;
    const gene = this.geneSymbol(head);
    const civicHits = this.variantIndex.search(gene && rest ? `${gene} ${rest}` : gene ?? trimmed, limit * 2);
    // Exact typed protein change first, then CIViC by evidence, then the gene-level findings.
    if (gene && rest && isWellFormedVariant(rest.replace(/^p\./, ''))) push(gene, rest.replace(/^p\./, '').toUpperCase().replace(/FS/, 'fs').replace(/DEL/, 'del').replace(/INS/, 'ins').replace(/DUP/, 'dup'));
    for (const { item } of civicHits) push(item.gene, item.variant);
    if (gene) {
      const r = normalizeKey(rest);
      for (const g of genericVariants) if (!r || normalizeKey(g.variant).startsWith(r)) push(gene, g.variant);
    } else if (!rest) {
      // A gene prefix: its best genes' gene-level findings.
      for (const { item } of this.geneIndex.search(trimmed, 3)) push(item.symbol, 'Mutation');
    }
    return items.slice(0, limit);
  }
}

let shared: SurveyVocab | null = null;
/** The process-wide vocabularies, loaded on first use. */
export function surveyVocab(): SurveyVocab {
  shared ??= new SurveyVocab();
  return shared;
}

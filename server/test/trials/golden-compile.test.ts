/**
 * The compiler's output on a fixed sample of real records (read from the shared data, one or more per
 * source format), kept as a snapshot: when a change to the compiler or its vocabularies changes what is
 * compiled, this test fails with the diff, to be read and accepted (`npx jest -u <this file>`) — and the
 * knowledge-base version (trials/knowledgeBase.ts) changes with the sources by itself, so stored trials are
 * compiled again at the next start. The digest part is tested here too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseTrials } from '../../src/trials/importers';
import { compilerSources, compilerSourcesDigest, knowledgeBaseVersion } from '../../src/trials/knowledgeBase';
import { TRIALS_DIR } from './helpers';

const SAMPLE = [
  'ctgov-v2/get_nct02576665_20260811.json',
  'ctgov-v2/get_nct06382129_20260811.json',
  'ctgov-v2/get_nct06604689_20260811.json',
  'ctgov-xml/NCT00000102.xml',
  'ctgov-xml/NCT00000104.xml',
  'ctgov-xml-2023/NCT05685602.xml',
  'ctgov-xml-2023/NCT05685628.xml',
  'ctgov-xml-2023/NCT05686122.xml',
  'ctml/ctml_11-112.yaml',
];

describe('compiled output on a fixed sample', () => {
  it.each(SAMPLE.filter((f) => fs.existsSync(path.join(TRIALS_DIR, f))))('%s', (file) => {
    const r = parseTrials(fs.readFileSync(path.join(TRIALS_DIR, file), 'utf8'), file);
    expect(r.errors).toEqual([]);
    const compiled = r.trials.map((t) => ({
      id: t.id,
      diseaseCodes: t.diseaseCodes,
      genes: t.genes,
      targets: t.targets,
      primaryPurpose: t.primaryPurpose,
      criteria: t.eligibility.criteria.map((c) => `${c.polarity} ${c.origin} ${c.confidence} ${JSON.stringify(c.spec)} ← ${c.source.slice(0, 120)}`),
      cohorts: t.cohorts.map((co) => ({ id: co.id, criteria: co.criteria.map((c) => `${c.polarity} ${JSON.stringify(c.spec)}`) })),
    }));
    expect(compiled).toMatchSnapshot();
  });
});

describe('knowledge-base version', () => {
  it('is a digest of every module the importers load', () => {
    const files = compilerSources().map((f) => path.relative(path.join(__dirname, '../../src'), f));
    for (const f of [
      'trials/importers/index',
      'trials/compiler/index',
      'trials/compiler/priorTherapy',
      'vocab/drugKnowledge',
      'vocab/diseases',
      'vocab/oncotree',
    ]) {
      expect(files.some((x) => x.startsWith(`${f}.`))).toBe(true);
    }
    expect(knowledgeBaseVersion()).toMatch(/^compiler@[0-9a-f]{16};oncotree@/);
  });

  it('changes when a module the entry reaches changes, and only then', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-kb-'));
    try {
      fs.mkdirSync(path.join(dir, 'compiler'));
      fs.writeFileSync(path.join(dir, 'index.ts'), "import { rule } from './compiler';\nexport const x = rule;\n");
      fs.writeFileSync(path.join(dir, 'compiler', 'index.ts'), "export { rule } from './rule';\n");
      fs.writeFileSync(path.join(dir, 'compiler', 'rule.ts'), 'export const rule = /stage iv/i;\n');
      fs.writeFileSync(path.join(dir, 'unrelated.ts'), 'export const y = 1;\n');
      const entry = path.join(dir, 'index.ts');
      const before = compilerSourcesDigest(entry);
      expect(compilerSources(entry)).toHaveLength(3);
      fs.writeFileSync(path.join(dir, 'unrelated.ts'), 'export const y = 2;\n');
      expect(compilerSourcesDigest(entry)).toBe(before);
      fs.writeFileSync(path.join(dir, 'compiler', 'rule.ts'), 'export const rule = /stage iv|metastatic/i;\n');
      expect(compilerSourcesDigest(entry)).not.toBe(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

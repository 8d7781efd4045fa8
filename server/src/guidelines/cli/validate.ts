/**
 * `npm run guidelines:validate -- <pack.json> [...]`: checks guideline packs as the server loads them
 * (schema, OncoTree codes, genes; unknown drugs are warnings) and exits 1 when one is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../config/sharedData';
import { installReferenceVocabularies } from '../../vocab/reference/active';
import { readReferenceVocabularies } from '../../vocab/reference/readShared';
import { BUILT_IN_PACKS_DIR, checkPack } from '../packs';

const files = process.argv.slice(2).filter((a) => a !== '--');
const targets = files.length ? files : fs.readdirSync(BUILT_IN_PACKS_DIR).filter((f) => f.endsWith('.json')).map((f) => path.join(BUILT_IN_PACKS_DIR, f));
// the complete vocabularies when the shared data is there (as the server has them), else the owned lists
const vocab = fs.existsSync(sharedDataDir()) ? readReferenceVocabularies(sharedDataDir()) : null;
if (vocab) installReferenceVocabularies(vocab);
let failed = false;
for (const f of targets) {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), f), 'utf8'));
  } catch (e) {
    console.log(`✗ ${f}: cannot read it as JSON: ${(e as Error).message}`);
    failed = true;
    continue;
  }
  const { pack, errors, warnings } = checkPack(json);
  for (const w of warnings) console.log(`  warning: ${w}`);
  if (pack) console.log(`✓ ${f}: pack ${pack.id} ${pack.version} (${pack.date}), ${pack.rules.length} rules`);
  else {
    failed = true;
    console.log(`✗ ${f}: refused`);
    for (const e of errors) console.log(`  error: ${e}`);
  }
}
process.exit(failed ? 1 : 0);

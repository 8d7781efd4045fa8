/**
 * Writes the built-in pack's indication table into server/guidelines/README.md (`npm run guidelines:table`),
 * between its markers; the rest of the document is kept.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../packs';
import { withIndicationTable } from '../table';

const { packs, refused } = loadPacks(BUILT_IN_PACKS_DIR);
if (refused.length || !packs.length) {
  console.error('the built-in pack is refused:', JSON.stringify(refused, null, 2));
  process.exit(1);
}
const file = path.join(BUILT_IN_PACKS_DIR, 'README.md');
const doc = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
fs.writeFileSync(file, withIndicationTable(doc, packs[0]));
console.log(`${file}: ${packs[0].rules.length} rows`);

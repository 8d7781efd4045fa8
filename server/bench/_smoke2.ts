import { importDirectory } from '../src/trials/importers';
const r = importDirectory(process.argv[2]);
for (const e of r.errors) if (!/boolean_cases/.test(e.file ?? '')) console.log(JSON.stringify(e));
console.log(r.trials.length);

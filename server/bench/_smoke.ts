import { importDirectory } from '/work/main/server/src/trials/importers';
const t0 = Date.now();
const r = importDirectory(process.argv[2]);
console.log('files', r.files, 'trials', r.trials.length, 'errors', r.errors.length, 'ms', Date.now() - t0);
console.log(r.errors.slice(0, 10));
const kinds: Record<string, number> = {};
for (const t of r.trials) for (const c of t.eligibility.criteria) kinds[c.spec.kind] = (kinds[c.spec.kind] ?? 0) + 1;
console.log(kinds);

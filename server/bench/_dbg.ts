import fs from 'node:fs';
import path from 'node:path';
import { parseCtgovXml, parseHintCsv } from '../src/trials/importers';
import { normalizePatient } from '../src/trials/normalize';
import { geneRelation, matchPatient, TrialIndex } from '../src/trials/matcher';
const data = '/work/shared/data';
const trials = new Map<string, any>();
const want = new Set<string>();
const rows = fs.readFileSync(data + '/benchmarks/trec-pm/judgments-trials-2018.csv', 'utf8').split('\n').slice(1).filter(Boolean).map((l) => l.split(','));
for (const r of rows) want.add(r[1]);
for (const f of fs.readdirSync(data + '/trials/ctgov-xml')) if (want.has(f.slice(0, 11))) for (const t of parseCtgovXml(fs.readFileSync(data + '/trials/ctgov-xml/' + f, 'utf8'), f).trials) trials.set(t.id, t);
const csv = fs.readFileSync(data + '/trials/hint/cancer_trials.csv', 'utf8');
for (const t of parseHintCsv(csv).trials) if (want.has(t.id) && !trials.has(t.id)) trials.set(t.id, t);
const topics = new Map<string, any>();
const xml = fs.readFileSync(data + '/benchmarks/trec-pm/topics2018.xml', 'utf8');
for (const m of xml.matchAll(/<topic number="(\d+)">[\s\S]*?<disease>(.*?)<\/disease>[\s\S]*?<gene>(.*?)<\/gene>[\s\S]*?<demographic>(.*?)<\/demographic>/g)) topics.set(m[1], { disease: m[2], gene: m[3], demo: m[4] });
const mode = process.argv[2];
const filt = process.argv[3];
for (const r of rows) {
  const t = trials.get(r[1]);
  if (!t || !r[3]) continue;
  const tp = topics.get(r[0]);
  if (mode === 'gene') {
    const human = r[4];
    const alts = normalizePatient(r[5]).patient.alterations;
    const g = geneRelation(t, { alterations: alts }).relation;
    if (filt && `${human}->${g}` !== filt) continue;
    const gene = alts[0]?.gene ?? 'NOGENE';
    const text = [t.briefTitle, t.conditions.join(';'), t.summary ?? '', t.eligibility.text ?? ''].join(' ');
    const ctx = [...text.matchAll(new RegExp(`.{0,60}\\b${gene}\\b.{0,60}`, 'g'))].slice(0, 3).map((m) => m[0].replace(/\s+/g, ' '));
    console.log(`${r[0]} ${r[1]} ${t.source} [${r[5]}] human=${human} ours=${g} targets=${JSON.stringify(t.targets.filter((x: any) => x.gene === gene))}\n   ${ctx.join('\n   ')}`);
  } else if (mode === 'demo') {
    const p = { ...normalizePatient(tp.demo).patient };
    const res = matchPatient(new TrialIndex([t]), p, { exhaustive: true })[0];
    if (filt && `${r[10]}->${res.demographics}` !== filt) continue;
    const ages = t.eligibility.criteria.filter((c: any) => c.spec.kind === 'age' || c.spec.kind === 'sex').map((c: any) => JSON.stringify(c.spec) + ' <= ' + c.source.slice(0, 80));
    const text = t.eligibility.text ?? '';
    const ctx = [...text.matchAll(/.{0,50}\b(?:age|years|yrs)\b.{0,40}/gi)].slice(0, 4).map((m) => m[0].replace(/\s+/g, ' '));
    console.log(`${r[0]} ${r[1]} ${t.source} [${tp.demo}] human=${r[10]} ours=${res.demographics} min=${t.eligibility.minAge} max=${t.eligibility.maxAge}\n   ${ages.join('\n   ')}\n   ctx: ${ctx.join(' || ')}`);
  } else if (mode === 'disease') {
    const p = normalizePatient(tp.disease).patient;
    const res = matchPatient(new TrialIndex([t]), { ...p }, { exhaustive: true })[0];
    if (filt && `${r[3]}->${res.diseaseRelation}` !== filt) continue;
    console.log(`${r[0]} ${r[1]} ${t.source} [${tp.disease}=${p.oncotreeCode}] human=${r[3]} ours=${res.diseaseRelation} codes=${t.diseaseCodes} cond=${t.conditions.join(';').slice(0, 100)} | ${t.briefTitle.slice(0, 100)}`);
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { Trial as TrialSchema } from '@oncodesk/shared/contracts';
import { detectFormat, importDirectory, parseCtgovV2, parseCtgovXml, parseHintCsv, parseNciCts, parseTrials, preferRecord } from '../../src/trials/importers';
import { derivedTitle } from '../../src/trials/importers/hint';
import { TrialIndex } from '../../src/trials/matcher';
import { read, TRIALS_DIR } from './helpers';
import { sharedHintFile, sharedTrialsImport } from '../support/compiledTrials';

// The shared HINT file and folder compiled once for the whole suite (test/support/compiledTrials.ts).
const hintFile = sharedHintFile;

describe('ClinicalTrials.gov API v2 JSON', () => {
  it('reads a single study with sites, coordinates, interventions and eligibility', () => {
    const r = parseCtgovV2(read('trials/ctgov-v2/get_nct02576665_20260811.json'), 'get');
    expect(r.errors).toEqual([]);
    const t = r.trials[0];
    expect(t.id).toBe('NCT02576665');
    expect(t.overallStatus).toBe('terminated');
    expect(t.sites.length).toBeGreaterThan(0);
    expect(t.sites[0]).toMatchObject({ name: 'Sarah Cannon Research Institute', address: { city: 'Denver', countryCode: 'US' }, point: { lat: 39.73915, lon: -104.9847 } });
    expect(t.interventions.map((i) => i.name)).toContain('Toca 511');
    expect(TrialSchema.safeParse(t).success).toBe(true);
  });

  it('reads search pages {studies,totalCount,nextPageToken}', () => {
    const r = parseCtgovV2(read('trials/ctgov-v2/search_age_count_20260811.json'), 'search');
    expect(r.errors).toEqual([]);
    expect(r.trials.length).toBeGreaterThan(0);
    expect(typeof r.totalCount).toBe('number');
    expect(typeof r.nextPageToken).toBe('string');
    const egfr = parseCtgovV2(read('trials/ctgov-v2/search_nsclc_egfr_l858r_20260811.json'), 's');
    expect(egfr.trials[0].diseaseCodes).toContain('NSCLC');
    expect(egfr.trials[0].phases).toEqual(['3']);
  });

  it('compiles the eligibility text of a v2 study into criteria with sources', () => {
    const t = parseCtgovV2(read('trials/ctgov-v2/get_nct06382129_20260811.json')).trials[0];
    const kinds = new Set(t.eligibility.criteria.map((c) => c.spec.kind));
    expect(kinds.has('age')).toBe(true);
    expect(kinds.has('diagnosis')).toBe(true);
    expect(t.eligibility.criteria.find((c) => c.spec.kind === 'alteration' && c.spec.gene === 'EGFR')?.spec).toMatchObject({ wildType: true });
    for (const c of t.eligibility.criteria) expect(c.source.length).toBeGreaterThan(0);
  });
});

describe('legacy ClinicalTrials.gov XML', () => {
  it('reads clinical_study records: sponsor, phase, arms, interventions, sites', () => {
    const t = parseCtgovXml(read('trials/ctgov-xml/NCT00500006.xml'), 'NCT00500006.xml').trials[0];
    expect(t).toMatchObject({ id: 'NCT00500006', sponsor: 'Merck Sharp & Dohme Corp.', phases: ['1'], overallStatus: 'terminated', studyType: 'interventional' });
    expect(t.cohorts.map((c) => c.label)).toEqual(['A', 'B']);
    expect(t.interventions.find((i) => i.name === 'dasatinib')?.drugs).toEqual(['dasatinib']);
    expect(t.diseaseCodes).toContain('CML');
    expect(t.eligibility.text).toMatch(/Inclusion Criteria/);
  });

  it('reads TREC <DOC> slices', () => {
    const r = parseCtgovXml(read('trials/ctgov-xml/NCT00000105.xml'), 'NCT00000105.xml');
    expect(r.errors).toEqual([]);
    expect(r.trials[0]).toMatchObject({ id: 'NCT00000105', eligibility: { minAge: 18 } });
  });
});

describe('NCI CTS v2', () => {
  it('reads structured eligibility, diseases and every site with coordinates and its own status (JSONL)', () => {
    const r = parseNciCts(read('trials/nci-cts/trials.jsonl'), 'trials.jsonl');
    expect(r.errors).toEqual([]);
    expect(r.trials.length).toBe(352);
    const withSites = r.trials.filter((t) => t.sites.some((s) => s.point));
    expect(withSites.length).toBeGreaterThan(300);
    const statuses = new Set(r.trials.flatMap((t) => t.sites.map((s) => s.status)));
    expect(statuses.has('recruiting')).toBe(true);
    expect(statuses.size).toBeGreaterThan(1);
  });

  it('turns inclusion biomarkers into structured criteria and keeps arms, PI and collaborators', () => {
    const kras = parseNciCts(read('trials/nci-cts/full/NCI-2020-08103.json')).trials[0];
    expect(kras.eligibility.criteria).toEqual(expect.arrayContaining([expect.objectContaining({ origin: 'structured', polarity: 'inclusion', spec: expect.objectContaining({ kind: 'alteration', gene: 'KRAS', proteinChange: 'G12C' }) })]));
    const hiv = parseNciCts(read('trials/nci-cts/full/NCI-2018-01903.json')).trials[0];
    expect(hiv).toMatchObject({ id: 'NCT03834571', principalInvestigator: 'Ntokozo Ndlovu', collaborators: ['National Cancer Institute'], eligibility: { sex: 'female', minAge: 18 } });
    expect(hiv.cohorts.length).toBe(2);
    expect(hiv.sites[0].address.countryCode).toBe('ZW');
    expect(hiv.sites[0].status).toBe('not_yet_recruiting');
    expect(hiv.eligibility.criteria.some((c) => c.spec.kind === 'comorbidity' && c.spec.condition === 'hiv' && c.polarity === 'inclusion')).toBe(true);
  });
});

describe('HINT CSV', () => {
  it('reads all 1,717 rows with diseases, drugs, phase and criteria text', () => {
    const r = hintFile();
    expect(r.errors).toEqual([]);
    expect(r.trials.length).toBe(1717);
    const t = r.trials.find((x) => x.id === 'NCT00002633')!;
    expect(t.conditions).toEqual(['prostate cancer']);
    expect(t.diseaseCodes).toContain('PROSTATE');
    expect(t.interventions.map((i) => i.name)).toContain('bicalutamide');
    expect(t.phases).toEqual(['3']);
  });
});

describe('bad input: per-record errors, nothing thrown, nothing changed', () => {
  it('reports broken files and records clearly', () => {
    expect(parseCtgovV2('{"studies": [', 'broken.json').errors[0].message).toMatch(/invalid JSON/);
    const mixed = parseCtgovV2(JSON.stringify({ studies: [{ protocolSection: { identificationModule: { nctId: 'NCT12345678', briefTitle: 'ok' } } }, { protocolSection: { identificationModule: { nctId: 'bad' } } }, {}] }), 'mixed.json');
    expect(mixed.trials.map((t) => t.id)).toEqual(['NCT12345678']);
    expect(mixed.errors).toHaveLength(2);
    expect(mixed.errors[0]).toMatchObject({ file: 'mixed.json', record: 'bad' });
    expect(parseCtgovXml('<clinical_study><id_info><nct_id>NCT1</nct_id></id_info>', 'x.xml').trials).toEqual([]);
    expect(parseCtgovXml('not xml at all', 'x.xml').errors[0].message).toMatch(/invalid XML|no <clinical_study>/);
    const csv = 'nctid,status,why_stop,phase,diseases,icdcodes,drugs,criteria\nNCT00000001,completed,,phase 2,[\'cancer\'],[],[],"Age >= 18"\nBROKEN,completed\n';
    const h = parseHintCsv(csv, 'h.csv');
    expect(h.trials).toHaveLength(1);
    expect(h.errors[0]).toMatchObject({ record: 'BROKEN' });
    expect(parseHintCsv('a,b\n1,2', 'h.csv').errors[0].message).toMatch(/missing columns/);
    expect(parseNciCts('{"nci_id": "NCI-1"}\nnot json\n', 'n.jsonl').errors.map((e) => e.record)).toEqual(['line 2']);
    expect(parseTrials('???', 'weird.bin').errors[0].message).toMatch(/unrecognised/);
  });

  it('a failed import leaves the index unchanged; re-importing is idempotent', () => {
    const good = parseCtgovV2(read('trials/ctgov-v2/search_melanoma_recruiting_limit3_20260811.json')).trials;
    const idx = new TrialIndex(good);
    const before = idx.entries.map((e) => e.trial);
    const bad = parseCtgovV2('{"studies": [{"protocolSection": {}}]}');
    for (const t of bad.trials) idx.add(t);
    expect(bad.trials).toHaveLength(0);
    expect(idx.entries.map((e) => e.trial)).toEqual(before);
    const again = parseCtgovV2(read('trials/ctgov-v2/search_melanoma_recruiting_limit3_20260811.json')).trials;
    expect(again).toEqual(good);
    for (const t of again) idx.add(t);
    expect(idx.size).toBe(good.length);
  });

  it('imports the whole shared trials folder; only the non-trial boolean fixtures are rejected', () => {
    const r = sharedTrialsImport();
    const realErrors = r.errors.filter((e) => !/ctml_boolean_cases/.test(e.file ?? ''));
    expect(realErrors).toEqual([]);
    expect(r.trials.length).toBeGreaterThan(3000);
    expect(r.errors.every((e) => /unrecognised trial file format/.test(e.message))).toBe(true);
    for (const t of r.trials.slice(0, 200)) expect(TrialSchema.safeParse(t).success).toBe(true);
  });

  it('detects formats', () => {
    expect(detectFormat('a.xml', '<clinical_study>')).toBe('ctgov-xml');
    expect(detectFormat('a.json', '{"studies": []}')).toBe('ctgov-v2');
    expect(detectFormat('a.yaml', 'protocol_no: 1')).toBe('ctml');
    expect(detectFormat('x.jsonl', fs.readFileSync(path.join(TRIALS_DIR, 'nci-cts', 'trials.jsonl'), 'utf8').slice(0, 3000))).toBe('nci-cts');
  });
});

describe('trial validation', () => {
  it('rejects impossible ages and invalid ids; drops unknown OncoTree codes', async () => {
    const { finalizeTrial } = await import('../../src/trials/model');
    const base = { id: 'NCT00000009', nctId: 'NCT00000009', otherIds: [], source: 'manual' as const, briefTitle: 't', phases: [], overallStatus: 'recruiting' as const, collaborators: [], conditions: ['Melanoma'], keywords: [], interventions: [], cohorts: [], sites: [], dates: {} };
    expect(finalizeTrial({ ...base, eligibility: { sex: 'all', minAge: 200 } }).error).toMatch(/minAge/);
    expect(finalizeTrial({ ...base, nctId: 'NCT1', eligibility: { sex: 'all' } }).error).toMatch(/nctId/);
    const ok = finalizeTrial({ ...base, diseaseCodes: ['NOT_A_CODE', 'skcm'], eligibility: { sex: 'all' } });
    expect(ok.trial?.diseaseCodes).toEqual(expect.arrayContaining(['SKCM']));
    expect(ok.trial?.diseaseCodes).not.toContain('NOT_A_CODE');
  });
});

describe('records of one trial from several sources', () => {
  it('a HINT row never replaces the ClinicalTrials.gov record of the same trial (structured age / sex, sites kept)', () => {
    const dir = path.join(TRIALS_DIR, 'ctgov-xml');
    const hint = hintFile().trials;
    const both = hint.filter((t) => fs.existsSync(path.join(dir, `${t.id}.xml`)));
    expect(both.length).toBeGreaterThan(5);
    for (const h of both) {
      const x = parseCtgovXml(fs.readFileSync(path.join(dir, `${h.id}.xml`), 'utf8'), `${h.id}.xml`).trials[0];
      expect(preferRecord(x, h)).toBe(x);
      expect(preferRecord(h, x)).toBe(x);
    }
  });
});

describe('a search result beside the full record', () => {
  it('a ClinicalTrials.gov search slice without criteria text never replaces the full record (NCT06604689 keeps its exclusion criteria)', () => {
    const ctgov = path.join(TRIALS_DIR, 'ctgov-v2');
    const full = parseCtgovV2(fs.readFileSync(path.join(ctgov, 'get_nct06604689_20260811.json'), 'utf8'), 'get').trials[0];
    const slice = parseCtgovV2(fs.readFileSync(path.join(ctgov, 'search_nsclc_egfr_l858r_20260811.json'), 'utf8'), 'search').trials.find((t) => t.id === 'NCT06604689')!;
    expect(slice.eligibility.text).toBeUndefined();
    expect(preferRecord(full, slice)).toBe(full);
    expect(preferRecord(slice, full)).toBe(full);
    const imported = importDirectory(ctgov).trials.find((t) => t.id === 'NCT06604689')!;
    expect(imported.eligibility.text).toMatch(/Exclusion Criteria:[\s\S]*Multiple primary or metastatic tumors/);
  });
});

describe('HINT records without a title', () => {
  it('get a readable title from their interventions and conditions, marked derived', () => {
    expect(derivedTitle('NCT1', ['trastuzumab emtansine', 'vinorelbine'], ['breast cancer'])).toBe('Trastuzumab emtansine and vinorelbine in breast cancer');
    expect(derivedTitle('NCT1', ['a', 'b', 'c', 'd', 'e'], ['x'])).toBe('A, b, c and 2 more in x');
    expect(derivedTitle('NCT1', [], ['sarcoma'])).toBe('Treatment of sarcoma');
    expect(derivedTitle('NCT1', [], [])).toBe('NCT1');
    const csv = 'nctid,status,phase,diseases,icdcodes,drugs,smiless,criteria\nNCT00000001,recruiting,phase 2,"[\'breast cancer\']","[]","[\'vinorelbine\']","[]","Inclusion Criteria: - Age 18"\n';
    const t = parseHintCsv(csv, 'x.csv').trials[0];
    expect([t.briefTitle, t.titleOrigin]).toEqual(['Vinorelbine in breast cancer', 'derived']);
  });
});

import type { CriterionResult, PatientData, Trial } from '@oncodesk/shared/contracts';
import { renderMessage } from '@oncodesk/shared/contracts';
import { parseCtgovV2 } from '../../src/trials/importers';
import { cachedImportDirectory } from '../support/compiledTrials';
import { TrialIndex, diseaseRelation, matchPatient, rematch, scoreBothPaths, fastVerdict, viewPatient, evaluateSpec, quickHolds, verdictOf, evaluateCriterion, haversineKm, filterSites, siteMatchesFilter, continentOf, countryCode, inContinents } from '../../src/trials/matcher';
import { normalizePatient } from '../../src/language/normalizePatient';
import { inSharedTrials, read, TRIALS_DIR, P, trial } from './helpers';
import { compileItem } from '../../src/trials/compiler';



const EGFR_TRIAL = trial('NCT90000001', `Inclusion Criteria:
- Histologically confirmed metastatic non-small cell lung cancer with EGFR exon 19 deletion or L858R mutation
- ECOG performance status 0-1
- Measurable disease per RECIST 1.1
Exclusion Criteria:
- Prior treatment with an EGFR TKI
- Known HIV infection`, { conditions: ['Non-small Cell Lung Cancer'], phases: ['3'] });

describe('per-criterion evaluation explains every decision', () => {
  it('match / no_match / unknown with the patient fact and the trial sentence', () => {
    const p = P({ age: 61, gender: 'female', oncotreeCode: 'LUAD', metastatic: true, ecog: 1, alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }], priorTreatments: [{ name: 'carboplatin', kind: 'drug' }] });
    const [r] = matchPatient(new TrialIndex([EGFR_TRIAL]), p);
    const by = (kind: string) => r.results.filter((x) => x.kind === kind);
    expect(by('diagnosis').every((x) => x.status === 'match')).toBe(true);
    expect(by('diagnosis')[0].patientFact).toMatch(/LUAD/);
    expect(by('ecog')[0]).toMatchObject({ status: 'match', patientFact: 'ECOG 1', source: 'ECOG performance status 0-1' });
    expect(by('prior_therapy')[0]).toMatchObject({ polarity: 'exclusion', status: 'match' });
    expect(by('measurable_disease')[0].status).toBe('unknown');
    expect(by('comorbidity')[0].status).toBe('unknown');
    // "exon 19 deletion or L858R" are alternatives: one is enough
    expect(r.verdict).toBe('match');
    // the trial's NSCLC is broader than the patient's lung adenocarcinoma
    expect(r.diseaseRelation).toBe('more_general');
    const alt = r.results.find((x) => x.kind === 'alteration' && x.status === 'no_match')!;
    expect(alt.reason).toMatch(/alternative in the same sentence is met/);
    expect(r.geneRelation).toBe('exact');
    expect(r.results.every((x) => x.criterionId.startsWith('NCT90000001#'))).toBe(true);
  });

  it('verdicts: no_match for another disease, not_eligible for a failed exclusion, unknown without data', () => {
    const idx = new TrialIndex([EGFR_TRIAL]);
    const breast = matchPatient(idx, P({ oncotreeCode: 'BRCA' }), { exhaustive: true })[0];
    expect(breast.verdict).toBe('no_match');
    expect(breast.level).toBe('low');
    const tkiPretreated = matchPatient(idx, P({ oncotreeCode: 'LUAD', alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }], priorTreatments: [{ name: 'osimertinib', kind: 'drug' }] }))[0];
    expect(tkiPretreated.verdict).toBe('not_eligible');
    const failed = tkiPretreated.results.find((x) => x.status === 'no_match' && x.kind !== 'alteration')!;
    expect(failed).toMatchObject({ kind: 'prior_therapy', source: 'Prior treatment with an EGFR TKI', patientFact: 'received osimertinib (EGFR tyrosine kinase inhibitor)' });
    expect(matchPatient(idx, P({ oncotreeCode: 'LUNG' }))[0].verdict).toBe('unknown');
  });

  it('clinician overrides change criterion status; rematch reports the changes', () => {
    const idx = new TrialIndex([EGFR_TRIAL]);
    // metastatic: the trial's setting decided (a setting the record leaves open keeps the trial from a match)
    const p = P({ oncotreeCode: 'LUAD', metastatic: true, alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }], priorTreatments: [{ name: 'erlotinib', kind: 'drug' }] });
    const before = matchPatient(idx, p);
    expect(before[0].verdict).toBe('not_eligible');
    const tki = before[0].results.find((x) => x.kind === 'prior_therapy')!;
    const { results, changes } = rematch(idx, p, before, [{ criterionId: tki.criterionId, status: 'match', note: 'erlotinib given for 3 days only' }]);
    expect(results[0].verdict).toBe('match');
    const changed = results[0].results.find((x) => x.criterionId === tki.criterionId)!;
    expect(changed).toMatchObject({ status: 'match', overridden: true, computedStatus: 'no_match' });
    expect(changes).toEqual(expect.arrayContaining([{ trialId: 'NCT90000001', criterionId: tki.criterionId, field: 'criterion', before: 'no_match', after: 'match' }, { trialId: 'NCT90000001', field: 'verdict', before: 'not_eligible', after: 'match' }]));
    // no overrides -> no changes
    expect(rematch(idx, p, before, []).changes).toEqual([]);
  });
});

describe('ranking', () => {
  it('ranks a targeted trial for the exact disease above a pan-cancer one and a trial for another disease', () => {
    const targeted = trial('NCT90000002', 'Inclusion Criteria:\n- Metastatic melanoma with BRAF V600E mutation', { conditions: ['Melanoma'] });
    const pan = trial('NCT90000003', 'Inclusion Criteria:\n- Advanced solid tumors', { conditions: ['Solid Tumors'] });
    const other = trial('NCT90000004', 'Inclusion Criteria:\n- Metastatic colorectal cancer', { conditions: ['Colorectal Cancer'] });
    const idx = new TrialIndex([other, pan, targeted]);
    const p = P({ age: 50, oncotreeCode: 'SKCM', metastatic: true, alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }] });
    const ranked = matchPatient(idx, p, { exhaustive: true });
    expect(ranked.map((r) => r.trialId)).toEqual(['NCT90000002', 'NCT90000003', 'NCT90000004']);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score);
    // the index only proposes trials that concern the patient
    expect(matchPatient(idx, p).map((r) => r.trialId)).not.toContain('NCT90000004');
  });

  it('distance to the nearest recruiting site counts (haversine)', () => {
    const site = (name: string, lat: number, lon: number, status: 'recruiting' | 'closed' = 'recruiting') => ({ name, address: { country: 'United States', countryCode: 'US' }, point: { lat, lon }, status });
    const near = trial('NCT90000005', 'Inclusion Criteria:\n- Melanoma', { conditions: ['Melanoma'], sites: [site('Boston', 42.36, -71.06)] });
    const far = trial('NCT90000006', 'Inclusion Criteria:\n- Melanoma', { conditions: ['Melanoma'], sites: [site('Seattle', 47.61, -122.33), site('Cambridge (closed)', 42.37, -71.1, 'closed')] });
    const p = P({ oncotreeCode: 'MEL', location: { point: { lat: 42.35, lon: -71.05 } } });
    const r = matchPatient(new TrialIndex([far, near]), p);
    expect(r[0].trialId).toBe('NCT90000005');
    expect(r[0].nearestSite?.distanceKm).toBeLessThan(5);
    expect(r[1].nearestSite?.name).toBe('Seattle');
    expect(r[1].nearestSite!.distanceKm).toBeGreaterThan(4000);
  });
});

describe('location helpers (pure functions)', () => {
  it('haversine, radius, country and continent filters', () => {
    expect(haversineKm({ lat: 48.8566, lon: 2.3522 }, { lat: 51.5074, lon: -0.1278 })).toBeCloseTo(343.5, 0);
    const paris = { point: { lat: 48.8566, lon: 2.3522 }, address: { country: 'France' } };
    const harare = { point: { lat: -17.83, lon: 31.05 }, address: { country: 'Zimbabwe', countryCode: 'ZW' } };
    expect(siteMatchesFilter({ kind: 'radius', center: { lat: 51.5, lon: -0.13 }, km: 400 }, paris)).toBe(true);
    expect(siteMatchesFilter({ kind: 'radius', center: { lat: 51.5, lon: -0.13 }, km: 300 }, paris)).toBe(false);
    expect(siteMatchesFilter({ kind: 'country', countryCodes: ['FR'] }, paris)).toBe(true);
    expect(siteMatchesFilter({ kind: 'continent', continents: ['Africa'] }, harare)).toBe(true);
    expect(siteMatchesFilter({ kind: 'continent', continents: ['Europe'] }, harare)).toBe(false);
    expect(siteMatchesFilter({ kind: 'global' }, harare)).toBe(true);
    expect(continentOf('Korea, Republic of')).toBe('Asia');
    expect(continentOf('BR')).toBe('South America');
    expect(continentOf('Australia')).toBe('Oceania');
    expect(continentOf('Canada')).toBe('North America');
    expect(countryCode('United States')).toBe('US');
    expect(inContinents(['Europe'], 'Russian Federation')).toBe(true);
    expect(filterSites([{ ...harare, status: 'closed' as const }], { kind: 'global' }, true)).toEqual([]);
  });

  it('every site country in the shared trials maps to a continent', () => {
    const r = cachedImportDirectory(`${TRIALS_DIR}/nci-cts`);
    const countries = new Set(r.trials.flatMap((t) => t.sites.map((s) => s.address.country).filter(Boolean) as string[]));
    expect(countries.size).toBeGreaterThan(10);
    const unmapped = [...countries].filter((c) => !continentOf(c));
    expect(unmapped).toEqual([]);
  });
});

describe('fast path agrees with the explained path on the shared trials', () => {
  const trials = [...parseCtgovV2(read('trials/ctgov-v2/search_phelan_limit50_20260811.json')).trials, ...cachedImportDirectory(`${TRIALS_DIR}/nci-cts/full`).trials, ...cachedImportDirectory(`${TRIALS_DIR}/ctml`).trials];
  const patients = [
    '64-year-old man with metastatic gastric adenocarcinoma, ERBB2 amplified, ECOG 1, progressed on FOLFOX',
    '58-year-old woman with stage IV lung adenocarcinoma, EGFR L858R, ECOG 0, progressed on osimertinib, treated brain metastases, HIV',
    '45-year-old female with metastatic melanoma, BRAF V600E, PD-L1 60%, TMB 12, ECOG 1, no prior therapy',
    '39-year-old woman with cervical cancer stage IIIB, pregnant',
  ].map((t) => normalizePatient(t).patient);
  it('every explanation names the patient fact a decided criterion rests on, and fastVerdict === verdictOf for every trial', () => {
    let n = 0;
    for (const p of patients) {
      const v = viewPatient(p);
      for (const t of trials) {
        const all = [...t.eligibility.criteria, ...t.cohorts.flatMap((c) => c.criteria)];
        for (const c of all) {
          // the explanation takes its truth from quickHolds (one definition, so comparing the two could not fail)
          // and must say what it rests on
          const e = evaluateSpec(c.spec, v);
          expect(e.reason.length).toBeGreaterThan(0);
          if (e.holds !== undefined) expect([c.spec.kind, e.fact]).toEqual([c.spec.kind, expect.stringMatching(/\S/)]);
          // and says it in every interface language: no untranslated value or empty parameter left
          for (const lang of ['es', 'it'] as const)
            for (const m of [e.reasonMsg, e.factMsg]) if (m) expect([c.spec.kind, renderMessage(m, lang)]).toEqual([c.spec.kind, expect.not.stringMatching(/\{\{|@|_[a-z]/)]);
          n++;
        }
        const results = t.eligibility.criteria.map((c) => evaluateCriterion(c, v)) as CriterionResult[];
        expect(fastVerdict(t.id, t.eligibility.criteria, v, new Map())).toEqual(verdictOf(results));
      }
    }
    expect(n).toBeGreaterThan(1000);
  });
});

describe('compiled hot path', () => {
  const trials = [...parseCtgovV2(read('trials/ctgov-v2/search_phelan_limit50_20260811.json')).trials, ...cachedImportDirectory(`${TRIALS_DIR}/nci-cts/full`).trials, ...cachedImportDirectory(`${TRIALS_DIR}/ctml`).trials, ...cachedImportDirectory(`${TRIALS_DIR}/ctgov-xml`, (f) => /NCT0[01]\d*[05]\.xml$/.test(f)).trials];
  const index = new TrialIndex(trials);
  const patients = [
    '64-year-old man with metastatic gastric adenocarcinoma, ERBB2 amplified, ECOG 1, progressed on FOLFOX',
    '58-year-old woman with stage IV lung adenocarcinoma, EGFR L858R, ECOG 0, progressed on osimertinib, treated brain metastases, HIV',
    '45-year-old female with metastatic melanoma, BRAF V600E, PD-L1 60%, TMB 12, ECOG 1, no prior therapy',
    '39-year-old woman with cervical cancer stage IIIB, pregnant',
    '70-year-old man with breast cancer, Karnofsky 70',
    'solid tumour',
  ].map((t) => normalizePatient(t).patient);
  it('scores every trial exactly as the explained path does', () => {
    expect(trials.length).toBeGreaterThan(100);
    for (const p of patients) {
      const both = scoreBothPaths(index, p);
      const diff = both.filter((x) => x.hot !== x.full);
      expect(diff).toEqual([]);
    }
  });
  it('top-k equals the head of the full ranking, ordered by score', () => {
    for (const p of patients) {
      const all = matchPatient(index, p, { exhaustive: true, limit: Infinity });
      const top = matchPatient(index, p, { exhaustive: true, limit: 25 });
      expect(top.map((r) => r.trialId)).toEqual(all.slice(0, 25).map((r) => r.trialId));
      for (let k = 1; k < all.length; k++) expect(all[k - 1].score).toBeGreaterThanOrEqual(all[k].score);
    }
  });
});

describe('ranking tiers', () => {
  it('a not-eligible or no-match trial never outranks a match / unknown one, whatever its disease and gene specificity', () => {
    const p = P({ age: 60, gender: 'male', oncotreeCode: 'LUAD', alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }], ecog: 3 });
    // exact disease and exact variant, but ECOG 0-1 required: not eligible
    const targeted = trial('NCT90000011', 'Inclusion Criteria:\n- EGFR L858R mutation\n- ECOG performance status 0-1', { conditions: ['Lung Adenocarcinoma'], briefTitle: 'Osimertinib in EGFR L858R lung adenocarcinoma' });
    // any solid tumour, nothing the patient fails
    const broad = trial('NCT90000012', 'Inclusion Criteria:\n- Advanced solid tumour', { conditions: ['Solid Tumor'], briefTitle: 'A study in advanced solid tumours' });
    const r = matchPatient(new TrialIndex([targeted, broad]), p, { exhaustive: true, limit: Infinity });
    expect(r.map((x) => [x.trialId, x.verdict])).toEqual([
      ['NCT90000012', expect.stringMatching(/match|unknown/)],
      ['NCT90000011', 'not_eligible'],
    ]);
  });
});

describe('alterations reported without their variant', () => {
  it('"BRAF mutation" (variant not reported) is unknown against "BRAF V600", still fails a wild-type criterion', () => {
    // NCT01910181 (shared HINT file)
    const sentence = 'Positive BRAF V600 mutation result determined by a';
    expect(inSharedTrials(sentence)).toBe(true);
    const braf = compileItem({ text: sentence, section: 'inclusion' }).filter((c) => c.spec.kind === 'alteration');
    expect(braf.map((c) => c.spec)).toEqual([expect.objectContaining({ gene: 'BRAF', proteinChange: 'V600', wildcard: true })]);
    const spec = braf[0].spec;
    const unspecified = viewPatient(P({ oncotreeCode: 'MEL', alterations: [{ gene: 'BRAF', category: 'mutation' }] }));
    expect(evaluateSpec(spec, unspecified).holds).toBeUndefined();
    expect(quickHolds(spec, unspecified)).toBeUndefined();
    const v600e = viewPatient(P({ oncotreeCode: 'MEL', alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }] }));
    const k601e = viewPatient(P({ oncotreeCode: 'MEL', alterations: [{ gene: 'BRAF', proteinChange: 'K601E', category: 'mutation' }] }));
    expect([quickHolds(spec, v600e), quickHolds(spec, k601e)]).toEqual([true, false]);
    expect([evaluateSpec(spec, v600e).holds, evaluateSpec(spec, k601e).holds]).toEqual([true, false]);
    expect(quickHolds({ kind: 'alteration', gene: 'BRAF', category: 'any', wildType: true }, unspecified)).toBe(false);
  });
});

describe('disease relation', () => {
  it('stage and setting do not narrow the disease ("metastatic melanoma" is melanoma); a molecular subtype does', () => {
    const rel = (conditions: string[]) => diseaseRelation({ diseaseCodes: ['MEL'], conditions, briefTitle: conditions[0] }, 'MEL');
    expect(rel(['metastatic melanoma'])).toBe('exact');
    expect(rel(['Recurrent Melanoma', 'Stage IV Melanoma'])).toBe('exact');
    expect(rel(['BRAF V600E-mutant melanoma'])).toBe('more_specific');
    expect(rel(['BRAF-mutant melanoma'])).toBe('more_specific');
    expect(diseaseRelation({ diseaseCodes: ['PROSTATE'], conditions: ['castrate-resistant prostate cancer'], briefTitle: '' }, 'PROSTATE')).toBe('more_specific');
  });
});

describe('the index grows from any size', () => {
  // the engine starts from an empty index and adds trials as they load or sync; a store trimmed to its
  // contents (even to nothing) must grow again (it once looped forever growing from zero)
  it('an index built empty, or from trials, takes more trials one by one and finds them', () => {
    const lung = trial('NCT09000002', 'Inclusion Criteria:\n- Metastatic non-small cell lung cancer\n');
    const breast = trial('NCT09000003', 'Inclusion Criteria:\n- Metastatic breast cancer\n');
    const empty = new TrialIndex();
    empty.add(lung);
    const built = new TrialIndex([breast]);
    built.add(lung);
    const p = P({ age: 60, gender: 'female', oncotreeCode: 'LUAD', metastatic: true });
    for (const index of [empty, built]) expect(matchPatient(index, p, { exhaustive: true, purposes: 'all' }).map((r) => r.trialId)).toContain('NCT09000002');
  });
});

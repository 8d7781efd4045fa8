import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AutocompleteItem, focusAreas } from '@oncodesk/shared/contracts';
import { sharedDataDir } from '../../src/config/sharedData';
import { SurveyService } from '../../src/survey/service';
import { surveyVocab } from '../../src/survey/vocab';
import { comorbidities, drugClasses } from '../../src/survey/lists';

const survey = new SurveyService();
const values = (items: { value: string }[]) => items.map((i) => i.value);

describe('oncotree', () => {
  const tsv = readFileSync(path.join(sharedDataDir(), 'vocab', 'oncotree', 'focus_areas.tsv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));

  it('covers every node the reference file puts under each focus area', () => {
    for (const [area, code] of tsv) expect([code, surveyVocab().oncotree.get(code)?.focusAreas]).toEqual([code, expect.arrayContaining([area.replace(' ', '_')])]);
  });

  it('stays inside the focus area subtree', () => {
    for (const fa of focusAreas) {
      const allowed = new Set(tsv.filter(([area]) => area.replace(' ', '_') === fa).map(([, code]) => code));
      for (const q of ['', 'carcinoma', 'a', 'neuro', 'sarcoma']) {
        for (const item of survey.autocomplete('oncotree', q, { focusArea: fa, limit: 50 })) expect([fa, item.value, allowed.has(item.value)]).toEqual([fa, item.value, true]);
      }
    }
    expect(values(survey.autocomplete('oncotree', 'adenocarcinoma', { focusArea: 'breast' }))).not.toContain('LUAD');
  });

  it('matches codes and names', () => {
    expect(survey.autocomplete('oncotree', 'luad', { focusArea: 'lung' })[0]).toMatchObject({ value: 'LUAD', label: 'Lung Adenocarcinoma', kind: 'oncotree' });
    expect(values(survey.autocomplete('oncotree', 'adeno', { focusArea: 'lung' }))).toContain('LUAD');
    expect(values(survey.autocomplete('oncotree', 'ductal', { focusArea: 'breast' }))).toEqual(expect.arrayContaining(['IDC', 'DCIS']));
    expect(values(survey.autocomplete('oncotree', 'clear cell', { focusArea: 'kidney', limit: 3 }))).toContain('CCRCC');
    expect(survey.autocomplete('oncotree', 'papillary', { focusArea: 'thyroid' })[0].value).toBe('THPA');
  });

  it('names common diagnoses in the survey language and finds them by those names', () => {
    expect(survey.autocomplete('oncotree', 'luad', { focusArea: 'lung', lang: 'es' })[0]).toMatchObject({ value: 'LUAD', label: 'Adenocarcinoma de pulmón' });
    expect(values(survey.autocomplete('oncotree', 'adenocarcinoma polmonare', { focusArea: 'lung', lang: 'it' }))).toContain('LUAD');
    expect(values(survey.autocomplete('oncotree', 'cáncer de pulmón microcítico', { focusArea: 'lung', lang: 'es' }))).toContain('SCLC');
  });
});

describe('genes and variants', () => {
  it('finds genes by symbol and alias, cancer genes first', () => {
    expect(survey.autocomplete('genes', 'HER2')[0]).toMatchObject({ value: 'ERBB2', kind: 'gene' });
    expect(survey.autocomplete('genes', 'egfr')[0].value).toBe('EGFR');
    expect(values(survey.autocomplete('genes', 'brca', { limit: 2 }))).toEqual(expect.arrayContaining(['BRCA1', 'BRCA2']));
    expect(survey.autocomplete('genes', 'PD-L1')[0].value).toBe('CD274');
  });

  it('completes variants from CIViC and gene-level findings', () => {
    expect(survey.autocomplete('variants', 'egfr l858')[0].value).toBe('EGFR L858R');
    expect(survey.autocomplete('variants', 'V600E')[0].value).toBe('BRAF V600E');
    expect(survey.autocomplete('variants', 'her2 amp')[0].value).toBe('ERBB2 Amplification');
    expect(values(survey.autocomplete('variants', 'kras', { limit: 10 }))).toEqual(expect.arrayContaining(['KRAS G12C', 'KRAS G12D', 'KRAS Mutation']));
    expect(values(survey.autocomplete('variants', 'alk fus'))).toContain('ALK Fusion');
    // Not in CIViC but well formed: offered as typed.
    expect(survey.autocomplete('variants', 'TP53 r248w')[0].value).toBe('TP53 R248W');
    expect(survey.autocomplete('variants', 'zzzz9 q1')).toEqual([]);
  });
});

describe('drugs', () => {
  it('finds drugs, brands and classes in three languages', () => {
    expect(survey.autocomplete('drugs', 'pembro')[0]).toMatchObject({ value: 'pembrolizumab', kind: 'drug' });
    expect(survey.autocomplete('drugs', 'keytruda')[0].value).toBe('pembrolizumab');
    expect(survey.autocomplete('drugs', 'cisplatino', { lang: 'es' })[0]).toMatchObject({ value: 'cisplatin', label: 'cisplatino' });
    expect(survey.autocomplete('drugs', 'fluorouracile', { lang: 'it' })[0]).toMatchObject({ value: 'fluorouracil', label: 'fluorouracile' });
    expect(survey.autocomplete('drugs', 'platinum')[0]).toMatchObject({ value: 'class:platinum', kind: 'drug_class' });
    expect(survey.autocomplete('drugs', 'inhibidor de parp', { lang: 'es' })[0]).toMatchObject({ value: 'class:parp_inhibitor', label: 'Inhibidor de PARP' });
    expect(values(survey.autocomplete('drugs', 'egfr'))).toContain('class:egfr_tki');
    expect(survey.autocomplete('drugs', 'sorafenib')[0].description).toBe('VEGFR / multikinase inhibitor');
  });

  it('knows every class member and the MITRE ingredients', () => {
    const vocab = surveyVocab();
    for (const c of drugClasses) {
      expect(vocab.drug(`class:${c.key}`)).toBeDefined();
      for (const d of c.drugs) expect([d, vocab.drug(d)?.classes]).toEqual([d, expect.arrayContaining([c.key])]);
    }
    // Every MITRE medication group (ingredient level) is searchable.
    const meds = JSON.parse(readFileSync(path.join(sharedDataDir(), 'vocab', 'mitre', 'medications.json'), 'utf8')) as { display: string }[];
    for (const ingredient of ['Abemaciclib', 'Olaparib', 'Enzalutamide', 'Capecitabine']) {
      expect(meds.some((m) => m.display === ingredient)).toBe(true);
      expect(survey.autocomplete('drugs', ingredient)[0].value).toBe(ingredient.toLowerCase());
    }
  });
});

describe('comorbidities', () => {
  it('searches the labels of every language and the synonyms', () => {
    expect(survey.autocomplete('comorbidities', 'hepatitis b')[0].value).toBe('hepatitis_b');
    expect(survey.autocomplete('comorbidities', 'epatite', { lang: 'it' })[0]).toMatchObject({ value: 'hepatitis_b', label: 'Epatite B (cronica o pregressa)' });
    expect(survey.autocomplete('comorbidities', 'VIH', { lang: 'es' })[0].value).toBe('hiv');
    expect(survey.autocomplete('comorbidities', 'diab')[0].value).toBe('diabetes');
    expect(survey.autocomplete('comorbidities', '', { limit: 50 })).toHaveLength(comorbidities.length);
    for (const c of comorbidities) for (const l of ['en', 'es', 'it'] as const) expect(c.label[l].length).toBeGreaterThan(2);
  });
});

describe('autocompletePossibleAnswer', () => {
  it('uses the question vocabulary restricted to its focus area', () => {
    const r = survey.autocompletePossibleAnswer('diagnosis.lung', 'adeno');
    expect(values(r.items)).toContain('LUAD');
    expect(r.items.every((i) => surveyVocab().oncotree.get(i.value)!.focusAreas.includes('lung'))).toBe(true);
    expect(survey.autocompletePossibleAnswer('prior_treatments', 'osim').items[0].value).toBe('osimertinib');
  });

  it('filters the options of choice questions in the requested language', () => {
    expect(survey.autocompletePossibleAnswer('ecog', '').options).toHaveLength(5);
    expect(survey.autocompletePossibleAnswer('gender', 'fem').options.map((o) => o.value)).toEqual(['female']);
    expect(survey.autocompletePossibleAnswer('metastasis_sites', 'cerv', { lang: 'it' }).options.map((o) => o.value)).toEqual(['brain']);
    expect(survey.autocompletePossibleAnswer('age', '4')).toEqual({ questionId: 'age', items: [], options: [] });
    expect(survey.autocompletePossibleAnswer('unknown_q', 'x')).toEqual({ questionId: 'unknown_q', items: [], options: [] });
  });
});

describe('contract and speed', () => {
  it('returns contract-valid items within the limit', () => {
    for (const source of ['oncotree', 'drugs', 'genes', 'variants', 'comorbidities'] as const) {
      const items = survey.autocomplete(source, 'a', { limit: 7 });
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThanOrEqual(7);
      for (const i of items) expect(AutocompleteItem.parse(i)).toEqual(i);
    }
  });

  it('answers in under 10 ms (p95) once loaded', () => {
    const queries: [Parameters<SurveyService['autocomplete']>[0], string][] = [
      ['genes', 'b'], ['genes', 'br'], ['genes', 'brca'], ['variants', 'egfr'], ['variants', 'k'], ['drugs', 'p'], ['drugs', 'pem'], ['oncotree', 'c'], ['comorbidities', 'h'], ['variants', 'TP53 R1'],
    ];
    const times: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (const [source, q] of queries) {
        const t0 = performance.now();
        survey.autocomplete(source, q, { focusArea: 'lung' });
        times.push(performance.now() - t0);
      }
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(10);
  });
});

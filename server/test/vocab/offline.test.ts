import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server's vocabularies work without the shared reference data: SHARED_DATA_DIR points at an
 * empty folder before any module loads, and the survey autocomplete and the trial engine still answer.
 */
const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'oncodesk-no-shared-'));
const before = process.env.SHARED_DATA_DIR;
process.env.SHARED_DATA_DIR = empty;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = () => ({ ...require('../../src/survey/service'), ...require('../../src/vocab/geneNames'), ...require('../../src/vocab/diseaseTree'), ...require('../../src/vocab/diseases'), ...require('../../src/config/sharedData') });

afterAll(() => {
  if (before === undefined) delete process.env.SHARED_DATA_DIR;
  else process.env.SHARED_DATA_DIR = before;
  fs.rmSync(empty, { recursive: true, force: true });
});

describe('without the shared data', () => {
  it('survey autocomplete answers from the owned lists', () => {
    const m = load();
    expect(m.sharedDataDir()).toBe(path.resolve(empty));
    const survey = new m.SurveyService();
    const values = (src: string, q: string, o = {}) => survey.autocomplete(src, q, o).map((i: { value: string }) => i.value);
    expect(values('oncotree', 'adenocarcinoma', { focusArea: 'lung' })).toContain('LUAD');
    expect(values('oncotree', 'adenocarcinoma', { focusArea: 'lung' })).not.toContain('COAD');
    expect(values('genes', 'EGFR')[0]).toBe('EGFR');
    expect(values('genes', 'HER2')[0]).toBe('ERBB2');
    expect(values('variants', 'egfr l858')[0]).toBe('EGFR L858R');
    expect(values('drugs', 'pembro')[0]).toBe('pembrolizumab');
  });

  it('the trial engine keeps OncoTree subtree semantics and gene normalisation', () => {
    const m = load();
    expect(m.isWithin('LUAD', 'NSCLC')).toBe(true);
    expect(m.relateCodes('COAD', 'BOWEL')).toBe('trial_more_general');
    expect(m.subtree('STOMACH')).toEqual(expect.arrayContaining(['STAD', 'GEJ', 'ESCC']));
    expect(m.normalizeGene('HER2')).toBe('ERBB2');
    expect(m.normalizeGene('MLL')).toBe('KMT2A');
    expect(m.resolveDisease('metastatic lung adenocarcinoma')).toBe('LUAD');
  });
});

describe('a server without the shared data', () => {
  jest.setTimeout(60_000);
  it('starts, finds no vocabularies to import, and serves the trial engine with the owned lists', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startTestApp } = require('../support/app') as typeof import('../support/app');
    const m = load();
    const t = await startTestApp();
    try {
      t.app.trialStore.startInBackground(false);
      await t.app.trialStore.loading;
      expect((await t.app.inject({ url: '/health' })).json().trials).toEqual({ ready: true, count: 0 });
      expect(await t.app.database.db.selectFrom('vocabularies').select('name').execute()).toEqual([]);
      expect(m.oncotree().size).toBeLessThan(898);
      expect(m.resolveDisease('bladder carcinoma')).toBe('BLADDER');
      expect(m.resolveDisease('adenocarcinoma de pulmón')).toBe('LUAD');
    } finally {
      await t.close();
    }
  });
});

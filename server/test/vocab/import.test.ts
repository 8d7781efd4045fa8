import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../support/app';
import { fixtureDocument } from '../trials-api/fixtures';
import { DATA, describeShared } from './shared';
import { trialStore } from '../../src/trials/loader';
import { trialsStorage } from '../../src/trials/storage';
import { vocabularyStorage } from '../../src/vocab/reference/storage';
import { loadReferenceVocabularies } from '../../src/vocab/reference/startup';
import { installReferenceVocabularies, referenceVocabularies } from '../../src/vocab/reference/active';
import { knowledgeBaseVersion } from '../../src/trials/knowledgeBase';
import { oncotree } from '../../src/vocab/diseaseTree';
import { ownedOncotreeNodes } from '../../src/vocab/oncotree';
import { normalizeGene } from '../../src/vocab/geneNames';

jest.setTimeout(60_000);

/**
 * The vocabulary import at start: the first start imports the shared reference data into the database,
 * later starts read it back from there (also without the shared files), and stored trials compiled with
 * another knowledge base are compiled again.
 */
describeShared('reference vocabularies at start', () => {
  let t: TestApp;
  let trialsDir: string;
  let emptyDir: string;
  beforeAll(async () => {
    t = await startTestApp();
    emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-shared-'));
    trialsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trials-'));
    fs.mkdirSync(path.join(trialsDir, 'ctgov-v2'));
    const doc = fixtureDocument();
    // a disease only the complete OncoTree names (the owned subset has no mycosis fungoides)
    const mf = JSON.parse(JSON.stringify(doc.studies[1]));
    mf.protocolSection.identificationModule = { nctId: 'NCT90000009', briefTitle: 'Skin-directed therapy for mycosis fungoides' };
    mf.protocolSection.conditionsModule = { conditions: ['Mycosis Fungoides'] };
    mf.protocolSection.eligibilityModule.eligibilityCriteria = 'Inclusion Criteria:\n* Biopsy-proven mycosis fungoides\n* ECOG 0-2';
    doc.studies.push(mf);
    fs.writeFileSync(path.join(trialsDir, 'ctgov-v2', 'search_demo.json'), JSON.stringify(doc));
  });
  afterAll(async () => {
    installReferenceVocabularies(null);
    fs.rmSync(trialsDir, { recursive: true, force: true });
    fs.rmSync(emptyDir, { recursive: true, force: true });
    await t.close();
  });

  it('without shared data or stored vocabularies the lookups keep the owned lists', async () => {
    const storage = vocabularyStorage(t.app.database.db);
    const r = await loadReferenceVocabularies(storage, t.app.log, emptyDir);
    expect(r).toMatchObject({ imported: [], loaded: [] });
    expect(oncotree().size).toBe(ownedOncotreeNodes().length);
    expect(normalizeGene('SLFN11')).toBeUndefined();
    expect(knowledgeBaseVersion()).toMatch(/oncotree@owned;genes@owned;drugs@owned$/);
  });

  it('a store imports trials with the owned lists and records that knowledge base', async () => {
    const store = trialStore(trialsStorage(t.app.database.db), t.app.log);
    expect(await store.importSharedIfEmpty(trialsDir)).toBe(4);
    expect(await trialsStorage(t.app.database.db).staleCount(knowledgeBaseVersion())).toBe(0);
    expect(store.engine.index.get('NCT90000009')?.diseaseCodes).not.toContain('MYCF');
  });

  it('the first start with shared data imports the vocabularies (quickly) and stores them', async () => {
    const storage = vocabularyStorage(t.app.database.db);
    const r = await loadReferenceVocabularies(storage, t.app.log, DATA);
    expect(r.imported).toEqual(['oncotree', 'genes', 'drugs']);
    expect(r.ms).toBeLessThan(10_000);
    expect(oncotree().size).toBe(898);
    expect(normalizeGene('SLFN11')).toBe('SLFN11');
    const versions = await storage.versions();
    expect([...versions.keys()].sort()).toEqual(['drugs', 'genes', 'oncotree']);
    expect(versions.get('oncotree')).toMatch(/^oncotree_2025_10_03\.json:\d+@r\d+$/);
  });

  it('stored trials compiled with the owned lists are compiled again with the complete vocabularies', async () => {
    const storage = trialsStorage(t.app.database.db);
    expect(await storage.staleCount(knowledgeBaseVersion())).toBe(4);
    const store = trialStore(storage, t.app.log);
    expect(await store.recompileIfStale(trialsDir)).toBe(4);
    expect(store.engine.index.get('NCT90000009')?.diseaseCodes).toEqual(['MYCF']);
    expect(await storage.staleCount(knowledgeBaseVersion())).toBe(0);
    expect(await store.recompileIfStale(trialsDir)).toBe(0); // same knowledge base: nothing to do
  });

  it('a later start reads the vocabularies back from the database, even without the shared files', async () => {
    installReferenceVocabularies(null);
    expect(oncotree().size).toBe(ownedOncotreeNodes().length);
    const storage = vocabularyStorage(t.app.database.db);
    const r = await loadReferenceVocabularies(storage, t.app.log, emptyDir);
    expect(r).toMatchObject({ imported: [], loaded: ['oncotree', 'genes', 'drugs'] });
    expect(oncotree().size).toBe(898);
    expect(referenceVocabularies().genes?.content).toHaveLength(20598);
    // same versions as when the trials were compiled: they are served as stored
    expect(await trialsStorage(t.app.database.db).staleCount(knowledgeBaseVersion())).toBe(0);
  });

  it('the background start loads the vocabularies before the trials', async () => {
    installReferenceVocabularies(null);
    const store = trialStore(trialsStorage(t.app.database.db), t.app.log, { vocabularies: vocabularyStorage(t.app.database.db), vocabularyDir: emptyDir });
    store.startInBackground(false);
    expect(await store.loading).toBe(4);
    expect(oncotree().size).toBe(898);
    expect(store.engine.index.get('NCT90000009')?.diseaseCodes).toEqual(['MYCF']);
  });
});

import { normalizePatient, validatePatient } from '../../src/language/normalizePatient';

describe('free-text patient normalisation', () => {
  it('reads the issue example and reports what it understood', () => {
    const text = '64-year-old man with metastatic gastric adenocarcinoma, ERBB2 amplified, ECOG 1, progressed on FOLFOX';
    const { patient, spans, warnings } = normalizePatient(text);
    expect(warnings).toEqual([]);
    expect(patient).toMatchObject({ age: 64, gender: 'male', oncotreeCode: 'STAD', focusArea: 'stomach', metastatic: true, ecog: 1 });
    expect(patient.alterations).toEqual([{ gene: 'ERBB2', category: 'amplification' }]);
    expect(patient.priorTreatments).toEqual([{ name: 'FOLFOX', kind: 'drug', regimen: 'folfox', progressed: true }]);
    const fields = spans.map((s) => s.field);
    expect(fields).toEqual(expect.arrayContaining(['age', 'gender', 'oncotreeCode', 'metastatic', 'alterations', 'ecog', 'priorTreatments']));
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(spans.find((s) => s.field === 'oncotreeCode')?.text).toBe('gastric adenocarcinoma');
  });

  it('reads variants, fusions, biomarkers, sites and treatment history', () => {
    const { patient } = normalizePatient('58-year-old woman with stage IV lung adenocarcinoma, EGFR L858R and EML4-ALK fusion, PD-L1 60%, TMB 12 mut/Mb, MSI-H, metastases to the liver and bone, treated brain metastases, progressed on osimertinib, ECOG 0');
    expect(patient).toMatchObject({ age: 58, gender: 'female', oncotreeCode: 'LUAD', stage: 'IV', metastatic: true, tmb: 12, msi: 'high' });
    expect(patient.alterations).toEqual(expect.arrayContaining([{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }, { gene: 'ALK', category: 'fusion' }]));
    expect(patient.biomarkers).toEqual(expect.arrayContaining([{ name: 'PD-L1', value: '60', scale: 'percent' }]));
    expect(patient.metastasisSites).toEqual(expect.arrayContaining(['liver', 'bone', 'brain']));
    expect(patient.brainMetastasesTreated).toBe(true);
    expect(patient.priorTreatments.map((t) => t.name)).toEqual(['osimertinib']);
  });

  it('TREC-style fields: topic genes and demographics', () => {
    expect(normalizePatient('KRAS (G13D), BRAF (V600E)').patient.alterations).toEqual([
      { gene: 'KRAS', proteinChange: 'G13D', category: 'mutation' },
      { gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' },
    ]);
    expect(normalizePatient('KIT Exon 9 (A502_Y503dup)').patient.alterations[0]).toMatchObject({ gene: 'KIT', proteinChange: 'A502_Y503dup' });
    expect(normalizePatient('CDK4 Amplification').patient.alterations[0]).toMatchObject({ gene: 'CDK4', category: 'amplification' });
    expect(normalizePatient('38-year-old male').patient).toMatchObject({ age: 38, gender: 'male' });
    expect(normalizePatient('Liposarcoma').patient.oncotreeCode).toBe('LIPO');
  });

  it('does not invent facts', () => {
    const { patient, spans } = normalizePatient('Follow-up visit, feeling well.');
    expect(spans).toEqual([]);
    expect(patient.oncotreeCode).toBeUndefined();
    expect(patient.alterations).toEqual([]);
  });
});

describe('validation rejects unknown OncoTree codes and impossible values', () => {
  it('rejects an impossible age in text with a warning, and keeps the rest', () => {
    const r = normalizePatient('230-year-old man with melanoma');
    expect(r.patient.age).toBeUndefined();
    expect(r.patient.oncotreeCode).toBe('MEL');
    expect(r.warnings.join(' ')).toMatch(/impossible age/);
  });

  it('validatePatient', () => {
    expect(validatePatient({ oncotreeCode: 'LUAD', age: 50 }).errors).toEqual([]);
    expect(validatePatient({ oncotreeCode: 'NOT_A_CODE' }).errors[0]).toMatch(/unknown OncoTree code/);
    expect(validatePatient({ age: 150 }).errors[0]).toMatch(/^age/);
    expect(validatePatient({ age: -1 }).errors[0]).toMatch(/^age/);
    expect(validatePatient({ ecog: 7 }).errors[0]).toMatch(/^ecog/);
    expect(validatePatient({ alterations: [{ gene: 'NOTAGENE1', category: 'mutation' }] }).errors[0]).toMatch(/unknown gene/);
  });
});

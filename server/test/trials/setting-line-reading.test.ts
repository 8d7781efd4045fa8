import { compileItem } from '../../src/trials/compiler';

/**
 * Issue 28, read by an oncologist on bench:patients: sentences read for their setting only made phase 1 baskets a
 * match for treatment-naive patients, and "locally advanced" alone opened M0 trials to metastatic patients.
 */
const kinds = (text: string) =>
  compileItem({ text, section: 'inclusion' }).map((c) =>
    'decides' in c.spec && c.spec.decides ? `${c.spec.kind}:${c.spec.decides}` : c.spec.kind === 'metastatic' ? `metastatic:${c.spec.state}` : c.spec.kind,
  );

describe('what a partly read sentence keeps', () => {
  it('a failure on standard therapy written with "intolerable" and a comma is read as at least one prior line', () => {
    const [line] = compileItem({
      text: 'Advanced/unresectable solid tumor that have been progressed on, or intolerable to standard treatment',
      section: 'inclusion',
    }).filter((c) => c.spec.kind === 'prior_therapy');
    expect(line?.spec).toMatchObject({ kind: 'prior_therapy', minLines: 1 });
  });

  it('the line of therapy a sentence states beside its setting stays unread and deciding when no detector reads it', () => {
    expect(
      kinds('Demonstrated progression of a locally advanced unresectable or metastatic solid tumour with no alternative standard-of-care therapeutic option'),
    ).toContain('free_text:line_of_therapy');
    expect(
      kinds('Advanced solid tumor with disease that has progressed on or is intolerant to standard therapy or for which no standard therapy exists'),
    ).toContain('free_text:line_of_therapy');
    expect(kinds('Patients must have exhausted all available standard therapies')).toEqual(['free_text:line_of_therapy']);
    // a setting alone adds nothing
    expect(kinds('Histologically confirmed locally advanced, recurrent, or metastatic solid tumor')).not.toContain('free_text:line_of_therapy');
  });
});

describe('"locally advanced" alone is disease without distant metastases', () => {
  it.each([
    ['Locally advanced prostate cancer (T3-4 N0-1 M0)', 'metastatic:non_metastatic'],
    ['Locally advanced rectal cancer, candidate for neoadjuvant therapy', 'metastatic:non_metastatic'],
    ['Locally advanced or metastatic NSCLC', 'metastatic:advanced'],
    ['Locally advanced or unresectable disease', 'metastatic:advanced'],
    ['Histologically confirmed locally advanced, recurrent, or metastatic solid tumor', 'metastatic:advanced'],
  ])('%s → %s', (text, state) => {
    expect(kinds(text)).toContain(state);
  });
});

describe('a line of therapy conditioned on standard therapy existing ("if such a therapy exists")', () => {
  const full = (text: string) => compileItem({ text, section: 'inclusion' });
  it('keeps the setting deciding and the line unread and deciding', () => {
    const text =
      'Histologically or cytologically-confirmed diagnosis of advanced/unresectable solid tumor that have been progressed or intolerant to at least one standard treatment regimen in the advanced or metastatic setting, if such a therapy exists';
    expect(kinds(text)).toEqual(expect.arrayContaining(['metastatic:advanced', 'free_text:line_of_therapy']));
    const setting = full(text).find((c) => c.spec.kind === 'metastatic');
    expect(setting?.confidence).toBeGreaterThanOrEqual(0.6);
    expect(kinds('Metastatic solid tumour that progressed after standard therapy where available')).toContain('free_text:line_of_therapy');
  });
  it('a condition on the patient still keeps the sentence from deciding alone', () => {
    const c = full('Metastatic solid tumour, if BRAF wild-type').find((x) => x.spec.kind === 'metastatic');
    expect(c?.confidence).toBeLessThanOrEqual(0.5);
  });
});

describe('one definition of "if such a therapy exists" for the line reader and the conditional check', () => {
  const full = (text: string) => compileItem({ text, section: 'inclusion' });
  // each phrasing is both the line's way out (the line is not read as ≥ 1 prior line) and no condition on the
  // patient (the setting stays deciding): the two places read the same words
  it.each([
    'Metastatic solid tumour that progressed on at least one standard regimen, if such a therapy exists',
    'Metastatic solid tumour that progressed after standard therapy where available',
    'Metastatic solid tumour with progression on standard-of-care therapy, when one exists',
    'Metastatic solid tumour with progression on standard-of-care therapy, if applicable',
    'Metastatic solid tumour with progression on standard therapy, where standard treatment options are available',
    'Metastatic solid tumour with progression on at least one standard regimen (where clinically applicable)',
  ])('%s', (text) => {
    const out = full(text);
    expect(out.some((c) => c.spec.kind === 'prior_therapy')).toBe(false);
    expect(out.find((c) => c.spec.kind === 'free_text')?.spec).toEqual({ kind: 'free_text', decides: 'line_of_therapy' });
    expect(out.find((c) => c.spec.kind === 'metastatic')?.confidence).toBeGreaterThanOrEqual(0.6);
  });
  it('a condition that belongs to another clause leaves the floor of prior lines as written', () => {
    for (const text of [
      'All patients should have received at least one line of chemotherapy in the advanced setting and hormonal therapy (where applicable)',
      'Have received at least one prior regimen in metastatic setting. Targeted therapy should have been given if locally available',
    ])
      expect(full(text).find((c) => c.spec.kind === 'prior_therapy')?.spec).toMatchObject({ minLines: 1 });
  });
  it('"received or refused" first-line therapy is no requirement of prior therapy: the line stays unread and deciding', () => {
    const out = full('Patients must have received or refused first line standard systemic therapy for their metastases (if applicable).');
    expect(out.some((c) => c.spec.kind === 'prior_therapy')).toBe(false);
    expect(out.map((c) => c.spec)).toContainEqual({ kind: 'free_text', decides: 'line_of_therapy' });
  });
  it('a condition on the patient beside a line of therapy still keeps the sentence from deciding alone', () => {
    const c = full('Metastatic solid tumour that progressed on standard therapy, if HER2-positive').find((x) => x.spec.kind === 'metastatic');
    expect(c?.confidence).toBeLessThanOrEqual(0.5);
  });
});

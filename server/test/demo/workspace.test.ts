/**
 * The demo workspace a visitor opens: three example patients (one imported from the shared mCODE bundle,
 * two with NGS and laboratory reports read and accepted), each searched; rebuilt so visitors' changes do
 * not accumulate, and by one instance at a time.
 */
import type { ReportDocument } from '@oncodesk/shared/contracts';
import { demoCredentials } from '../../src/demo/seed';
import { startTestApp, type TestApp } from '../support/app';

jest.setTimeout(180_000);

describe('demo workspace', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ demoAccount: true, demoWorkspace: true });
    const signin = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: demoCredentials });
    auth = { authorization: `Bearer ${signin.json().jwt}` };
  });
  afterAll(() => t.close());
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: auth })).json();

  it('builds three example patients with reports read, findings accepted and a search each', async () => {
    const demo = (t.app as unknown as { demo: { reset(o?: { minAgeHours?: number }): Promise<boolean> } }).demo;
    expect(await demo.reset()).toBe(true);
    const list = (await get('/api/patients')).patients as Array<{ id: string; name: string; focusArea: string; searches: string[]; complete: boolean }>;
    expect(list.map((f) => f.focusArea).sort()).toEqual(['breast', 'colon', 'lung']);
    for (const f of list) expect(f).toMatchObject({ complete: true, searches: ['global'] });

    const lung = list.find((f) => f.focusArea === 'lung')!;
    const docs = (await get(`/api/documents?patientId=${lung.id}`)).documents as ReportDocument[];
    expect(docs.map((d) => [d.name, d.status, d.kind]).sort()).toEqual([['SYN-NGS-0001.pdf', 'done', 'ngs'], ['blood-count-and-chemistry.csv', 'done', 'lab']]);
    const data = await get(`/api/survey/patient-data?patientId=${lung.id}`);
    expect(data.answers.alterations).toEqual(expect.arrayContaining(['EGFR L858R', 'EGFR T790M']));
    expect(data.patient.labs).toEqual(expect.arrayContaining([{ analyte: 'creatinine', value: 0.84, unit: 'mg/dL', uln: 1.1 }]));
    // variants of unknown significance stay proposed for the visitor to judge
    expect(docs.flatMap((d) => d.findings).filter((f) => f.interpretation === 'vus').every((f) => f.status === 'proposed')).toBe(true);

    const breast = list.find((f) => f.focusArea === 'breast')!;
    expect((await get(`/api/survey/patient-data?patientId=${breast.id}`)).answers['diagnosis.breast']).toBe('IDC');
  });

  it("is rebuilt without the visitor's changes, and only once when instances start together", async () => {
    const demo = (t.app as unknown as { demo: { reset(o?: { minAgeHours?: number }): Promise<boolean> } }).demo;
    await t.app.inject({ method: 'POST', url: '/api/patients', headers: auth, payload: { name: 'Visitor scribble', focusArea: 'kidney' } });
    // another instance rebuilt it minutes ago: this one leaves it
    expect(await demo.reset({ minAgeHours: 1 })).toBe(false);
    expect(JSON.stringify(await get('/api/patients'))).toContain('Visitor scribble');
    expect(await demo.reset({ minAgeHours: 0 })).toBe(true);
    const after = JSON.stringify(await get('/api/patients'));
    expect(after).not.toContain('Visitor scribble');
    expect((after.match(/"focusArea"/g) ?? []).length).toBe(3);
  });
});

import { signUp, startTestApp, type TestApp } from '../support/app';
import { loadConfig } from '../../src/config/env';
import { UNSAFE_TEXT, isSafeText } from '@oncodesk/shared/contracts';

// The smaller rules of issue 24, each through the API: invisible and line-breaking characters in names,
// invalid UTF-8 in JSON, FHIR field messages, no-store on JSON with patient data, PUBLIC_URL's default.
jest.setTimeout(120_000);
let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await startTestApp();
  alice = await signUp(t.app);
});
afterAll(async () => t?.close());

const nickname = async () => (await t.app.inject({ url: '/api/user', headers: alice.auth })).json().nickname;
const setNickname = (value: string) => t.app.inject({ method: 'PATCH', url: '/api/user', headers: alice.auth, payload: [{ op: 'add', path: '/nickname', value }] });

describe('names refuse line separators and every format (bidi, invisible) character', () => {
  const refused: Array<[string, string]> = [
    ['U+2028 line separator', 'Eve\u2028Bcc: x@example.org'],
    ['U+2029 paragraph separator', 'Eve\u2029x'],
    ['U+061C Arabic letter mark', 'Eve\u061cx'],
    ['U+200E left-to-right mark', 'Eve\u200ex'],
    ['U+202E right-to-left override', '\u202egpj.exe'],
    ['U+2066 left-to-right isolate', 'Eve\u2066x'],
    ['U+00AD soft hyphen', 'Ev\u00ade'],
    ['U+180E Mongolian vowel separator', 'Eve\u180ex'],
    ['U+FEFF zero-width no-break space', 'Ev\ufeffe'],
    ['U+E0041 tag letter', 'Eve\u{E0041}'],
    ['U+0085 next line', 'Eve\u0085x'],
  ];
  it.each(refused)('%s: 400 text_invalid_chars, the nickname unchanged', async (_name, value) => {
    expect((await setNickname('Ada')).statusCode).toBe(200);
    const res = await setNickname(value);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([expect.objectContaining({ code: 'text_invalid_chars', message: expect.stringContaining('not allowed') })]);
    expect(await nickname()).toBe('Ada');
  });

  it('names in any script, with accents and emoji, still pass', async () => {
    for (const value of ['Zoë Ångström', 'محمد علي', 'רות', '李小龍', 'Ana 🌷', 'O’Brien-Smith']) {
      const res = await setNickname(value);
      expect({ value, status: res.statusCode }).toEqual({ value, status: 200 });
      expect(await nickname()).toBe(value);
    }
    expect(isSafeText('Zoë')).toBe(true);
    expect(UNSAFE_TEXT.test('a\u2028b')).toBe(true);
  });
});

describe('JSON bodies must be valid UTF-8', () => {
  it('a malformed byte sequence is 400 invalid_encoding and nothing is stored (not U+FFFD)', async () => {
    expect((await setNickname('Ada')).statusCode).toBe(200);
    const body = Buffer.concat([Buffer.from('[{"op":"add","path":"/nickname","value":"Ev'), Buffer.from([0xc3, 0x28]), Buffer.from('e"}]')]);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { ...alice.auth, 'content-type': 'application/json', 'accept-language': 'it' }, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: [{ path: 'body', code: 'invalid_encoding', message: 'La richiesta non è un testo UTF-8 valido.' }] });
    expect(await nickname()).toBe('Ada');
    // a lone surrogate half encoded as bytes (CESU) and an overlong form are malformed too
    for (const bad of [[0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const r = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { ...alice.auth, 'content-type': 'application/json' }, payload: Buffer.concat([Buffer.from('[{"op":"add","path":"/nickname","value":"'), Buffer.from(bad), Buffer.from('"}]')]) });
      expect(r.statusCode).toBe(400);
    }
    // valid multi-byte UTF-8 is read as it is
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { ...alice.auth, 'content-type': 'application/json; charset=utf-8' }, payload: Buffer.from('[{"op":"add","path":"/nickname","value":"Zoë 李"}]') });
    expect(ok.statusCode).toBe(200);
    expect(await nickname()).toBe('Zoë 李');
    // a FHIR bundle too (its own content type), creating no folder
    const before = (await t.app.inject({ url: '/api/patients', headers: alice.auth })).json().patients.length;
    const fhir = await t.app.inject({ method: 'POST', url: '/api/patients/import', headers: { ...alice.auth, 'content-type': 'application/fhir+json' }, payload: Buffer.concat([Buffer.from('{"resourceType":"Bundle","type":"collection","entry":[{"resource":{"resourceType":"Patient","id":"p'), Buffer.from([0xff]), Buffer.from('"}}]}')]) });
    expect(fhir.statusCode).toBe(400);
    expect(fhir.json().error.fields).toEqual([expect.objectContaining({ path: 'body', code: 'invalid_encoding' })]);
    expect((await t.app.inject({ url: '/api/patients', headers: alice.auth })).json().patients.length).toBe(before);
    // prototype poisoning is still refused by Fastify's own parser behind ours
    const proto = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: { ...alice.auth, 'content-type': 'application/json' }, payload: '[{"op":"add","path":"/nickname","value":"x","__proto__":{"admin":true}}]' });
    expect(proto.statusCode).toBe(400);
  });
});

describe('FHIR import errors name the field with a real message', () => {
  const importBundle = (payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/patients/import', headers: { ...alice.auth, 'accept-language': 'es', ...headers }, payload });
  const internal = 'Something wrong happened';

  it('not JSON, not a bundle, an invalid part, a focus area that does not match: every field message is its own', async () => {
    const cases = [
      await importBundle('not json', { 'content-type': 'application/json' }),
      await importBundle({ resourceType: 'Patient', id: 'p1' }),
      await importBundle({ resourceType: 'Bundle', type: 'collection', entry: [{ fullUrl: 'urn:uuid:1' }] }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      for (const field of res.json().error.fields) {
        expect(field.message).toBeTruthy();
        expect(field.message).not.toContain(internal);
        expect(field.message).not.toContain('Algo salió mal');
      }
    }
    expect(cases[0].json().error.fields[0]).toEqual({ path: 'body', code: 'fhir_not_json', message: 'El archivo no es JSON.' });
    const patient = { resourceType: 'Patient', id: 'p1', gender: 'female', birthDate: '1970-05-01' };
    const cancer = (code: string, display: string) => ({ resourceType: 'Condition', id: `c-${code}`, code: { coding: [{ system: 'http://snomed.info/sct', code, display }] }, subject: { reference: 'Patient/p1' } });
    const two = await importBundle({ resourceType: 'Bundle', type: 'collection', entry: [{ resource: patient }, { resource: cancer('254637007', 'Non-small cell lung cancer') }, { resource: cancer('254837009', 'Malignant neoplasm of breast') }] });
    expect(two.statusCode).toBe(400);
    for (const field of two.json().error.fields ?? []) expect(field.message).not.toMatch(/Something wrong|Algo salió mal/);
  });
});

describe('JSON answers under /api are never stored by a cache', () => {
  it('Cache-Control: no-store on patient data, the profile, lists and errors', async () => {
    const folder = await t.app.inject({ method: 'POST', url: '/api/patients', headers: alice.auth, payload: { name: 'Mario R.', focusArea: 'lung' } });
    expect(folder.statusCode).toBe(201);
    const id = folder.json().id;
    for (const url of ['/api/user', '/api/patients', `/api/patients/${id}`, `/api/survey/patient-data?patientId=${id}`, '/api/vault/items', '/api/plans', '/api/patients/nope']) {
      const res = await t.app.inject({ url, headers: alice.auth });
      expect({ url, cacheControl: res.headers['cache-control'] }).toEqual({ url, cacheControl: 'no-store' });
    }
    expect((await t.app.inject({ url: '/api/user' })).headers['cache-control']).toBe('no-store');
  });

  it('a route\'s own policy stays (the unsubscribe stylesheet is public)', async () => {
    expect((await t.app.inject({ url: '/api/alerts/unsubscribe.css' })).headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to the port the server listens on', () => {
    expect(loadConfig({ PORT: '9123' }).publicUrl).toBe('http://localhost:9123');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9123', PUBLIC_URL: 'https://onco.example.org/' }).publicUrl).toBe('https://onco.example.org');
  });
});

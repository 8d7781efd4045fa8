import { startTestApp, signUp, uniqueEmail, goodPassword, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const userCount = async () => Number((await t.app.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('sign up', () => {
  it('creates an account and returns a working session', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: email.toUpperCase(), password: goodPassword } });
    expect(res.statusCode).toBe(201);
    const { jwt, user } = res.json();
    expect(user.email).toBe(email); // stored lower-case
    expect(user.plan).toMatchObject({ id: 'free', searchesLeft: 10 });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${jwt}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('rejects an email that is already registered, whatever its case', async () => {
    const { email } = await signUp(t.app);
    const before = await userCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: email.toUpperCase(), password: goodPassword } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_taken');
    expect(res.json().error.message).toBe('This email is already registered, please try with another one.');
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['weak password', { email: 'a@example.org', password: 'secret' }, 'password', 'password_weak'],
    ['no capital', { email: 'a@example.org', password: 'secret-123' }, 'password', 'password_weak'],
    ['no digit', { email: 'a@example.org', password: 'Secret-abc' }, 'password', 'password_weak'],
    ['no special', { email: 'a@example.org', password: 'Secret123' }, 'password', 'password_weak'],
    ['bad email', { email: 'not-an-email', password: goodPassword }, 'email', 'email_invalid'],
    ['empty email', { email: '', password: goodPassword }, 'email', 'required'],
    ['missing password', { email: 'a@example.org' }, 'password', 'required'],
    ['overlong password', { email: 'a@example.org', password: 'A1!' + 'x'.repeat(200) }, 'password', 'too_long'],
  ])('rejects %s with a field error and creates nothing', async (_name, payload, field, code) => {
    const before = await userCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: field, code })]));
    expect(await userCount()).toBe(before);
  });

  it('answers in the language asked for', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'accept-language': 'it-IT,it;q=0.9' }, payload: { email: 'x', password: goodPassword } });
    expect(res.json().error.fields[0].message).toBe('Email non valida, riprova');
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBeDefined();
  });
});

describe('sign in', () => {
  it('signs in with the right password', async () => {
    const { email } = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: goodPassword } });
    expect(res.statusCode).toBe(200);
    expect(res.json().jwt).toEqual(expect.any(String));
  });

  it('tells a wrong password from an unknown account', async () => {
    const { email } = await signUp(t.app);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'Wrong-123' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid password or email, please try again');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: uniqueEmail('nobody'), password: goodPassword } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe('Invalid email or non-existing account');
  });

  it('reports whether an email is registered', async () => {
    const { email } = await signUp(t.app);
    expect((await t.app.inject({ url: `/api/email/exists/${encodeURIComponent(email)}` })).json()).toEqual({ exists: true });
    expect((await t.app.inject({ url: `/api/email/exists/${encodeURIComponent(uniqueEmail())}` })).json()).toEqual({ exists: false });
  });
});

describe('sessions and the user record', () => {
  it('refuses requests without a valid token', async () => {
    for (const authorization of [undefined, 'Bearer nonsense', 'Basic abc', `Bearer ${'a'.repeat(40)}.b.c`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('applies PATCH /user add operations', async () => {
    const { auth } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: auth,
      payload: [
        { op: 'add', path: '/nickname', value: 'Dr Rossi' },
        { op: 'add', path: '/avatarColor', value: '#aa3377' },
        { op: 'add', path: '/language', value: 'it-IT' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nickname: 'Dr Rossi', avatarColor: '#aa3377', language: 'it-IT' });
  });

  it('rejects unknown paths and bad values without changing anything', async () => {
    const { auth } = await signUp(t.app);
    const before = (await t.app.inject({ url: '/api/user', headers: auth })).json();
    for (const payload of [
      [{ op: 'add', path: '/email', value: 'x@y.z' }],
      [{ op: 'add', path: '/isDemo', value: true }],
      [{ op: 'remove', path: '/nickname' }],
      [{ op: 'add', path: '/avatarColor', value: 'red' }],
      [{ op: 'add', path: '/nickname', value: 'ok' }, { op: 'add', path: '/language', value: 'fr-FR' }],
      [],
      { op: 'add', path: '/nickname', value: 'x' },
    ]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/user', headers: auth, payload });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/user', headers: auth })).json()).toEqual(before);
  });
});

describe('health and docs', () => {
  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/signup', '/api/auth/signin', '/api/user']));
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

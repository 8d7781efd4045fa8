import { ApiError, toApiError } from '../src/api/errors';

// jsdom has no fetch Response; a minimal stand-in with the fields toApiError reads.
const response = (status: number, body: unknown, used = false) =>
  ({ status, statusText: 'x', bodyUsed: used, json: async () => body }) as unknown as Response;

describe('API errors', () => {
  const body = { error: { code: 'invalid_credentials', message: 'Invalid password or email, please try again' } };

  it('reads the code from a pre-parsed body (ky consumes the response)', async () => {
    const error = await toApiError(response(401, null, true), body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('invalid_credentials');
    expect(error.i18nKey).toBe('errors.invalid_credentials');
  });

  it('reads the code from the response when not yet read', async () => {
    expect((await toApiError(response(409, { error: { code: 'email_taken', message: 'm', fields: [{ path: 'email', code: 'email_taken' }] } }))).fields).toEqual([
      { path: 'email', code: 'email_taken' },
    ]);
  });

  it('maps bodies that are not ours to internal / http codes', async () => {
    expect((await toApiError(response(502, 'Bad gateway'))).code).toBe('internal');
    expect((await toApiError(response(418, { nope: true }))).code).toBe('http_418');
  });
});

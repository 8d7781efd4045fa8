import { ApiErrorBody } from '../contracts/errors';

/** A failed API call, with the server's machine-readable code (or 'network' / 'internal'). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { path: string; code: string; message?: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** i18n key of the error, in the `common` namespace. */
  get i18nKey(): string {
    return `errors.${this.code}`;
  }
}

export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    /* not JSON: fall through */
  }
  const parsed = ApiErrorBody.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(response.status, response.status >= 500 ? 'internal' : 'http_' + response.status, response.statusText || 'Request failed');
}

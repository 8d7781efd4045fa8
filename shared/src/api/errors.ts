
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

/** Maps an HTTP error response to an ApiError; `preParsed` is the body when the client already read it (ky 2 does). */
export async function toApiError(response: Response, preParsed?: unknown): Promise<ApiError> {
  let body: unknown = preParsed ?? null;
  if (body === null && !response.bodyUsed) {
    try {
      body = await response.json();
    } catch {
      /* not JSON: fall through */
    }
  }
  // The contract (and zod) load on the first failed call, not with the first screen.
  const { ApiErrorBody } = await import('../contracts/errors');
  const parsed = ApiErrorBody.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(response.status, code, message, fields);
  }
  return new ApiError(response.status, response.status >= 500 ? 'internal' : 'http_' + response.status, response.statusText || 'Request failed');
}

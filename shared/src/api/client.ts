import type { KyInstance, Options } from 'ky';
import type { z } from 'zod';
import { storage } from '../storage/keys';
import { bus } from '../bus/eventBus';
import { runtimeConfig } from './runtimeConfig';
import { ApiError, toApiError } from './errors';

export interface RequestOptions extends Omit<Options, 'json' | 'method'> {
  /** Do not treat a 401 as an expired session (the email sign-in call: a 401 there is a wrong password). */
  allowUnauthorized?: boolean;
}

/** What to do when a call reports the session invalid: forget it and go to the sign-in screen. */
function handleUnauthorized(): void {
  storage.clearExceptLanguage();
  bus.emit('auth:changed/v1', { user: null, jwt: null });
  if (typeof window !== 'undefined' && window.location.pathname !== '/') window.location.assign('/');
}

/** A 503 the server answered with server_busy: load shed before anything was done (server/src/http/loadShedding.ts). */
function isShed(error: unknown): boolean {
  const e = error as { response?: Response; data?: unknown };
  return e.response?.status === 503 && (e.data as { error?: { code?: string } } | undefined)?.error?.code === 'server_busy';
}

function baseUrl(service: string): string {
  const config = runtimeConfig();
  return config?.services[service] ?? '/api';
}

// ky loads with the first API call, not with the first screen (the sign-in page calls nothing until submit).
const loadKy = () => import('ky');

function http(ky: typeof import('ky').default, service: string): KyInstance {
  return ky.create({
    prefix: baseUrl(service),
    timeout: 30_000,
    retry: {
      limit: 2,
      methods: ['get', 'post', 'put', 'patch', 'delete'],
      statusCodes: [502, 503, 504],
      maxRetryAfter: 5_000,
      // A read is sent again once on a gateway error. Any request the server shed (503 server_busy) was not
      // processed at all, so it is sent again after its Retry-After whatever its method; nothing else is.
      shouldRetry: ({ error, retryCount }) => {
        const shed = isShed(error);
        if (shed) return true;
        const method = (error as { request?: Request }).request?.method ?? 'GET';
        return method === 'GET' && retryCount <= 1 ? undefined : false; // retryCount counts this retry
      },
    },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const jwt = storage.get('jwt');
          if (jwt) request.headers.set('Authorization', `Bearer ${jwt}`);
          request.headers.set('Accept-Language', storage.get('language'));
        },
      ],
    },
  });
}

async function send<S extends z.ZodType>(
  service: string,
  method: 'get' | 'post' | 'patch' | 'put' | 'delete',
  path: string,
  schema: S | null,
  json: unknown,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const { allowUnauthorized, ...kyOptions } = options;
  let response: Response;
  let kyModule: typeof import('ky');
  try {
    kyModule = await loadKy();
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  const { default: ky, isHTTPError } = kyModule;
  try {
    response = await http(ky, service)(path.replace(/^\//, ''), { method, json, ...kyOptions });
  } catch (error) {
    if (isHTTPError(error)) {
      const apiError = await toApiError(error.response, (error as { data?: unknown }).data);
      if (apiError.status === 401 && !allowUnauthorized) handleUnauthorized();
      throw apiError;
    }
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (!schema || response.status === 204) return undefined as z.infer<S>;
  const body = await response.json();
  return schema.parse(body);
}

/** The typed HTTP client every app uses; one base URL per service from the runtime config. */
export const apiClient = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => send('api', 'get', path, schema, undefined, options),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S | null, options?: RequestOptions) => send('api', 'post', path, schema, body, options),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S | null, options?: RequestOptions) => send('api', 'patch', path, schema, body, options),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S | null, options?: RequestOptions) => send('api', 'put', path, schema, body, options),
  /** DELETE, with a JSON body where the route takes one (the chat's `{ chatId }`). */
  delete: <S extends z.ZodType>(path: string, schema: S | null, options?: RequestOptions, body?: unknown) => send('api', 'delete', path, schema, body, options),
  /** Full URL of an API path, for links and downloads. */
  url: (path: string, service = 'api') => `${baseUrl(service).replace(/\/$/, '')}/${path.replace(/^\//, '')}`,
};
export type ApiClient = typeof apiClient;

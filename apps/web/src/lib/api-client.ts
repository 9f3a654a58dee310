import type { ApiError as ApiErrorBody, ErrorCode } from '@campus/contract';

/** Shown when a failure has no message of its own (docs/product/profiles.md#profile-and-settings-messages: 'Something went wrong'). */
const FALLBACK_MESSAGE = 'Something went wrong';

/**
 * A code of the contract's ERROR_CODES, or another the answer carried (the auth library has
 * more, and `HTTP_<status>` when an answer had none). Compare codes, never messages.
 */
export type ApiErrorCode = ErrorCode | (string & {});

/** Every failed call throws this: `code` is stable for logic, `message` is for people. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON unless it is FormData. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // null too: a page's first cursor (undefined) comes back as null from the JSON of a page
    // the server drew (main.tsx), and means the same, none.
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Our API's error body (the contract's ApiErrorSchema, checked by hand: Zod stays out of the
 * entry, decision 022). Error bodies may come from elsewhere (a proxy's HTML page, the auth
 * library), so this one is checked, not assumed.
 */
function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { statusCode, code, message } = body as Record<string, unknown>;
  return Number.isInteger(statusCode) && typeof code === 'string' && typeof message === 'string';
}

async function toApiError(response: ApiAnswer): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isApiErrorBody(body)) return new ApiError(body.statusCode, body.code, body.message);
  // The auth library (/api/auth/*) answers `{ code, message }` without `statusCode`.
  if (typeof body === 'object' && body !== null) {
    const { code, message } = body as { code?: unknown; message?: unknown };
    const stableCode = nonEmptyString(code);
    if (stableCode) return new ApiError(response.status, stableCode, nonEmptyString(message) ?? FALLBACK_MESSAGE);
  }
  return new ApiError(response.status, `HTTP_${response.status}`, FALLBACK_MESSAGE);
}

/** What the client reads of an answer: a fetch `Response` has it, and so has the server's in-process one. */
type ApiAnswer = Pick<Response, 'ok' | 'status' | 'json'>;

/** How a call reaches the API: `fetch` in the browser. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<ApiAnswer>;

let requestFetch: () => ApiFetch | undefined = () => undefined;

/**
 * For the server's render (entry-server.tsx): where the calls of the request being rendered go,
 * its in-process caller, looked up per call (an AsyncLocalStorage there), so concurrent renders
 * never share one. Set once, when that module loads; the browser never sets it.
 */
export function setRequestFetch(lookup: () => ApiFetch | undefined): void {
  requestFetch = lookup;
}

/** Fetch wrapper for the same-origin API (`/api/...`); cookies travel with every call. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, headers = {} } = options;
  const init: RequestInit = {
    method,
    signal,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...headers },
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }

  const url = buildUrl(path, query);
  let response: ApiAnswer;
  try {
    response = await (requestFetch() ?? fetch)(url, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', FALLBACK_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

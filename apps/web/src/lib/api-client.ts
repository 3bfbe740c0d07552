import { tokenSchema } from '@pluvio/shared/auth.schemas';
import { errorMessage } from '@pluvio/shared/errors';
import { MESSAGES } from '@pluvio/shared/messages';
import { encodeRequestBody } from '@pluvio/shared/request-body';
import { clearSession, getAccessToken, setAccessToken } from './session';

/** Request timeout of every call (spec part 1 §9). */
export const REQUEST_TIMEOUT_MS = 100_000;
export const REFRESH_PATH = '/api/users/refresh-token';

/** A failed call: the HTTP status and the parsed body (`{detail}` for the API's errors). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, fallback = `Request failed (${status})`) {
    super(errorMessage(body, fallback));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The `detail` string of the body, when it is one (error codes such as LOGIN_BAD_CREDENTIALS). */
  get detail(): string | null {
    const body = this.body as { detail?: unknown } | null;
    return body && typeof body.detail === 'string' ? body.detail : null;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded (the login call). */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (files); the browser writes its boundary. */
  formData?: FormData;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Retry once with a refreshed token on a 401 (default true). */
  refreshOn401?: boolean;
  /** Give up after this long (default REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The Accept header (default JSON). */
  accept?: string;
}

/** Where the app goes when the session cannot be refreshed; the router replaces the default. */
let onSessionExpired: () => void = () => {
  window.location.assign('/');
};

export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

let refreshing: Promise<string> | null = null;

/** The Web Lock every tab of the app takes to refresh, so one refresh serves them all. */
const REFRESH_LOCK = 'pluvio-refresh-token';

/** Runs `task` holding the cross-tab refresh lock; at once where Web Locks are missing (plain http off localhost). */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks: LockManager | undefined = globalThis.navigator?.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

async function requestNewAccessToken(): Promise<string> {
  const response = await send(REFRESH_PATH, { method: 'POST' });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body, MESSAGES.refreshFailed);
  const parsed = tokenSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, body, MESSAGES.noRefreshToken);
  setAccessToken(parsed.data.token);
  return parsed.data.token;
}

/**
 * Refreshes the access token with the httpOnly refresh cookie, given the token that was refused.
 * Concurrent callers in a tab share one request; across tabs the refresh runs under a Web Lock,
 * and a tab that waited while another refreshed takes the new token from the shared storage.
 */
export function refreshAccessToken(refusedToken: string | null): Promise<string> {
  if (!refreshing) {
    refreshing = withRefreshLock(async () => {
      const stored = getAccessToken();
      return stored && stored !== refusedToken ? stored : requestNewAccessToken();
    }).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

function timeoutSignal(signal: AbortSignal | undefined, timeoutMs = REQUEST_TIMEOUT_MS): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

function send(url: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const encoded = encodeRequestBody(options);
  if (encoded) headers['Content-Type'] = encoded.contentType;
  return fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: encoded?.body ?? options.formData,
    credentials: 'same-origin',
    signal: timeoutSignal(options.signal, options.timeoutMs),
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Calls the API and returns the raw answer, whatever its status: on a 401 it refreshes the token
 * and retries once; when the refresh fails the user is signed out and sent to the root page.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const url = buildUrl(path, options.query);
  const sentToken = getAccessToken();
  const response = await send(url, options);
  if (response.status !== 401 || options.refreshOn401 === false) return response;
  try {
    await refreshAccessToken(sentToken);
  } catch (error) {
    // Logged only (spec part 1 §8): the user is signed out and sent to the root page.
    console.warn(error instanceof Error ? error.message : MESSAGES.refreshFailed);
    clearSession();
    onSessionExpired();
    throw new ApiError(401, await readBody(response), MESSAGES.notSignedIn);
  }
  return send(url, options);
}

/** Throws the ApiError of an answer that is not 2xx. */
export async function assertOk(response: Response): Promise<Response> {
  if (!response.ok) throw new ApiError(response.status, await readBody(response));
  return response;
}

/** Calls the API and returns the parsed JSON body; throws ApiError on a non-2xx answer. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

/** The message a screen shows for any failure of a call. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return errorMessage(error.body, fallback);
  return fallback;
}

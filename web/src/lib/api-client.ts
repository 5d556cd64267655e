import type * as z from 'zod';
import type { FieldIssue } from '@shared/api/errors';
import { buildPath, routes, type HttpMethod, type Route } from '@shared/api/routes';
import type { RefreshResponse } from '@shared/auth/admin-login';
import { clearSession, getSession, setSignOutNotice, updateSessionToken } from './session';

export const AUTH_FAILED_MESSAGE = 'Authentication failed - please log in again';

/** A token expiring sooner than this is refreshed before the request, so it cannot lapse in flight. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * A failed API call. `message` is the spec's wording (spec 000 §8); `serverMessage` keeps what the
 * API said in its error body, for screens where that is the more useful text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage?: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
  }
}

/**
 * The text of a failed call: the API's own message when it sent one (a taken id, a rule in use),
 * else `fallback`, the screen's wording of the failure; without one, the error's own message (for an
 * ApiError the spec's `API error: <status>`).
 */
export function errorText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (fallback !== undefined) return fallback;
  return error instanceof Error ? error.message : String(error);
}

/** `wasTrader`: whose session ended, so the app can send them to their own sign-in screen. */
type AuthFailureListener = (message: string, wasTrader: boolean) => void;
const authFailureListeners = new Set<AuthFailureListener>();

/**
 * Lets the app react to a forced logout (a redirect to sign-in); the client itself knows
 * nothing of routing. Returns the unsubscribe function.
 */
export function onAuthFailure(listener: AuthFailureListener): () => void {
  authFailureListeners.add(listener);
  return () => authFailureListeners.delete(listener);
}

function failAuthentication(): ApiError {
  const wasTrader = getSession()?.user.role === 'trader';
  setSignOutNotice(AUTH_FAILED_MESSAGE);
  clearSession();
  for (const listener of authFailureListeners) listener(AUTH_FAILED_MESSAGE, wasTrader);
  return new ApiError(AUTH_FAILED_MESSAGE, 401);
}

type PathOf<M extends HttpMethod> = Extract<Route, { method: M }>['path'];

export interface RequestOptions<S extends z.ZodType> {
  /** Validates the answer; the caller receives the parsed value. */
  schema: S;
  /** Values for `{name}` placeholders of the route path. */
  params?: Record<string, string | number>;
  /** Query string values; undefined and empty ones are left out. */
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function send(
  method: HttpMethod,
  path: string,
  token: string | undefined,
  body: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

let pendingRefresh: Promise<string> | undefined;

/*
 * The schemas of the client's own answers (error bodies, token refresh) load with the first answer
 * that needs them: the client is part of every screen's first load, zod is not.
 */
const errorBodySchema = async () => (await import('@shared/api/errors')).errorBodySchema;
const refreshResponseSchema = async () =>
  (await import('@shared/auth/admin-login')).refreshResponseSchema;

async function refreshToken(refreshTokenValue: string): Promise<string> {
  let parsed: z.ZodSafeParseResult<RefreshResponse>;
  try {
    const response = await send('POST', '/api/auth/refresh', undefined, {
      refreshToken: refreshTokenValue,
    });
    const schema = await refreshResponseSchema();
    parsed = schema.safeParse(response.ok ? await readJson(response) : null);
  } catch {
    throw failAuthentication();
  }
  if (!parsed.success) throw failAuthentication();
  updateSessionToken(parsed.data.token, parsed.data.expiresAt);
  return parsed.data.token;
}

/** The token to send: refreshed first when it is about to expire; concurrent calls share one refresh. */
async function currentToken(): Promise<string | undefined> {
  const session = getSession();
  if (session === null) return undefined;
  if (session.expiresAt - Date.now() > REFRESH_MARGIN_MS) return session.token;
  pendingRefresh ??= refreshToken(session.refreshToken).finally(() => {
    pendingRefresh = undefined;
  });
  return pendingRefresh;
}

function withQuery(path: string, query: RequestOptions<z.ZodType>['query']): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

async function request<S extends z.ZodType>(
  method: HttpMethod,
  path: string,
  options: RequestOptions<S>,
): Promise<z.output<S>> {
  const route = routes.find((entry) => entry.method === method && entry.path === path);
  if (route === undefined) throw new Error(`${method} ${path} is not in the route table`);
  // Public routes (sign-in, refresh) carry no session: their 401 means wrong credentials, not an
  // expired session, so it must reach the caller instead of forcing a logout.
  const isPublic = route.access === 'public';
  const token = isPublic ? undefined : await currentToken();
  const response = await send(
    method,
    withQuery(buildPath(path, options.params), options.query),
    token,
    options.body,
    options.signal,
  );
  const payload = await readJson(response);

  if (response.status === 401 && !isPublic) throw failAuthentication();
  if (!response.ok) {
    // A failure stays an ApiError even if the schema cannot be loaded (then without the server's words).
    const errorBody = await errorBodySchema().then(
      (schema) => schema.safeParse(payload),
      () => undefined,
    );
    throw new ApiError(
      // HTTP/2 responses (CloudFront) carry no status text: no trailing space then.
      `API error: ${response.status} ${response.statusText}`.trimEnd(),
      response.status,
      errorBody?.success ? errorBody.data.error.message : undefined,
      errorBody?.success ? errorBody.data.error.details : undefined,
    );
  }
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(`Unexpected response from ${method} ${path}`, response.status);
  }
  return parsed.data;
}

/**
 * Logout (spec 000 §4) that also ends the session on the server: the local session goes at once, and
 * the refresh token is revoked (`POST /api/auth/logout`), so a copy of it buys no further token.
 */
export async function logout(): Promise<void> {
  const session = getSession();
  clearSession();
  if (session === null) return;
  try {
    await send('POST', '/api/auth/logout', undefined, { refreshToken: session.refreshToken });
  } catch {
    // Offline: the token still expires on its own; the person is signed out here either way.
  }
}

/** The general helper of spec 000 §7; paths are the route table's, so an unknown route does not compile. */
export const apiClient = {
  get: <S extends z.ZodType>(path: PathOf<'GET'>, options: RequestOptions<S>) =>
    request('GET', path, options),
  post: <S extends z.ZodType>(path: PathOf<'POST'>, options: RequestOptions<S>) =>
    request('POST', path, options),
  put: <S extends z.ZodType>(path: PathOf<'PUT'>, options: RequestOptions<S>) =>
    request('PUT', path, options),
  delete: <S extends z.ZodType>(path: PathOf<'DELETE'>, options: RequestOptions<S>) =>
    request('DELETE', path, options),
};

import type { ErrorCode, ErrorEnvelope, FieldIssue } from '@contract/errors';

/** The error envelope's shape, checked by hand: this file is on every page, zod is not. */
function asEnvelope(json: unknown): ErrorEnvelope['error'] | undefined {
  const error = (json as { error?: unknown } | undefined)?.error as
    | Partial<ErrorEnvelope['error']>
    | undefined;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string') return undefined;
  const issues = Array.isArray(error.issues)
    ? error.issues.filter(
        (i): i is FieldIssue => typeof i?.path === 'string' && typeof i?.message === 'string',
      )
    : undefined;
  return { code: error.code, message: error.message, issues };
}

/** A non-2xx answer from our API, carrying the error envelope's parts. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * Calls /api + path with JSON in and out; every failure becomes an ApiError with a message a
 * person can read, so components handle errors one way.
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Could not reach the store. Check your connection and try again.');
  }
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const envelope = asEnvelope(json);
    if (envelope) throw new ApiError(response.status, envelope.code, envelope.message, envelope.issues);
    throw new ApiError(response.status, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  }
  return { data: json as T, headers: response.headers };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const apiGet = async <T>(path: string, signal?: AbortSignal) =>
  (await apiRequest<T>(path, { signal })).data;

/**
 * Sends a file as the request's body, as it is (a CSV to check, a certificate's scan), under its
 * own content type; answers the store's JSON, or throws its refusal as an ApiError.
 */
export async function sendFileBody<T>(
  url: string,
  method: 'POST' | 'PUT',
  file: Blob,
  contentType: string,
  fallback: string,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { 'content-type': contentType, accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach the store. Check your connection and try again.');
  }
  const json = (await response.json().catch(() => undefined)) as
    | T
    | { error?: { code: string; message: string } }
    | undefined;
  if (!response.ok) {
    const error = (json as { error?: { code: string; message: string } } | undefined)?.error;
    throw new ApiError(
      response.status,
      (error?.code as ApiError['code']) ?? 'INTERNAL',
      error?.message ?? fallback,
    );
  }
  return json as T;
}

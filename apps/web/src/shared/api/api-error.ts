import { type ApiError, ApiErrorSchema } from '@riderdesk/domain/contracts/common';

/**
 * A failed call. `status` is null when no answer came back (offline, DNS, CORS), which is
 * how the screens tell "You could be offline" apart from a server refusal (spec §8).
 */
export class ApiRequestError extends Error {
  readonly status: number | null;
  readonly code: string;
  readonly errors: ApiError['errors'];

  constructor(init: { status: number | null; code: string; message: string; errors?: ApiError['errors'] }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? [];
  }

  get isNetworkError(): boolean {
    return this.status === null;
  }

  /** spec §7: registration (and other forms) show the first error's translation key. */
  get firstTranslationKey(): string | null {
    return this.errors[0]?.meta.translation_key ?? null;
  }

  /** The {{placeholders}} of the first error's key, when it has some (e.g. service hours and time). */
  get firstTranslationValues(): Readonly<Record<string, string>> | undefined {
    return this.errors[0]?.meta.values;
  }
}

export async function toApiRequestError(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Proxies and crashed upstreams answer HTML or nothing; fall back to the status line.
  }
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiRequestError({ ...parsed.data, status: parsed.data.status || response.status });
  }
  return new ApiRequestError({
    status: response.status,
    code: `HTTP_${response.status}`,
    message: response.statusText || `Request failed with status ${response.status}`,
  });
}

import { CONSOLE_API_PREFIX } from '@riderdesk/domain/paths';
import { ApiRequestError } from '../../../shared/api/api-error.ts';
import { API_BASE, createApiClient, type RequestOptions } from '../../../shared/api/client.ts';
import { endConsoleSession, getConsoleSession } from './console-session.ts';

/** The console's API calls: `/api/v1/console/…` (decision 169). */
export const CONSOLE_API = `${API_BASE}${CONSOLE_API_PREFIX}`;

// The shared client with its retries (spec §7), but none of the merchant's credentials: no merchant session,
// partner or guest token is ever sent to the console's routes, and nothing here renews a session.
const client = createApiClient({
  getSession: () => null,
  setSession: () => undefined,
  readStorage: () => null,
  onSessionExpired: () => undefined,
  onGuestSessionEnded: () => undefined,
});

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/**
 * Sends the console session's token. A session the server refuses (signed out elsewhere, deactivated, a new
 * role, idle too long) is ended here: the console's guard sends the operator to sign in, and says why.
 */
async function withSession<T>(send: (options: Options<T>) => Promise<T>, options: Options<T>): Promise<T> {
  const session = getConsoleSession();
  const headers = session ? { ...options.headers, Authorization: `Bearer ${session.token}` } : options.headers;
  try {
    return await send({ ...options, ...(headers ? { headers } : {}) });
  } catch (error) {
    if (session && error instanceof ApiRequestError && error.status === 401) endConsoleSession('expired');
    throw error;
  }
}

export const consoleApi = {
  get: <T>(path: string, options: Options<T> = {}) => withSession((o) => client.get<T>(path, o), options),
  post: <T>(path: string, body?: unknown, options: Options<T> = {}) =>
    withSession((o) => client.post<T>(path, body, o), options),
  put: <T>(path: string, body?: unknown, options: Options<T> = {}) =>
    withSession((o) => client.put<T>(path, body, o), options),
  /** A file the session may download (an export): its bytes and the name the server gives it. */
  async download(path: string): Promise<{ blob: Blob; fileName: string }> {
    const session = getConsoleSession();
    const response = await fetch(path, { headers: session ? { Authorization: `Bearer ${session.token}` } : {} });
    if (!response.ok) {
      if (session && response.status === 401) endConsoleSession('expired');
      throw new ApiRequestError({ status: response.status, code: 'DownloadFailed', message: response.statusText });
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export.csv';
    return { blob: await response.blob(), fileName };
  },
};

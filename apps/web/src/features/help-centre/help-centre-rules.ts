import type { AppMode } from '@riderdesk/domain/config';

/** spec §2: hidden when the Helpcenter flag is false, for guests, and on the GODROID platform. */
export function isHelpCentreShown(options: {
  flag: boolean;
  mode: AppMode;
  isGuest: boolean;
  hasSession: boolean;
}): boolean {
  return options.flag && options.mode !== 'GODROID' && !options.isGuest && options.hasSession;
}

/** The frame's token travels in the address fragment (never sent to a server); read it once. */
export function frameTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token) ? token : null;
}

/** The message a refreshed frame token travels in, from the portal to its frame. */
export const FRAME_TOKEN_MESSAGE = 'riderdesk:help-centre-token';

/** The sub claim of a token, without checking it (the server does). */
export function subjectOf(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

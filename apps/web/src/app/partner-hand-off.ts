import type { AppMode } from '@riderdesk/domain/config';
import { paths } from '@riderdesk/domain/paths';
import { STORAGE_KEYS, writeStorage } from '../shared/storage.ts';

/**
 * How a partner app opens the portal in GODROID mode (docs/decisions/081-partner-tokens.md):
 * `/connect?token=…[&locale=ur_alt][&tos_required=true]`. The query is taken out of the address bar at once,
 * before anything else runs, so the token stays neither in the URL, the history nor a referrer.
 */
export interface PartnerHandOff {
  token: string;
  locale: string | null;
  isTosRequired: boolean | null;
}

let captured: PartnerHandOff | null = null;

export function capturePartnerHandOff(location: Location = window.location, history: History = window.history) {
  if (location.pathname !== paths.connect()) return;
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  if (!token) return;
  const tos = params.get('tos_required');
  captured = {
    token,
    locale: params.get('locale'),
    isTosRequired: tos === null ? null : tos === 'true' || tos === '1',
  };
  history.replaceState(null, '', paths.connect());
}

/**
 * spec §3/§4: once the deployment says it runs in GODROID mode, the captured token becomes godroid-token and
 * the language and terms hand-off their keys. In another mode a token in the URL is ignored, so a link
 * cannot sign someone into a partner's account.
 */
export function applyPartnerHandOff(mode: AppMode): void {
  const handOff = captured;
  captured = null;
  if (!handOff || mode !== 'GODROID') return;
  writeStorage(STORAGE_KEYS.godroidToken, handOff.token);
  if (handOff.locale) writeStorage(STORAGE_KEYS.godroidLocale, handOff.locale);
  if (handOff.isTosRequired !== null) writeStorage(STORAGE_KEYS.godroidTosRequired, String(handOff.isTosRequired));
}

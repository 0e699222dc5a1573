import { HELP_CENTRE_TOKEN_REFRESH_MS, type HelpCentreInitBody } from '@riderdesk/domain/contracts/help-centre';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/notify.ts';
import { getHelpCentreToken, initHelpCentre } from '../api/help-centre-api.ts';
import { FRAME_TOKEN_MESSAGE, frameTokenOf, subjectOf } from '../help-centre-rules.ts';

/** spec §2: closed, loading (spinner), open; failed shows 'help-center.failed'. */
export type HelpCentreState = 'closed' | 'loading' | 'open' | 'failed';

export interface HelpCentreContext {
  vendorId: string | null;
  /** The help centre host (public config helpCentreUrl). */
  host: string;
  user: { id: string | null; email: string; name: string };
  brand: string;
  country: string;
  locale: string;
}

/** spec §3 "Help centre init payload". */
export function initPayload(context: HelpCentreContext, token: string): HelpCentreInitBody {
  return {
    user_id: context.user.id ?? subjectOf(token) ?? '',
    email: context.user.email,
    guest: false,
    name: context.user.name,
    brand: context.brand,
    global_entity_id: `ODR_${context.country}`,
    country: context.country,
    locale: context.locale,
    // The build's entry script names this build (it is fingerprinted).
    app_version: (document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? 'dev').slice(-64),
    verification_token: token,
    bridge: true,
    service_type: 'on_demand_rider',
  };
}

/**
 * The frame's address, asked for when the help centre is first opened and again every hour minus five
 * minutes (spec §9) while it stays mounted. The frame keeps its first address; later tokens are handed
 * to it by message, so a refresh never reloads what the merchant is reading or typing.
 */
export function useHelpCentre(context: HelpCentreContext, startOpen = false) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(startOpen);
  const [hasOpened, setHasOpened] = useState(startOpen);
  const [src, setSrc] = useState<string | null>(null);
  const [isLoaded, setLoaded] = useState(false);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const contextRef = useRef(context);
  contextRef.current = context;
  const { vendorId } = context;

  const query = useQuery({
    queryKey: ['help-centre', vendorId, context.locale],
    enabled: hasOpened && vendorId !== null,
    queryFn: async () => {
      const token = await getHelpCentreToken(vendorId!);
      return initHelpCentre(contextRef.current.host, initPayload(contextRef.current, token));
    },
    refetchInterval: HELP_CENTRE_TOKEN_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: HELP_CENTRE_TOKEN_REFRESH_MS,
    refetchOnWindowFocus: false,
    retry: false,
    gcTime: 0,
  });

  const { data, isError } = query;
  useEffect(() => {
    if (!data) return;
    if (src === null) {
      setSrc(data);
      return;
    }
    const token = frameTokenOf(new URL(data).hash);
    if (token && data !== src) {
      frameRef.current?.contentWindow?.postMessage({ type: FRAME_TOKEN_MESSAGE, token }, new URL(data).origin);
    }
  }, [data, src]);

  useEffect(() => {
    if (isError) notify({ id: 'help-center-failed', message: t('help-center.failed'), tone: 'error' });
  }, [isError, t]);

  // Another vendor or language is another frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these changes only
  useEffect(() => {
    setSrc(null);
    setLoaded(false);
  }, [vendorId, context.locale]);

  const state: HelpCentreState = !isOpen ? 'closed' : isError ? 'failed' : src && isLoaded ? 'open' : 'loading';

  return {
    state,
    src,
    frameRef,
    onFrameLoad: useCallback(() => setLoaded(true), []),
    open: useCallback(() => {
      setOpen(true);
      setHasOpened(true);
    }, []),
    close: useCallback(() => setOpen(false), []),
    retry: () => void query.refetch(),
  };
}

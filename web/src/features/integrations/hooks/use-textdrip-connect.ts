import { useCallback, useEffect, useRef, useState } from 'react';

import { useSession } from '../../../app/session-store';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { claimTextdripConnection, textdripConnectUrl } from '../api/integrations';
import { TEXTDRIP_SIGN_IN_NEEDED, textdripFailure } from '../textdrip-failures';

/** Spec (section 7 and constants): the window's size, how often the portal asks, and when it stops. */
export const TEXTDRIP_POPUP = { name: 'textdrip-connect', width: 600, height: 700 } as const;
export const TEXTDRIP_POLL_MS = 2_000;
export const TEXTDRIP_POLL_LIMIT_MS = 5 * 60_000;

export type TextdripConnectPhase =
  | { kind: 'idle' }
  /** The window is open (or was blocked: `blocked`, with the address to open it from a link); the portal waits. */
  | { kind: 'waiting'; url: string; blocked: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'timed-out' }
  | { kind: 'signed-out' };

const popupFeatures = () => {
  const { width, height } = TEXTDRIP_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
};

/**
 * The Textdrip Connect window (spec: Textdrip flow): opens the window, then waits for it two
 * ways at once: a window message from the portal's own pages (textdrip-connected, or
 * textdrip-retry to open it again), and asking the server every 2 seconds (claim), which also
 * covers a window that lost its link to this page. Stops when connected, failed, after 5
 * minutes, or when the page goes away.
 */
export function useTextdripConnect(onConnected: () => void): {
  phase: TextdripConnectPhase;
  connect: () => void;
  cancel: () => void;
  openedFromLink: () => void;
} {
  const [phase, setPhase] = useState<TextdripConnectPhase>({ kind: 'idle' });
  const signedIn = useSession((s) => s.status === 'signed-in');
  const attempt = useRef<{ networkId: string; poll: number; deadline: number; asking: boolean } | null>(null);
  const onConnectedRef = useRef(onConnected);
  onConnectedRef.current = onConnected;

  const stop = useCallback(() => {
    if (!attempt.current) return;
    window.clearInterval(attempt.current.poll);
    window.clearTimeout(attempt.current.deadline);
    attempt.current = null;
  }, []);

  const ask = useCallback(async () => {
    const current = attempt.current;
    if (!current || current.asking) return;
    current.asking = true;
    try {
      const claim = await claimTextdripConnection(current.networkId);
      if (attempt.current !== current) return;
      if (claim.connected) {
        stop();
        setPhase({ kind: 'idle' });
        toast({ title: 'Textdrip Connected', description: 'Your Textdrip account is connected. New leads will be sent to it.' });
        onConnectedRef.current();
      } else if (claim.status === 'failed' || claim.status === 'expired') {
        stop();
        const message = textdripFailure(claim.reason) ?? 'Textdrip did not confirm the connection. Please try again.';
        setPhase({ kind: 'failed', message });
        toast({ title: 'Connection Failed', description: message, variant: 'destructive' });
      }
    } catch (error) {
      if (attempt.current !== current) return;
      if (error instanceof ApiRequestError && error.status === 401) {
        stop();
        setPhase({ kind: 'signed-out' });
        toast({ title: 'Authentication Required', description: TEXTDRIP_SIGN_IN_NEEDED, variant: 'destructive' });
      }
      // Otherwise (the window has not reached the portal yet, a network blip): ask again on the next tick.
    } finally {
      current.asking = false;
    }
  }, [stop]);

  const connect = useCallback(() => {
    stop();
    if (!signedIn) {
      setPhase({ kind: 'signed-out' });
      toast({ title: 'Authentication Required', description: TEXTDRIP_SIGN_IN_NEEDED, variant: 'destructive' });
      return;
    }
    const networkId = crypto.randomUUID();
    const url = textdripConnectUrl(networkId);
    const popup = window.open(url, TEXTDRIP_POPUP.name, popupFeatures());
    popup?.focus();
    attempt.current = {
      networkId,
      asking: false,
      poll: window.setInterval(() => void ask(), TEXTDRIP_POLL_MS),
      deadline: window.setTimeout(() => {
        stop();
        setPhase({ kind: 'timed-out' });
      }, TEXTDRIP_POLL_LIMIT_MS),
    };
    setPhase({ kind: 'waiting', url, blocked: !popup });
  }, [ask, signedIn, stop]);

  // Window messages: only from the portal's own pages, only the two the spec names.
  const connectRef = useRef(connect);
  connectRef.current = connect;
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const type = (event.data as { type?: unknown } | null)?.type;
      // Checked with the server, which alone says what is connected; without a wait under way, the page just reloads it.
      if (type === 'textdrip-connected') void (attempt.current ? ask() : onConnectedRef.current());
      else if (type === 'textdrip-retry') connectRef.current();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      stop();
    };
  }, [ask, stop]);

  /** The blocked window was opened from the link: the wait goes on, without the warning. */
  const openedFromLink = useCallback(() => setPhase((now) => (now.kind === 'waiting' ? { ...now, blocked: false } : now)), []);

  /** Stops waiting (the agent closed the window, or changed their mind). */
  const cancel = useCallback(() => {
    stop();
    setPhase({ kind: 'idle' });
  }, [stop]);

  return { phase, connect, cancel, openedFromLink };
}

import { ExternalLink, Loader2 } from 'lucide-react';

import { Button } from '../../components/ui/button';
import type { Integration } from './api/integrations';
import { TEXTDRIP_POPUP, useTextdripConnect } from './hooks/use-textdrip-connect';
import { TEXTDRIP_SIGN_IN_NEEDED } from './textdrip-failures';

/** Textdrip's part of its provider page: Connect opens Textdrip's own window; this shows what the portal is waiting for. */
export function TextdripConnect({ integration, onConnected }: { integration: Integration; onConnected: () => void }) {
  const { phase, connect, cancel, openedFromLink } = useTextdripConnect(onConnected);
  const settings = integration.settings ?? {};
  const account = [settings.accountName, settings.accountEmail].filter((part): part is string => typeof part === 'string' && part !== '').join(' · ');
  const waiting = phase.kind === 'waiting';

  return (
    <div className="mt-2 space-y-3 text-sm text-slate-700">
      {integration.connected ? (
        <p>
          Connected to Textdrip
          {account ? (
            <>
              {' '}
              as <strong className="font-medium text-slate-900">{account}</strong>
            </>
          ) : null}
          . New leads are sent to it as contacts.
          {integration.secretHints.apiToken ? <> API token {integration.secretHints.apiToken}.</> : null}
        </p>
      ) : (
        <p>
          Connect opens Textdrip in a small window. Sign in to Textdrip there and choose Allow; the window closes by itself and this page shows Textdrip as
          connected.
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button onClick={connect} disabled={waiting}>
          {waiting ? <Loader2 className="mr-2 h-4 w-4 animate-spin" aria-hidden /> : null}
          {waiting ? 'Waiting for Textdrip...' : integration.connected ? 'Connect a different account' : 'Connect Textdrip'}
        </Button>
        {waiting && (
          <Button variant="outline" onClick={cancel}>
            Cancel
          </Button>
        )}
      </div>

      <div aria-live="polite">
        {waiting && phase.blocked && (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
            <p className="font-medium">Your browser blocked the Textdrip window.</p>
            <p className="mt-1">
              Allow pop-ups for this site, or{' '}
              <a
                href={phase.url}
                target={TEXTDRIP_POPUP.name}
                rel="opener"
                onClick={openedFromLink}
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
              >
                open the Textdrip window <ExternalLink className="h-3.5 w-3.5" aria-hidden />
              </a>
              .
            </p>
          </div>
        )}
        {waiting && !phase.blocked && <p role="status">Finish connecting in the Textdrip window. This page updates by itself.</p>}
        {phase.kind === 'failed' && (
          <p role="alert" className="text-red-700">
            Connection Failed: {phase.message}
          </p>
        )}
        {phase.kind === 'timed-out' && (
          <p role="alert" className="text-red-700">
            Textdrip did not confirm the connection within 5 minutes. Choose Connect to try again.
          </p>
        )}
        {phase.kind === 'signed-out' && (
          <p role="alert" className="text-red-700">
            Authentication Required: {TEXTDRIP_SIGN_IN_NEEDED}
          </p>
        )}
      </div>
    </div>
  );
}

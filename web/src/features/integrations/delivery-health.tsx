import { useState } from 'react';

import { enableIntegration, testSend, type SendOutcome } from '../../app/api/deliveries';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { formatShortDateTime } from '../../lib/format';

/**
 * How deliveries to a connected integration are going: turned off for failing (with a way
 * back on, replaying what it missed or not), failing for a while, and a test-send whose
 * answer is shown as the provider gave it.
 */
/** What the panel needs of an integration (a provider's or a custom one). */
export type DeliveryHealthState = {
  integrationId: string | null;
  name: string;
  connected: boolean;
  disabled: { at: string; reason: string | null } | null;
  failingSince: string | null;
  held: number;
};

export function DeliveryHealth({ integration, onChanged }: { integration: DeliveryHealthState; onChanged: () => void }) {
  const [enabling, setEnabling] = useState(false);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<SendOutcome | null>(null);
  const integrationId = integration.integrationId;
  if (!integrationId) return null;

  const enable = async (replay: boolean) => {
    try {
      const { replayed, skipped } = await enableIntegration(integrationId, replay);
      toast({
        title: `${integration.name} is back on`,
        description: replay
          ? `${replayed} missed ${replayed === 1 ? 'lead is' : 'leads are'} being sent now.`
          : `New leads go to it again; ${skipped} held ${skipped === 1 ? 'lead was' : 'leads were'} left out.`,
      });
      setEnabling(false);
      onChanged();
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    }
  };
  const test = async () => {
    setTesting(true);
    setTested(null);
    try {
      const { outcome } = await testSend(integrationId);
      setTested(outcome);
      if (!outcome.ok) toast({ title: 'Test Failed', description: outcome.error ?? 'Failed to test connection', variant: 'destructive' });
    } catch (error) {
      toast({ title: 'Test Failed', description: error instanceof Error ? error.message : 'Failed to test connection', variant: 'destructive' });
    } finally {
      setTesting(false);
    }
  };

  return (
    <>
      {integration.disabled && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-950">
          <p className="font-semibold">Turned off on {formatShortDateTime(integration.disabled.at)}: its deliveries kept failing.</p>
          {integration.disabled.reason && <p className="mt-1 break-words">{withLocalTimes(integration.disabled.reason)}</p>}
          <p className="mt-1">
            {integration.held > 0 ? `${integration.held} new ${integration.held === 1 ? 'lead is' : 'leads are'} held for it. ` : ''}
            Fix the connection (check the settings below), then turn it back on.
          </p>
          <Button className="mt-3" onClick={() => setEnabling(true)}>
            Turn back on…
          </Button>
        </div>
      )}
      {!integration.disabled && integration.connected && integration.failingSince && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Deliveries have been failing since {formatShortDateTime(integration.failingSince)}. If they keep failing, the integration is turned off and you are
          e-mailed; check the delivery log below.
        </div>
      )}
      {integration.connected && (
        <section aria-labelledby="test-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <h2 id="test-heading" className="font-semibold text-slate-900">
                Test
              </h2>
              <p className="text-sm text-slate-700">Send a made-up sample lead to {integration.name} now and see the result.</p>
            </div>
            <Button variant="outline" onClick={() => void test()} disabled={testing}>
              {testing ? 'Sending...' : 'Send test lead'}
            </Button>
          </div>
          {tested && (
            <div
              role="status"
              className={`mt-3 rounded-md border p-3 text-sm ${tested.ok ? 'border-emerald-300 bg-emerald-50 text-emerald-950' : 'border-red-300 bg-red-50 text-red-950'}`}
            >
              <p className="font-medium">
                {tested.status
                  ? `${tested.ok ? 'Delivered' : 'Failed'}: HTTP ${tested.status} in ${Math.round(tested.durationMs)} ms`
                  : `${tested.ok ? 'Delivered' : 'Failed'} after ${Math.round(tested.durationMs)} ms`}
                {tested.error ? ` · ${tested.error}` : ''}
              </p>
              {tested.preview && <pre className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">{tested.preview}</pre>}
            </div>
          )}
        </section>
      )}
      <Dialog open={enabling} onOpenChange={setEnabling}>
        <DialogContent>
          <DialogTitle>Turn {integration.name} back on?</DialogTitle>
          <DialogDescription>
            New leads go to it again. Do you also want the leads it missed while it was failing or off sent now
            {integration.held > 0 ? ` (${integration.held} held and any that failed)` : ''}?
          </DialogDescription>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => void enable(false)}>
              Turn on without them
            </Button>
            <Button onClick={() => void enable(true)}>Turn on and send them</Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The server words the reason with ISO times (as in the e-mail); show them as the rest of the page does. */
const withLocalTimes = (text: string) => text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, (iso) => formatShortDateTime(iso));

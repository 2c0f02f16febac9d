import { RefreshCw } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { durationWords } from '../../lib/duration';
import { formatShortDateTime } from '../../lib/format';
import { rotateSigningSecret } from './api/integrations';

type Props = {
  integrationId: string;
  name: string;
  /** The current secret's last four characters after a mask. */
  hint: string;
  /** Until when the secret replaced by the last rotation still signs beside it, if it still does. */
  previousUntil: string | null;
  /** How long a replaced secret keeps signing beside the new one (the server's setting). */
  graceSeconds: number;
  /** The new secret, to be shown this once. */
  onRotated: (signingSecret: string) => void;
};

/**
 * An integration's webhook signing secret as its last four characters, and "Rotate signing
 * secret" (as Svix offers it): after a confirmation a new secret is made and shown once; the
 * old one keeps signing beside it for the grace period, so the receiver can switch without missing a lead.
 */
export function SigningSecretRotation({ integrationId, name, hint, previousUntil, graceSeconds, onRotated }: Props) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);

  const rotate = async () => {
    setConfirming(null);
    setRotating(true);
    try {
      const { signingSecret } = await rotateSigningSecret(integrationId);
      onRotated(signingSecret);
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Unable to rotate the signing secret. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setRotating(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
      <p>
        Webhook signing secret: <span className="font-mono">{hint}</span>
        {previousUntil && <> · the previous secret also signs until {formatShortDateTime(previousUntil)}</>}
      </p>
      <Button variant="outline" size="sm" disabled={rotating} onClick={() => setConfirming(integrationId)}>
        <RefreshCw className="h-4 w-4" aria-hidden /> {rotating ? 'Rotating...' : 'Rotate signing secret'}
      </Button>
      <ConfirmDialog
        subject={confirming}
        title="Rotate the signing secret?"
        description={() =>
          graceSeconds > 0
            ? `A new secret is made for ${name} and shown once. For the next ${durationWords(graceSeconds)} every request is signed with both the new and the current secret, so your receiver keeps accepting leads while you switch it over; after that only the new secret signs.`
            : `A new secret is made for ${name} and shown once. From then on only the new secret signs: switch your receiver over at once, or it refuses the leads sent meanwhile.`
        }
        confirmLabel="Rotate"
        onConfirm={() => void rotate()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { useAccessDialog } from '../../../app/access-dialog-store';
import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { openTrainingVideo } from '../../../lib/training-video';
import { verifyAccessCode } from '../api/access';

const LOCKED = 'Too many failed attempts. Please try again later.';

/** The access-code dialog: idle, 'Verifying...', an error with the attempts left, or locked. */
export function AccessCodeDialog() {
  const purpose = useAccessDialog((s) => s.purpose);
  const close = useAccessDialog((s) => s.close);
  const reloadSession = useSession((s) => s.load);
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const locked = remaining === 0;

  const reset = () => {
    setCode('');
    setError(null);
    setRemaining(null);
    setVerifying(false);
  };

  const cancel = () => {
    const wasPage = purpose?.kind === 'page';
    reset();
    close();
    if (wasPage) navigate('/');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Please enter an access code');
      return;
    }
    setVerifying(true);
    setError(null);
    try {
      const { expiresAt } = await verifyAccessCode(code);
      const hours = Math.max(1, Math.round((Date.parse(expiresAt) - Date.now()) / 3_600_000));
      toast({ title: 'Access Unlocked!', description: `You now have elevated access for ${hours} hours.` });
      await reloadSession();
      const done = purpose;
      reset();
      close();
      if (done?.kind === 'training') openTrainingVideo();
    } catch (failure) {
      setVerifying(false);
      if (failure instanceof ApiRequestError) {
        const left = failure.details.remainingAttempts;
        if (typeof left === 'number') setRemaining(left);
        setError(failure.code === 'ACCESS_CODE_LOCKED' || left === 0 ? LOCKED : failure.fieldErrors[0]?.message || failure.message || 'Invalid access code');
      } else {
        setError('Invalid access code');
      }
    }
  };

  return (
    <Dialog open={purpose !== null} onOpenChange={(open) => !open && cancel()}>
      <DialogContent data-testid="access-code-dialog">
        <DialogTitle>Enter Access Code</DialogTitle>
        <DialogDescription>
          {purpose?.kind === 'page' ? 'Please enter the access code to access this page.' : 'Enter your access code to unlock full access to the portal.'}
        </DialogDescription>
        {purpose?.kind === 'page' && purpose.note && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="access-code-note">
            {purpose.note}
          </p>
        )}
        <form onSubmit={submit} className="space-y-3" noValidate>
          <label htmlFor="access-code" className="block text-sm font-medium text-slate-800">
            Access code
          </label>
          <input
            id="access-code"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            disabled={verifying || locked}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-base uppercase tracking-wider"
          />
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          {remaining !== null && remaining > 0 && <p className="text-sm text-slate-600">{remaining} attempt(s) remaining</p>}
          <div className="flex justify-end gap-3 pt-2">
            <Button type="button" variant="outline" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={verifying || locked}>
              {verifying ? 'Verifying...' : 'Unlock'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

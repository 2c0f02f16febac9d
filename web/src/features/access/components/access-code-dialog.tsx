import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { useAccessDialog } from '../../../app/access-dialog-store';
import { useHelpRequestDialog } from '../../../app/help-request-dialog-store';
import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { fetchSatLeader, verifyAccessCode, type SatLeader } from '../api/access';

const LOCKED = 'Too many failed attempts. Please try again later.';
export const CODE_REQUEST_DRAFT = 'Please send me an access code for the Agent Portal.';

/** Where a code comes from: the agent's SAT leader (named, with their e-mail) or, without one, an admin; and a help request to ask for it. */
function WhereCodesComeFrom({ leader, onAsk }: { leader: SatLeader | null; onAsk: () => void }) {
  const name = leader?.displayName ?? leader?.email;
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="access-code-source">
      <p>
        {leader ? (
          <>
            Access codes come from your SAT leader, <strong className="font-semibold">{name}</strong>.{' '}
            <a
              className="font-medium text-brand-700 underline"
              href={`mailto:${leader.email}?subject=${encodeURIComponent('Access code for the Agent Portal')}`}
            >
              Email {name}
            </a>{' '}
            or{' '}
          </>
        ) : (
          <>Access codes come from your SAT leader or an admin. </>
        )}
        <button type="button" className="cursor-pointer font-medium text-brand-700 underline" onClick={onAsk}>
          {leader ? 'ask in a help request' : 'Ask for one in a help request'}
        </button>
        .
      </p>
    </div>
  );
}

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
  const signedIn = useSession((s) => s.status === 'signed-in');
  const showHelpRequest = useHelpRequestDialog((s) => s.show);
  const [leader, setLeader] = useState<SatLeader | null>(null);
  const opened = purpose !== null;
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!opened || !signedIn) return;
    let current = true;
    fetchSatLeader().then(
      (found) => current && setLeader(found),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [opened, signedIn]);

  const askForCode = () => {
    reset();
    close();
    showHelpRequest(undefined, CODE_REQUEST_DRAFT);
  };

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
      toast({ title: 'Access Unlocked!', description: `You now have elevated access for ${hours} ${hours === 1 ? 'hour' : 'hours'}.` });
      await reloadSession();
      reset();
      close();
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
      <DialogContent
        data-testid="access-code-dialog"
        // The code field, not the first link of the text above it.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          codeInput.current?.focus();
        }}
      >
        <DialogTitle>Enter Access Code</DialogTitle>
        <DialogDescription>
          {purpose?.kind === 'page' ? 'Please enter the access code to access this page.' : 'Enter your access code to unlock full access to the portal.'}
        </DialogDescription>
        <WhereCodesComeFrom leader={leader} onAsk={askForCode} />
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
            ref={codeInput}
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

import { useState } from 'react';

import { POST_AUTH_RETURN_TO_KEY, RETURN_TO_KEY } from '../../../app/route-access';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useApiQuery } from '../../../lib/use-api-query';
import { fetchConfiguredProviders, startExternalSignIn, type ExternalProvider } from '../api/external-sign-in';

const LABELS: Record<ExternalProvider, { button: string; failed: string }> = {
  microsoft: { button: 'Sign in with Microsoft', failed: 'Microsoft Sign-In failed' },
  google: { button: 'Sign in with Google', failed: 'Google Sign-In failed' },
};

function MicrosoftMark() {
  return (
    <svg viewBox="0 0 21 21" className="h-4 w-4" aria-hidden>
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="h-4 w-4" aria-hidden>
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/** The work-account (Microsoft) and Google buttons, each only when the server has it configured. */
export function ExternalSignInButtons() {
  // Without an answer no button is shown.
  const { data: providers } = useApiQuery('/api/auth/external/providers', fetchConfiguredProviders, {
    failure: 'Failed to load the sign-in providers',
    expected: () => true,
  });
  const [starting, setStarting] = useState<ExternalProvider | null>(null);

  if (!providers || (!providers.microsoft && !providers.google)) return null;

  const signIn = async (provider: ExternalProvider) => {
    setStarting(provider);
    // The page to return to after the provider sends the browser back (spec: auth callback).
    const returnTo = sessionStorage.getItem(RETURN_TO_KEY);
    if (returnTo) sessionStorage.setItem(POST_AUTH_RETURN_TO_KEY, returnTo);
    try {
      window.location.assign(await startExternalSignIn(provider));
    } catch (failure) {
      toast({ title: LABELS[provider].failed, description: failure instanceof Error ? failure.message : 'Please try again.', variant: 'destructive' });
      setStarting(null);
    }
  };

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <div className="mt-4 space-y-2">
        {providers.microsoft && (
          <Button type="button" variant="outline" className="w-full" disabled={starting !== null} onClick={() => void signIn('microsoft')}>
            <MicrosoftMark />
            {starting === 'microsoft' ? 'Redirecting...' : LABELS.microsoft.button}
          </Button>
        )}
        {providers.google && (
          <Button type="button" variant="outline" className="w-full" disabled={starting !== null} onClick={() => void signIn('google')}>
            <GoogleMark />
            {starting === 'google' ? 'Redirecting...' : LABELS.google.button}
          </Button>
        )}
      </div>
    </div>
  );
}

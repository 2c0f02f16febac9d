import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { Button } from '../../components/ui/button';
import { textdripFailure } from './textdrip-failures';

/** The window that opened this popup (the Textdrip provider page), when there is one. */
const openerWindow = (): Window | null => (window.opener && window.opener !== window ? (window.opener as Window) : null);
const tell = (type: 'textdrip-connected' | 'textdrip-retry') => openerWindow()?.postMessage({ type }, window.location.origin);
const PROVIDER_PAGE = '/integrations/textdrip';

/** The popup's whole page: the outcome's card alone, as the card provider's page stands alone. */
function Standalone({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-8 sm:items-center">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">{children}</div>
    </main>
  );
}
/** How long the success page stays before it closes itself (spec: 2 seconds). */
export const SUCCESS_CLOSE_MS = 2_000;

/** /textdrip/success: Textdrip sent the agent back connected; the opener is told and the popup closes. */
export function TextdripSuccessPage() {
  const navigate = useNavigate();
  const opener = openerWindow();
  useEffect(() => {
    tell('textdrip-connected');
    if (!opener) return;
    const timer = setTimeout(() => window.close(), SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [opener]);
  return (
    <Standalone>
      <div className="text-center">
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-700" aria-hidden />
        <h1 className="mt-3 text-2xl font-bold text-slate-900">Textdrip Connected!</h1>
        <p className="mt-2 text-slate-700">Your Textdrip account is linked. New leads will be sent to it as contacts.</p>
        {opener && <p className="mt-1 text-sm text-slate-600">This window closes in a moment.</p>}
        <Button className="mt-5" onClick={() => (opener ? window.close() : navigate(PROVIDER_PAGE))}>
          {opener ? 'Close & Continue' : 'Go to Integrations'}
        </Button>
      </div>
    </Standalone>
  );
}

/** /textdrip/failed: the connection did not go through; what usually helps, and a way to try again. */
export function TextdripFailedPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Only the reasons the portal names are shown: the address is never echoed onto the page.
  const reason = textdripFailure(params.get('reason'));
  const opener = openerWindow();
  const tryAgain = () => {
    if (!opener) return navigate(PROVIDER_PAGE);
    tell('textdrip-retry');
    window.close();
  };
  return (
    <Standalone>
      <XCircle className="mx-auto h-12 w-12 text-red-700" aria-hidden />
      <h1 className="mt-3 text-center text-2xl font-bold text-slate-900">Connection Failed</h1>
      {reason ? (
        <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 p-3 text-center text-red-900">
          {reason}
        </p>
      ) : null}
      <p className="mt-2 text-center text-slate-700">Textdrip did not confirm the connection. Common solutions:</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-slate-800">
        <li>Sign in to Textdrip with the account you want to connect, then try again.</li>
        <li>Allow pop-ups for this site, so the Textdrip window can open.</li>
        <li>Approve every permission Textdrip asks for; the connection needs them all.</li>
        <li>Check that your Textdrip subscription is active.</li>
        <li>If it keeps failing, open a support ticket from My Tickets.</li>
      </ul>
      <div className="mt-5 flex justify-center gap-2">
        <Button onClick={tryAgain}>Try Again</Button>
        <Button variant="outline" onClick={() => (opener ? window.close() : navigate('/integrations'))}>
          Close
        </Button>
      </div>
    </Standalone>
  );
}

import { FlaskConical, Lock, ShieldQuestion } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';

import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api-client';
import { formatCents } from '../../lib/money';
import { authenticateDemo, cancelDemo, fetchDemoSession, submitDemoCard, type DemoOutcome, type DemoSession } from './demo-pay-api';

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', what: 'succeeds' },
  { number: '4000 0000 0000 0002', what: 'is declined' },
  { number: '4000 0025 0000 3155', what: 'asks for authentication' },
];

/** "12 / 34" or "12/2034" to month and year. */
function parseExpiry(typed: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  return match ? { expMonth: Number(match[1]), expYear: Number(match[2]) } : null;
}

/**
 * The demo card provider's hosted page (embedded default, no Stripe keys): pays a top-up,
 * saves a card, or asks for the bank's authentication, like Stripe's hosted checkout. No real
 * card is charged and no real money moves.
 */
export function DemoPayPage() {
  const { sessionId = '' } = useParams();
  const [session, setSession] = useState<DemoSession | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [number, setNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    fetchDemoSession(sessionId).then(setSession, (failure: unknown) =>
      setLoadError(
        failure instanceof ApiRequestError && failure.status === 404
          ? 'This payment page does not exist.'
          : 'This payment page could not be loaded. Please try again.',
      ),
    );
  }, [sessionId]);

  const follow = (outcome: DemoOutcome) => {
    if (outcome.status === 'requires_action') {
      setSession((s) => (s ? { ...s, status: 'requires_action' } : s));
      return;
    }
    if (outcome.status === 'failed') {
      setError(outcome.message);
      if (outcome.redirectUrl) {
        setDone(outcome.message);
        window.location.assign(outcome.redirectUrl);
      } else {
        setSession((s) => (s ? { ...s, status: 'open' } : s));
      }
      return;
    }
    setDone(session?.mode === 'setup' ? 'Card saved. Returning to the portal...' : 'Payment complete. Returning to the portal...');
    window.location.assign(outcome.redirectUrl);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? (failure.fieldErrors[0]?.message ?? failure.message) : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const pay = (event: FormEvent) => {
    event.preventDefault();
    const expiry = parseExpiry(exp);
    if (!expiry) {
      setError("Your card's expiration date is incomplete.");
      return;
    }
    void run(async () => follow(await submitDemoCard(sessionId, { number, ...expiry, cvc })));
  };

  const purpose =
    session?.mode === 'setup'
      ? 'Save a card for later payments'
      : session?.amountCents != null
        ? `Add ${formatCents(session.amountCents)} to your wallet`
        : 'Payment';

  return (
    <div className="min-h-screen bg-slate-100">
      <div role="note" className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-2 text-center text-sm font-semibold text-amber-950">
        <FlaskConical className="h-4 w-4 shrink-0" aria-hidden /> Demo card provider — no real money
      </div>
      <main className="mx-auto max-w-md px-4 py-8">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="text-xl font-bold text-slate-900">{session ? purpose : 'Demo checkout'}</h1>
          {session && <p className="mt-1 text-sm text-slate-600">{session.email}</p>}
          {loadError && (
            <p role="alert" className="mt-4 text-red-700">
              {loadError}
            </p>
          )}
          {done && (
            <p role="status" className="mt-4 font-medium text-emerald-700">
              {done}
            </p>
          )}
          {session &&
            !done &&
            (session.status === 'complete' || session.status === 'expired' || session.status === 'failed' || session.status === 'processing') && (
              <p role="status" className="mt-4 text-slate-700">
                {session.status === 'complete'
                  ? 'This payment page is complete. You can close this tab.'
                  : session.status === 'failed'
                    ? 'This payment failed. You can close this tab.'
                    : session.status === 'processing'
                      ? 'This payment is being processed.'
                      : 'This payment page has expired. You can close this tab.'}
              </p>
            )}
          {session && !done && session.status === 'requires_action' && (
            <div className="mt-6 space-y-4" data-testid="authentication-step">
              <div className="flex items-start gap-3 rounded-md bg-slate-50 p-4">
                <ShieldQuestion className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
                <div>
                  <h2 className="font-semibold text-slate-900">Your bank asks you to authenticate</h2>
                  <p className="text-sm text-slate-600">This is the demo of a 3D Secure check: choose how the bank answers.</p>
                </div>
              </div>
              {error && (
                <p role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              )}
              <div className="flex gap-3">
                <Button className="flex-1" disabled={busy} onClick={() => void run(async () => follow(await authenticateDemo(sessionId, 'authenticate')))}>
                  Authenticate
                </Button>
                <Button
                  className="flex-1"
                  variant="outline"
                  disabled={busy}
                  onClick={() => void run(async () => follow(await authenticateDemo(sessionId, 'fail')))}
                >
                  Fail
                </Button>
              </div>
            </div>
          )}
          {session && !done && session.status === 'open' && session.mode !== 'authentication' && (
            <form className="mt-6 space-y-4" onSubmit={pay} noValidate>
              <div>
                <label htmlFor="demo-card-number" className="block text-sm font-medium text-slate-800">
                  Card number
                </label>
                <input
                  id="demo-card-number"
                  name="cardnumber"
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="4242 4242 4242 4242"
                  value={number}
                  onChange={(e) => setNumber(e.target.value)}
                  className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
                />
              </div>
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <label htmlFor="demo-card-expiry" className="block text-sm font-medium text-slate-800">
                    Expiry (MM / YY)
                  </label>
                  <input
                    id="demo-card-expiry"
                    name="exp"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="12 / 34"
                    value={exp}
                    onChange={(e) => setExp(e.target.value)}
                    className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
                  />
                </div>
                <div>
                  <label htmlFor="demo-card-cvc" className="block text-sm font-medium text-slate-800">
                    CVC
                  </label>
                  <input
                    id="demo-card-cvc"
                    name="cvc"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="123"
                    value={cvc}
                    onChange={(e) => setCvc(e.target.value)}
                    className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
                  />
                </div>
              </div>
              {error && (
                <p role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              )}
              <Button type="submit" className="w-full" disabled={busy}>
                <Lock className="h-4 w-4" aria-hidden />{' '}
                {busy ? 'Processing...' : session.mode === 'setup' ? 'Save card' : `Pay ${formatCents(session.amountCents ?? 0)}`}
              </Button>
              <Button
                type="button"
                variant="link"
                className="w-full"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    const { redirectUrl } = await cancelDemo(sessionId);
                    window.location.assign(redirectUrl);
                  })
                }
              >
                Cancel and return to the portal
              </Button>
            </form>
          )}
        </div>
        <section aria-labelledby="demo-test-cards" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
          <h2 id="demo-test-cards" className="font-semibold text-slate-900">
            Test cards
          </h2>
          <p className="mt-1">Any future expiry date and any 3-digit CVC.</p>
          <ul className="mt-2 space-y-1">
            {TEST_CARDS.map((card) => (
              <li key={card.number}>
                <span className="font-mono">{card.number}</span> {card.what}
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}

import { XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { PREP_MESSAGES, type PrepConfirmationPreview, type PrepRegistered } from '../../../../src/modules/prep-course/contracts/prep-form';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { useRequestKey } from '../../lib/use-request-key';
import { confirmRegistration, previewConfirmation } from './api/prep-course';
import { RegisteredScreen } from './components/registered-screen';

type State =
  | { kind: 'loading' }
  | { kind: 'preview'; preview: PrepConfirmationPreview }
  | { kind: 'registered'; answer: PrepRegistered }
  | { kind: 'refused'; message: string };

const refusal = (failure: unknown) =>
  failure instanceof ApiRequestError && failure.status > 0 && failure.status < 500 ? failure.message : 'Something went wrong. Please open the link again.';

/**
 * /prep-course/confirm?token=…: the link mailed to the address. It shows what the link would do
 * (a new registration, or each change to an existing one) and applies it only when the owner says
 * so, so a mail scanner opening the link changes nothing. A used, expired or unknown link says so.
 */
export function PrepCourseConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const keys = useRequestKey();
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    previewConfirmation(token)
      .then((preview) => setState({ kind: 'preview', preview }))
      .catch((failure: unknown) => setState({ kind: 'refused', message: refusal(failure) }));
  }, [token]);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await confirmRegistration(token, keys.keyFor({ token }));
      keys.done();
      if (answer.email === 'sent') toast({ title: 'Success', description: PREP_MESSAGES.success });
      else toast({ title: 'Registered', description: PREP_MESSAGES.emailDelayed });
      setState({ kind: 'registered', answer });
    } catch (failure) {
      keys.failed(failure);
      setState({ kind: 'refused', message: refusal(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      {state.kind === 'loading' && <Loading />}
      {state.kind === 'registered' && <RegisteredScreen answer={state.answer} />}
      {state.kind === 'refused' && (
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
          <XCircle className="mx-auto h-12 w-12 text-red-600" aria-hidden />
          <h1 className="mt-4 text-2xl font-bold text-brand-900">This link does not work</h1>
          <p className="mt-2 text-slate-700" data-testid="link-refusal">
            {state.message}
          </p>
          <Button asChild className="mt-6">
            <Link to="/prep-course/register">Go to the registration form</Link>
          </Button>
        </div>
      )}
      {state.kind === 'preview' && <Preview preview={state.preview} busy={busy} onConfirm={() => void confirm()} />}
    </div>
  );
}

function Preview({ preview, busy, onConfirm }: { preview: PrepConfirmationPreview; busy: boolean; onConfirm: () => void }) {
  const change = preview.kind === 'change';
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{change ? 'Confirm the change to your registration' : 'Confirm your registration'}</h1>
      <p className="mt-2 text-slate-700">
        2-15 License Prep, <strong>{preview.session.label}</strong>, for <strong className="break-all">{preview.email}</strong>.
      </p>
      {change ? (
        preview.changes.length === 0 ? (
          <p className="mt-4 text-slate-700">Nothing would change: these are the details you are registered with.</p>
        ) : (
          <dl className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="What would change">
            {preview.changes.map((item) => (
              <div key={item.label} className="grid gap-1 px-4 py-3 sm:grid-cols-3">
                <dt className="font-medium text-slate-800">{item.label}</dt>
                <dd className="break-words text-slate-700 sm:col-span-2">
                  <span className="line-through">{item.from}</span> → <span className="font-medium">{item.to}</span>
                </dd>
              </div>
            ))}
          </dl>
        )
      ) : (
        <dl className="mt-4 divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Your details">
          {[
            ['Name', `${preview.details.firstName} ${preview.details.lastName}`],
            ['Office', preview.details.officeLabel],
            ['Exam attempts so far', preview.details.examAttempts],
          ].map(([label, value]) => (
            <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-3">
              <dt className="font-medium text-slate-800">{label}</dt>
              <dd className="break-words text-slate-700 sm:col-span-2">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-4 text-sm text-slate-600">
        {change ? 'Until you confirm, your registration stays as it is.' : 'Your seat is taken when you confirm.'} Did not ask for this? Close this page:
        nothing changes.
      </p>
      <Button size="lg" className="mt-6 w-full" onClick={onConfirm} disabled={busy}>
        {busy ? 'Confirming...' : change ? 'Confirm the change' : 'Confirm my registration'}
      </Button>
    </div>
  );
}

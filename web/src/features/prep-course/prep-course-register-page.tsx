import { MailCheck } from 'lucide-react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';

import {
  EXAM_ATTEMPTS,
  HONEYPOT_FIELD,
  PREP_MESSAGES,
  PREP_OFFICES,
  type PrepRegistrationAnswer,
} from '../../../../src/modules/prep-course/contracts/prep-form';
import { fetchOfferedSessions } from '../../app/api/prep-course';
import { useSession } from '../../app/session-store';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';
import { useRequestKey } from '../../lib/use-request-key';
import { registerForPrepCourse } from './api/prep-course';
import { RegisteredScreen } from './components/registered-screen';

type Form = {
  firstName: string;
  lastName: string;
  office: string;
  email: string;
  dateIso: string;
  examAttempts: string;
  commitment: '' | 'yes' | 'no';
  [HONEYPOT_FIELD]: string;
};
const EMPTY: Form = { firstName: '', lastName: '', office: '', email: '', dateIso: '', examAttempts: '', commitment: '', [HONEYPOT_FIELD]: '' };
const SELECT = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base aria-[invalid]:border-red-500';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The public '2-15 License Prep – Pass your exam!' registration: the form, then either 'Check your
 * email to confirm' (a visitor, or any address but a signed-in agent's own: the mailed link takes
 * the seat) or, for a signed-in agent with their own account e-mail, the 'You're Registered!' screen.
 */
export function PrepCourseRegisterPage() {
  const [answer, setAnswer] = useState<{ answer: PrepRegistrationAnswer; email: string } | null>(null);
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      {!answer ? (
        <RegistrationForm onAnswered={(registered, email) => setAnswer({ answer: registered, email })} />
      ) : answer.answer.status === 'registered' ? (
        <RegisteredScreen answer={answer.answer} />
      ) : (
        <CheckEmailScreen email={answer.email} label={answer.answer.session.label} delayed={answer.answer.email === 'delayed'} />
      )}
      <p className="mt-8 text-center text-sm text-slate-600">
        {PREP_MESSAGES.footer} Saturday covers health, Sunday covers life; both days are mandatory, 8:00 AM – 1:00 PM Eastern, on video.
      </p>
    </div>
  );
}

function RegistrationForm({ onAnswered }: { onAnswered: (answer: PrepRegistrationAnswer, email: string) => void }) {
  const user = useSession((s) => s.user);
  const { data: offered, loading } = useApiQuery('/api/prep-course/sessions', fetchOfferedSessions, { failure: 'Failed to load the course dates' });
  const sessions = offered?.sessions ?? [];
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [busy, setBusy] = useState(false);
  const keys = useRequestKey();

  // A signed-in agent need not type what the portal knows.
  useEffect(() => {
    if (!user) return;
    const [first = '', ...rest] = (user.displayName ?? '').trim().split(/\s+/);
    setForm((current) => ({
      ...current,
      email: current.email || user.email,
      firstName: current.firstName || first,
      lastName: current.lastName || rest.join(' '),
    }));
  }, [user]);

  const set = (field: keyof Form) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const committed = form.commitment === 'yes';
  // The reason the button is disabled, once it is one: NO chosen, or everything else filled in and no choice made.
  const othersFilled = [form.firstName, form.lastName, form.office, form.email, form.dateIso, form.examAttempts].every((value) => value.trim() !== '');
  const showCommitmentMessage = form.commitment === 'no' || (form.commitment === '' && othersFilled);

  const validate = (): Partial<Record<keyof Form, string>> => {
    const found: Partial<Record<keyof Form, string>> = {};
    if (!form.firstName.trim()) found.firstName = 'First name is required';
    if (!form.lastName.trim()) found.lastName = 'Last name is required';
    if (!form.office) found.office = 'Please choose your office';
    if (!EMAIL.test(form.email.trim())) found.email = 'Enter a valid email address';
    if (!sessions.some((session) => session.dateIso === form.dateIso)) found.dateIso = PREP_MESSAGES.invalidDate;
    if (!form.examAttempts) found.examAttempts = 'Please choose how many times you have taken the exam';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!committed || busy) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const body = {
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        office: form.office,
        email: form.email.trim(),
        dateIso: form.dateIso,
        examAttempts: form.examAttempts,
        commitment: true as const,
        ...(form[HONEYPOT_FIELD] ? { [HONEYPOT_FIELD]: form[HONEYPOT_FIELD] } : {}),
      };
      const answer = await registerForPrepCourse(body, keys.keyFor(body));
      keys.done();
      if (answer.status === 'pending') toast({ title: PREP_MESSAGES.checkEmail, description: PREP_MESSAGES.pending });
      else if (answer.email === 'sent') toast({ title: 'Success', description: PREP_MESSAGES.success });
      else toast({ title: 'Registered', description: PREP_MESSAGES.emailDelayed });
      onAnswered(answer, body.email);
    } catch (failure) {
      keys.failed(failure);
      const message = failure instanceof ApiRequestError && failure.status > 0 && failure.status < 500 ? failure.message : PREP_MESSAGES.failed;
      if (failure instanceof ApiRequestError) {
        const fields = Object.fromEntries(failure.fieldErrors.map((field) => [field.field, field.message]));
        setErrors(fields);
      }
      toast({ title: 'Registration failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900">{PREP_MESSAGES.title}</h1>
      <p className="mt-2 text-slate-600">A two-day live review on video to get you through the 2-15 Health &amp; Life exam on your first try.</p>
      {loading && !offered ? (
        <Loading />
      ) : (
        <form className="mt-6 space-y-4" onSubmit={(event) => void submit(event)} noValidate aria-label="Prep course registration">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              value={form.firstName}
              onChange={set('firstName')}
              error={errors.firstName}
            />
            <FormField label="Last name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} error={errors.lastName} />
          </div>
          <Select label="Office" name="office" value={form.office} onChange={set('office')} error={errors.office}>
            <option value="">Select your office</option>
            {PREP_OFFICES.map((office) => (
              <option key={office.value} value={office.value}>
                {office.label}
              </option>
            ))}
          </Select>
          <FormField label="Email" name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} />
          <Select label="Course date" name="dateIso" value={form.dateIso} onChange={set('dateIso')} error={errors.dateIso}>
            <option value="">{sessions.length === 0 ? 'TBA: no course dates open yet' : 'Select a course weekend'}</option>
            {sessions.map((session) => (
              <option key={session.sessionId} value={session.dateIso}>
                {session.label}
              </option>
            ))}
          </Select>
          <Select
            label="How many times have you taken the exam?"
            name="examAttempts"
            value={form.examAttempts}
            onChange={set('examAttempts')}
            error={errors.examAttempts}
          >
            <option value="">Select one</option>
            {EXAM_ATTEMPTS.map((attempts) => (
              <option key={attempts} value={attempts}>
                {attempts}
              </option>
            ))}
          </Select>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">I commit to attending both days (Saturday and Sunday, 8:00 AM – 1:00 PM Eastern).</legend>
            <div className="mt-2 flex gap-6">
              {(['yes', 'no'] as const).map((choice) => (
                <label key={choice} className="flex items-center gap-2 text-slate-800">
                  <input type="radio" name="commitment" value={choice} checked={form.commitment === choice} onChange={set('commitment')} className="h-4 w-4" />
                  {choice === 'yes' ? 'YES' : 'NO'}
                </label>
              ))}
            </div>
            {showCommitmentMessage && (
              <p className="mt-2 text-sm text-amber-800" role="status">
                {PREP_MESSAGES.commitment}
              </p>
            )}
          </fieldset>
          {/* People never see this field; form-filling bots fill it, and their registration is answered but not kept. */}
          <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
            <label htmlFor="field-website">Leave this field empty</label>
            <input
              id="field-website"
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={form[HONEYPOT_FIELD]}
              onChange={set(HONEYPOT_FIELD)}
            />
          </div>
          <Button type="submit" size="lg" className="w-full" disabled={!committed || busy}>
            {busy ? 'Registering...' : 'Register'}
          </Button>
        </form>
      )}
    </div>
  );
}

function Select({
  label,
  name,
  error,
  children,
  ...select
}: { label: string; name: string; error?: string; children: React.ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} className={SELECT} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Nothing is registered yet: the mailed link takes the seat (or applies the change). Alike for a new registration and a change, so it tells nobody who is registered. */
function CheckEmailScreen({ email, label, delayed }: { email: string; label: string; delayed: boolean }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <MailCheck className="mx-auto h-14 w-14 text-brand-700" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{PREP_MESSAGES.checkEmail}</h1>
      <p className="mt-3 text-slate-700">
        We e-mailed a link to <strong className="break-all">{email}</strong>. Open it within 24 hours to confirm your registration for{' '}
        <strong data-testid="requested-dates">{label}</strong>.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Your seat is taken when you confirm, not before. If this address was already registered, the link applies your changes.
      </p>
      {delayed && (
        <p className="mt-2 text-sm text-amber-800" role="status">
          The e-mail may take a few minutes to arrive.
        </p>
      )}
    </div>
  );
}

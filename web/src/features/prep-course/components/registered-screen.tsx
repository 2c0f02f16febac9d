import { BookOpen, CalendarPlus, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';

import { PREP_MESSAGES, type PrepRegistered } from '../../../../../src/modules/prep-course/contracts/prep-form';
import { Button } from '../../../components/ui/button';

/**
 * The spec's 'You're Registered!' screen: the weekend, its calendar files, the study guide and the
 * way back. Shown once a registration is in force (registered by a signed-in agent, or confirmed
 * from the mailbox).
 */
export function RegisteredScreen({ answer }: { answer: PrepRegistered }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{PREP_MESSAGES.registered}</h1>
      {answer.updated && <p className="mt-2 font-medium text-slate-800">{PREP_MESSAGES.updated}</p>}
      <p className="mt-3 text-slate-700">
        See you on <strong data-testid="registered-dates">{answer.session.label}</strong>, 8:00 AM – 1:00 PM Eastern each day.
      </p>
      {answer.email === 'delayed' ? (
        <p className="mt-2 text-sm text-amber-800" role="status">
          {PREP_MESSAGES.emailDelayed}
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">A confirmation with both days as a calendar file is on its way to your inbox.</p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild>
          <a href={`/api/prep-course/sessions/${answer.session.sessionId}/saturday.ics`} download>
            <CalendarPlus className="h-4 w-4" aria-hidden /> Add Saturday to Calendar
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={`/api/prep-course/sessions/${answer.session.sessionId}/weekend.ics`} download>
            <CalendarPlus className="h-4 w-4" aria-hidden /> Add Both Days to Calendar
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href="/api/prep-course/study-guide.pdf" download>
            <BookOpen className="h-4 w-4" aria-hidden /> Download Study Materials
          </a>
        </Button>
      </div>
      <Button asChild variant="link" className="mt-4">
        <Link to="/onboarding">Return to License Prep</Link>
      </Button>
    </div>
  );
}

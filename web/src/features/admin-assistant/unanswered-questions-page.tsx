import { Check } from 'lucide-react';
import { useState } from 'react';

import type { UnansweredQuestion } from '../../../../src/modules/assistant/queries/list-unanswered-questions/unanswered-questions.query';
import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';
import { AnswerFeedback } from './answer-feedback';

const PATH = '/api/admin/assistant/unanswered';

/**
 * Admin page: what agents asked the AI assistant that the portal's pages did not answer, most
 * asked first, so the content can be improved; a question dealt with is dismissed (asked again,
 * it comes back). Below, the answers agents marked not helpful and those given with a low margin,
 * each with the passage used.
 */
export function UnansweredQuestionsPage() {
  return (
    <AdminOnly>
      <UnansweredQuestions />
    </AdminOnly>
  );
}

function UnansweredQuestions() {
  const { data, loading, reload, update } = useApiQuery(PATH, () => api<{ questions: UnansweredQuestion[] }>('GET', PATH), {
    failure: 'Failed to load the unanswered questions',
  });
  const [busy, setBusy] = useState<string | null>(null);

  const dismiss = async (question: UnansweredQuestion) => {
    setBusy(question.questionKey);
    try {
      await api('POST', `${PATH}/dismiss`, { questionKey: question.questionKey });
      update((current) => current && { questions: current.questions.filter((q) => q.questionKey !== question.questionKey) });
      toast({ title: 'Dismissed', description: 'Asked again, it comes back to this list.' });
    } catch (error) {
      toast({ title: 'Failed to dismiss the question', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
      void reload();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Assistant: Unanswered Questions</h1>
        <p className="mt-1 text-sm text-slate-600">
          What people asked the AI assistant that the portal&apos;s pages do not answer. Add the answer to the page it belongs on (the assistant reads the
          portal&apos;s own content), then dismiss the question. Questions are kept as long as conversations are.
        </p>
      </div>
      {loading ? (
        <p role="status" className="text-sm text-slate-600">
          Loading...
        </p>
      ) : !data || data.questions.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">No unanswered questions.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Unanswered questions">
          {data.questions.map((question) => (
            <li key={question.questionKey} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{question.question}</p>
                <p className="text-xs text-slate-600">
                  Asked {question.timesAsked} {question.timesAsked === 1 ? 'time' : 'times'} · last {formatDateTime(question.lastAskedAt)}
                </p>
              </div>
              <Button type="button" variant="outline" size="sm" disabled={busy === question.questionKey} onClick={() => void dismiss(question)}>
                <Check className="h-4 w-4" aria-hidden />
                Dismiss
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AnswerFeedback />
    </div>
  );
}

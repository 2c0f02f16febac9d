import { Link } from 'react-router-dom';

import type { AnswerFeedbackPage, UsedPassage } from '../../../../src/modules/assistant/queries/list-answer-feedback/answer-feedback.query';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';

const PATH = '/api/admin/assistant/feedback';

/**
 * The answers agents marked not helpful, and the questions answered with a low margin (another
 * passage fitted nearly as well), each with the passage the answer used: the content to improve.
 */
export function AnswerFeedback() {
  const { data, loading } = useApiQuery(PATH, () => api<AnswerFeedbackPage>('GET', PATH), { failure: 'Failed to load the feedback on answers' });
  if (loading) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading...
      </p>
    );
  }
  return (
    <>
      <section aria-labelledby="unhelpful-heading" className="space-y-3">
        <div>
          <h2 id="unhelpful-heading" className="text-lg font-semibold text-brand-900">
            Answers marked not helpful
          </h2>
          <p className="text-sm text-slate-600">
            What agents said did not help, with the passage the answer came from: improve that passage or the page it is on.
          </p>
        </div>
        {!data || data.unhelpful.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">No answers marked not helpful.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Answers marked not helpful">
            {data.unhelpful.map((item) => (
              <li key={`${item.markedAt}-${item.answerSeq}-${item.question}`} className="space-y-1 p-4">
                <p className="break-words font-medium text-slate-900">{item.question}</p>
                <p className="line-clamp-3 whitespace-pre-wrap break-words text-sm text-slate-700">{item.answer}</p>
                {item.note && <p className="break-words text-sm text-slate-900">Agent&apos;s note: “{item.note}”</p>}
                <p className="text-xs text-slate-600">
                  {item.passages.length > 0 ? (
                    <>
                      From:{' '}
                      {item.passages.map((passage, index) => (
                        <span key={passage.id}>
                          {index > 0 && ', '}
                          <PassageLink passage={passage} />
                        </span>
                      ))}
                    </>
                  ) : (
                    'Not from a passage'
                  )}{' '}
                  · marked {formatDateTime(item.markedAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="low-margin-heading" className="space-y-3">
        <div>
          <h2 id="low-margin-heading" className="text-lg font-semibold text-brand-900">
            Answers given with a low margin
          </h2>
          <p className="text-sm text-slate-600">
            Another passage fitted these questions nearly as well as the one used: check the answer came from the right page, and make that page say it more
            plainly.
          </p>
        </div>
        {!data || data.lowMargin.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">No answers given with a low margin.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Answers given with a low margin">
            {data.lowMargin.map((item) => (
              <li key={item.questionKey} className="space-y-1 p-4">
                <p className="break-words font-medium text-slate-900">{item.question}</p>
                <p className="text-xs text-slate-600">
                  From: <PassageLink passage={item.passage} /> · ahead by {Math.round((item.margin - 1) * 100)}% · asked {item.timesAsked}{' '}
                  {item.timesAsked === 1 ? 'time' : 'times'} · last {formatDateTime(item.lastAskedAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function PassageLink({ passage }: { passage: UsedPassage }) {
  const label = passage.pageTitle ? `${passage.heading} (${passage.pageTitle})` : passage.heading;
  return passage.url ? (
    <Link to={passage.url} className="break-words font-medium text-brand-700 underline underline-offset-2">
      {label}
    </Link>
  ) : (
    <span className="break-words">{label}</span>
  );
}

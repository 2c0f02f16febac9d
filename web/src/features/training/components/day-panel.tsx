import { ChevronDown, ChevronRight, Clock } from 'lucide-react';
import { useEffect, useState } from 'react';

import { toggleExpanded } from '../../../../../src/modules/training/contracts/training-checklist';
import type { BlockType, TrainingDay } from '../../../../../src/modules/training/contracts/training-content';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { LinkButton } from './link-button';
import { TickBox } from './tick-box';

const TYPE_STYLE: Record<BlockType, string> = {
  training: 'bg-blue-100 text-blue-900',
  video: 'bg-purple-100 text-purple-900',
  meeting: 'bg-amber-100 text-amber-900',
  dialer: 'bg-green-100 text-green-900',
  practice: 'bg-pink-100 text-pink-900',
  setup: 'bg-slate-200 text-slate-900',
  admin: 'bg-slate-100 text-slate-800',
  shadow: 'bg-teal-100 text-teal-900',
  break: 'bg-orange-100 text-orange-900',
};

type Props = {
  day: TrainingDay;
  week: number;
  ticked: ReadonlySet<string>;
  answers: Readonly<Record<string, string>>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onTick: (itemId: string, checked: boolean) => void;
  onAnswer: (itemId: string, answer: string) => Promise<void>;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-5">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h4>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function AnswerField({ id, label, saved, onSave }: { id: string; label: string; saved: string; onSave: (answer: string) => Promise<void> }) {
  const [value, setValue] = useState(saved);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  useEffect(() => setValue(saved), [saved]);
  const save = async () => {
    if (value.trim() === saved) return;
    setState('saving');
    try {
      await onSave(value.trim());
      setState('saved');
    } catch {
      setState('idle');
    }
  };
  return (
    <div className="mt-3">
      <label htmlFor={`answer-${id}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={`answer-${id}`}
          value={value}
          maxLength={500}
          placeholder="e.g. Friday 2:00 PM"
          onChange={(event) => {
            setValue(event.target.value);
            setState('idle');
          }}
          onBlur={() => void save()}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-base"
        />
        <Button type="button" variant="outline" onClick={() => void save()} disabled={state === 'saving'}>
          {state === 'saving' ? 'Saving...' : 'Save'}
        </Button>
      </div>
      {state === 'saved' && (
        <p role="status" className="mt-1 text-xs text-green-700">
          Saved to your progress.
        </p>
      )}
    </div>
  );
}

/** One day of a schedule: its Complete box and, opened, its notes, timed blocks, lines, checklist, homework and tips. */
export function DayPanel({ day, week, ticked, answers, open, onOpenChange, onTick, onAnswer }: Props) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const complete = ticked.has(day.id);
  const parts = day.blocks.length + day.simpleBlocks.length + day.checklist.length;
  const done = [...day.blocks, ...day.simpleBlocks, ...day.checklist].filter((item) => ticked.has(item.id)).length;
  const bodyId = `${day.id}-body`;
  return (
    <article
      id={day.id}
      className={cn('scroll-mt-36 rounded-lg border bg-white shadow-sm', complete ? 'border-green-300' : 'border-slate-200')}
      data-testid="training-day"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 sm:p-4">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => onOpenChange(!open)}
          className="flex min-w-0 flex-1 items-center gap-2 text-left"
        >
          {open ? (
            <ChevronDown className="h-5 w-5 shrink-0 text-slate-600" aria-hidden />
          ) : (
            <ChevronRight className="h-5 w-5 shrink-0 text-slate-600" aria-hidden />
          )}
          <span className="min-w-0">
            <span className="block text-xs font-semibold uppercase tracking-wide text-brand-600">
              Week {week} · Day {day.number}
            </span>
            <span className="block font-semibold text-brand-900">{day.title}</span>
          </span>
        </button>
        <span className="text-xs text-slate-600" aria-label={`${done} of ${parts} parts done`}>
          {done}/{parts}
        </span>
        <TickBox
          id={`${day.id}-complete`}
          label="Complete"
          checked={complete}
          onChange={(checked) => onTick(day.id, checked)}
          className="font-medium"
          strike={false}
        />
      </div>
      {open && (
        <div id={bodyId} className="border-t border-slate-100 px-3 pb-4 sm:px-4">
          {day.notes.length > 0 && (
            <Section title="Notes">
              <ul className="space-y-1 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
                {day.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </Section>
          )}
          {day.blocks.length > 0 && (
            <Section title="Schedule">
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
                {day.blocks.map((block) => {
                  const isOpen = expanded.has(block.id);
                  return (
                    <li key={block.id} className="p-2 sm:p-3">
                      <div className="flex items-start gap-2">
                        <TickBox
                          id={block.id}
                          label={`Done: ${block.title}`}
                          hideLabel
                          checked={ticked.has(block.id)}
                          onChange={(checked) => onTick(block.id, checked)}
                          className="min-h-0 py-0"
                        />
                        <button
                          type="button"
                          className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 text-left"
                          aria-expanded={isOpen}
                          aria-controls={`${block.id}-details`}
                          onClick={() => setExpanded((current) => toggleExpanded(current, block.id))}
                        >
                          <span className="inline-flex items-center gap-1 text-xs text-slate-600">
                            <Clock className="h-3.5 w-3.5" aria-hidden />
                            {block.time}
                          </span>
                          <span className={cn('rounded px-1.5 py-0.5 text-xs font-medium capitalize', TYPE_STYLE[block.type])}>{block.type}</span>
                          <span className={cn('w-full text-sm font-medium text-slate-900 sm:w-auto', ticked.has(block.id) && 'text-slate-600 line-through')}>
                            {block.title}
                          </span>
                        </button>
                      </div>
                      {isOpen && (
                        <div id={`${block.id}-details`} className="ml-8 mt-2 space-y-2 text-sm text-slate-700">
                          <p>{block.content}</p>
                          {block.buttons.length > 0 && (
                            <div className="flex flex-wrap gap-2">
                              {block.buttons.map((button) => (
                                <LinkButton key={button.label} link={button} />
                              ))}
                            </div>
                          )}
                        </div>
                      )}
                    </li>
                  );
                })}
              </ul>
            </Section>
          )}
          {day.simpleBlocks.length > 0 && (
            <Section title="Today's targets">
              {day.simpleBlocks.map((line) => (
                <TickBox key={line.id} id={line.id} label={line.text} checked={ticked.has(line.id)} onChange={(checked) => onTick(line.id, checked)} />
              ))}
            </Section>
          )}
          {day.checklist.length > 0 && (
            <Section title="Checklist">
              {day.checklist.map((line) => (
                <TickBox key={line.id} id={line.id} label={line.text} checked={ticked.has(line.id)} onChange={(checked) => onTick(line.id, checked)} />
              ))}
            </Section>
          )}
          {(day.homework.length > 0 || day.answer) && (
            <Section title="Homework">
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
                {day.homework.map((line) => (
                  <li key={line.id}>{line.text}</li>
                ))}
              </ul>
              {day.homeworkButtons.length > 0 && (
                <div className="mt-2 flex flex-wrap gap-2">
                  {day.homeworkButtons.map((button) => (
                    <LinkButton key={button.label} link={button} />
                  ))}
                </div>
              )}
              {day.answer && (
                <AnswerField
                  id={day.answer.id}
                  label={day.answer.label}
                  saved={answers[day.answer.id] ?? ''}
                  onSave={(answer) => onAnswer(day.answer!.id, answer)}
                />
              )}
            </Section>
          )}
          {day.tips && (
            <Section title={day.tips.title}>
              <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-800">
                {day.tips.items.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ol>
            </Section>
          )}
        </div>
      )}
    </article>
  );
}

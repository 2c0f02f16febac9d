import { ChevronDown, Mail, Phone, PlayCircle } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { setItem } from '../../../../src/modules/training/contracts/training-checklist';
import type { Division } from '../../../../src/modules/training/contracts/training-content';
import { dayPartIds } from '../../../../src/modules/training/contracts/training-items';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { openTrainingVideo } from '../../lib/training-video';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchProgress, saveTrainingAnswer, SCHEDULES, setTrainingItem, TRAINING_TOPIC, type SetItemAnswer, type TrainingProgress } from './api/training';
import { DayPanel } from './components/day-panel';
import { LinkButton } from './components/link-button';

const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

const failed = (failure: unknown, fallback: string) =>
  toast({ title: 'Error', description: failure instanceof ApiRequestError && failure.status < 500 ? failure.message : fallback, variant: 'destructive' });

/**
 * A division's training schedule (spec: Training schedule pages): pills to each week and the
 * resources, a sidebar of every day, and each day's panel. Ticks follow the checklist rules at
 * once on the page and are saved to the agent's account item by item; the agent's other tabs
 * and devices reload them when they change.
 */
export function TrainingSchedulePage({ division }: { division: Division }) {
  const schedule = SCHEDULES[division];
  const progress = useApiQuery(`/api/training/${division}/progress`, () => fetchProgress(division), {
    failure: 'Failed to load your training progress',
    reloadOn: [TRAINING_TOPIC],
  });
  const days = useMemo(() => schedule.weeks.flatMap((week) => week.days.map((day) => ({ week: week.number, day }))), [schedule]);
  // What the agent ticked that the server has not confirmed yet, per day: shown over the saved
  // ticks until the day's last write is answered, so a reload or an earlier answer never undoes it.
  const [pending, setPending] = useState<ReadonlyMap<string, ReadonlySet<string>>>(new Map());
  const pendingRef = useRef(pending);
  const writes = useRef(new Map<string, { tail: Promise<void>; count: number; failed: boolean }>());
  const ticked = useMemo(() => {
    const shown = new Set(progress.data?.ticked ?? []);
    for (const [dayId, dayTicks] of pending) {
      const entry = days.find(({ day }) => day.id === dayId)!;
      for (const id of [dayId, ...dayPartIds(entry.day)]) shown.delete(id);
      for (const id of dayTicks) shown.add(id);
    }
    return shown;
  }, [progress.data, pending, days]);
  const answers = progress.data?.answers ?? {};
  // Until the reader opens or closes a day, the one open is the first not complete, known with
  // the progress and shown in the same render (later ticks do not open or close panels).
  const [shownDays, setOpenDays] = useState<ReadonlySet<string> | null>(null);
  if (shownDays === null && !progress.loading) {
    const first = days.find(({ day }) => !ticked.has(day.id)) ?? days[0];
    setOpenDays(new Set(first ? [first.day.id] : []));
  }
  const openDays: ReadonlySet<string> = shownDays ?? new Set();
  const [navOpen, setNavOpen] = useState(false);
  const pickDay = (dayId: string) => {
    setOpenDays(new Set([...openDays, dayId]));
    setNavOpen(false);
    requestAnimationFrame(() => scrollTo(dayId));
  };

  const showPending = (next: ReadonlyMap<string, ReadonlySet<string>>) => {
    pendingRef.current = next;
    setPending(next);
  };

  const tick = (itemId: string, checked: boolean) => {
    const entry = days.find(({ day }) => day.id === itemId || dayPartIds(day).includes(itemId));
    if (!entry) return;
    const checklistDay = { dayId: entry.day.id, partIds: dayPartIds(entry.day) };
    const items = [checklistDay.dayId, ...checklistDay.partIds];
    const saved = new Set(progress.data?.ticked ?? []);
    const before = pendingRef.current.get(checklistDay.dayId) ?? new Set(items.filter((id) => saved.has(id)));
    showPending(new Map(pendingRef.current).set(checklistDay.dayId, setItem(checklistDay, before, itemId, checked)));
    // One day's writes go one after the other; the last answer holds them all.
    const queue = writes.current.get(checklistDay.dayId) ?? { tail: Promise.resolve(), count: 0, failed: false };
    writes.current.set(checklistDay.dayId, queue);
    queue.count++;
    queue.tail = queue.tail.then(async () => {
      let answer: SetItemAnswer | null = null;
      try {
        answer = await setTrainingItem(division, itemId, checked);
      } catch (failure) {
        if (!queue.failed) failed(failure, 'Failed to save your progress. Please try again.');
        queue.failed = true;
      }
      if (--queue.count > 0) return;
      writes.current.delete(checklistDay.dayId);
      if (answer && !queue.failed) {
        const confirmed = answer.ticked;
        progress.update((data): TrainingProgress | undefined => {
          const base = data ?? { ticked: [], answers: {} };
          return { ...base, ticked: [...base.ticked.filter((id) => !items.includes(id)), ...confirmed] };
        });
      }
      const next = new Map(pendingRef.current);
      next.delete(checklistDay.dayId);
      showPending(next);
      if (queue.failed) void progress.reload();
    });
  };

  const saveAnswer = async (itemId: string, answer: string) => {
    try {
      await saveTrainingAnswer(division, itemId, answer);
      progress.update((data) => data && { ...data, answers: { ...data.answers, [itemId]: answer } });
    } catch (failure) {
      failed(failure, 'Failed to save your answer. Please try again.');
      throw failure;
    }
  };

  const completedDays = days.filter(({ day }) => ticked.has(day.id)).length;
  const sections = [...schedule.weeks.map((week) => ({ id: week.id, label: `Week ${week.number}` })), { id: `${division}-resources`, label: 'Resources' }];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold text-brand-900">{schedule.name} Training Schedule</h1>
        <p className="mt-2 max-w-3xl text-slate-600">{schedule.intro}</p>
        <p className="mt-2 text-sm font-medium text-slate-700" role="status">
          {progress.loading ? 'Loading your progress...' : `${completedDays} of ${days.length} days complete`}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" onClick={openTrainingVideo}>
            <PlayCircle className="h-4 w-4" aria-hidden /> Watch the training videos
          </Button>
          <Link to="/training?choose" className="text-sm font-medium text-brand-700 underline">
            Not your office? Choose another
          </Link>
        </div>
      </header>

      <nav aria-label="Weeks" className="sticky top-16 z-10 -mx-4 mt-4 overflow-x-auto bg-slate-50/95 px-4 py-3 backdrop-blur">
        <ul className="flex gap-2">
          {sections.map((section) => (
            <li key={section.id}>
              <button
                type="button"
                onClick={() => scrollTo(section.id)}
                className="whitespace-nowrap rounded-full border border-brand-100 bg-white px-4 py-1.5 text-sm font-medium text-brand-700 shadow-sm hover:bg-brand-50"
              >
                {section.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-4 gap-8 lg:grid lg:grid-cols-[15rem_1fr]">
        <aside className="lg:sticky lg:top-32 lg:max-h-[calc(100vh-9rem)] lg:self-start lg:overflow-y-auto">
          <button
            type="button"
            aria-expanded={navOpen}
            aria-controls="training-days"
            onClick={() => setNavOpen(!navOpen)}
            className="flex w-full items-center justify-between rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm font-semibold text-brand-900 lg:hidden"
          >
            Jump to a day <ChevronDown className={`h-4 w-4 transition-transform ${navOpen ? 'rotate-180' : ''}`} aria-hidden />
          </button>
          <div
            id="training-days"
            className={navOpen ? 'mt-2 rounded-lg border border-slate-200 bg-white p-3 lg:mt-0 lg:border-0 lg:bg-transparent lg:p-0' : 'hidden lg:block'}
          >
            <DaysNav schedule={schedule} ticked={ticked} onPick={pickDay} />
          </div>
        </aside>

        <div className="mt-6 min-w-0 space-y-10 lg:mt-0">
          {/* The days stay hidden (in their place) until the progress says which one opens, so none moves under the reader's eyes. */}
          <div className={cn('space-y-10', progress.loading && 'invisible')} aria-busy={progress.loading}>
            {schedule.weeks.map((week) => (
              <section key={week.id} id={week.id} aria-labelledby={`${week.id}-title`} className="scroll-mt-36">
                <h2 id={`${week.id}-title`} className="text-2xl font-bold text-brand-900">
                  {week.title}
                </h2>
                <p className="mt-1 text-slate-600">{week.summary}</p>
                {week.goal && (
                  <div
                    role="note"
                    className={`mt-3 rounded-lg border-l-4 p-4 ${week.goal.kind === 'C2C' ? 'border-amber-500 bg-amber-50 text-amber-950' : 'border-green-600 bg-green-50 text-green-950'}`}
                  >
                    <p className="font-semibold">{week.goal.title}</p>
                    <p className="mt-1 text-sm">{week.goal.text}</p>
                  </div>
                )}
                <div className="mt-4 space-y-3">
                  {week.days.map((day) => (
                    <DayPanel
                      key={day.id}
                      day={day}
                      week={week.number}
                      ticked={ticked}
                      answers={answers}
                      open={openDays.has(day.id)}
                      onOpenChange={(open) => {
                        const next = new Set(openDays);
                        if (open) next.add(day.id);
                        else next.delete(day.id);
                        setOpenDays(next);
                      }}
                      onTick={tick}
                      onAnswer={saveAnswer}
                    />
                  ))}
                </div>
              </section>
            ))}
          </div>

          <section id={`${division}-resources`} aria-labelledby={`${division}-resources-title`} className="scroll-mt-36">
            <h2 id={`${division}-resources-title`} className="text-2xl font-bold text-brand-900">
              Resources
            </h2>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">Leadership Team</h3>
            <ul className="mt-2 grid gap-3 sm:grid-cols-3">
              {schedule.resources.leaders.map((leader) => (
                <li key={leader.name} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <p className="font-semibold text-brand-900">{leader.name}</p>
                  <p className="text-sm text-slate-600">{leader.role}</p>
                  <a href={`tel:${leader.phone.replace(/[^\d]/g, '')}`} className="mt-2 flex items-center gap-1.5 text-sm text-brand-700 underline">
                    <Phone className="h-4 w-4" aria-hidden /> {leader.phone}
                  </a>
                  {leader.email && (
                    <a href={`mailto:${leader.email}`} className="mt-1 flex items-center gap-1.5 break-all text-sm text-brand-700 underline">
                      <Mail className="h-4 w-4 shrink-0" aria-hidden /> {leader.email}
                    </a>
                  )}
                  {leader.note && <p className="mt-2 rounded bg-amber-50 p-2 text-xs text-amber-950">{leader.note}</p>}
                </li>
              ))}
            </ul>
            <h3 className="mt-6 text-lg font-semibold text-slate-900">Links</h3>
            <ul className="mt-2 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {schedule.resources.links.map((tile) => (
                <li key={tile.id} className="flex flex-col justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <div>
                    <p className="font-semibold text-slate-900">{tile.title}</p>
                    <p className="text-sm text-slate-600">{tile.description}</p>
                  </div>
                  <div>
                    <LinkButton link={{ label: tile.url === null ? tile.title : `Open ${tile.title}`, url: tile.url }} />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}

function DaysNav({ schedule, ticked, onPick }: { schedule: (typeof SCHEDULES)[Division]; ticked: ReadonlySet<string>; onPick: (dayId: string) => void }) {
  return (
    <nav aria-label="Days" className="space-y-4">
      {schedule.weeks.map((week) => (
        <div key={week.id}>
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Week {week.number}</p>
          <ol className="mt-1 space-y-0.5">
            {week.days.map((day) => (
              <li key={day.id}>
                <button
                  type="button"
                  onClick={() => onPick(day.id)}
                  className="flex w-full items-start gap-2 rounded px-2 py-1 text-left text-sm text-slate-700 hover:bg-brand-50"
                >
                  <span
                    className={`flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${ticked.has(day.id) ? 'bg-green-600 text-white' : 'bg-slate-200 text-slate-800'}`}
                    aria-hidden
                  >
                    {day.number}
                  </span>
                  <span>
                    <span className="sr-only">
                      Week {week.number} day {day.number}
                      {ticked.has(day.id) ? ' (complete)' : ''}:{' '}
                    </span>
                    {day.title}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </nav>
  );
}

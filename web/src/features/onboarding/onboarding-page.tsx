import * as Collapsible from '@radix-ui/react-collapsible';
import { CalendarDays, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { fetchOfferedSessions } from '../../app/api/prep-course';
import { Button } from '../../components/ui/button';
import onboarding from '../../content/onboarding.json';
import { cn } from '../../lib/cn';
import { formatWholeDollars } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';

export function OnboardingPage() {
  const [openSteps, setOpenSteps] = useState<Set<string>>(() => new Set());
  const { data: offered, loading } = useApiQuery('/api/prep-course/sessions', fetchOfferedSessions, { failure: 'Failed to load the next course date' });
  const next = offered?.next ?? null;
  const total = onboarding.costs.lines.reduce((sum, line) => sum + line.amount, 0);

  const setOpen = (id: string, open: boolean) =>
    setOpenSteps((current) => {
      const updated = new Set(current);
      if (open) updated.add(id);
      else updated.delete(id);
      return updated;
    });

  const goToStep = (id: string) => {
    setOpen(id, true);
    document.getElementById(`step-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight text-brand-900">{onboarding.title}</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600">{onboarding.intro}</p>

      <ol aria-label="Steps" className="mt-8 grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {onboarding.steps.map((step) => (
          <li key={step.id}>
            <button
              type="button"
              onClick={() => goToStep(step.id)}
              className="flex h-full w-full cursor-pointer flex-col items-center gap-1 rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm hover:border-brand-500"
            >
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">{step.number}</span>
              <span className="text-sm font-semibold">{step.title}</span>
              <span className="text-sm font-medium text-brand-600">{step.cost}</span>
            </button>
          </li>
        ))}
      </ol>

      <div className="mt-10 space-y-3">
        {onboarding.steps.map((step) => (
          <Collapsible.Root
            key={step.id}
            id={`step-${step.id}`}
            open={openSteps.has(step.id)}
            onOpenChange={(open) => setOpen(step.id, open)}
            className="scroll-mt-20 rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <Collapsible.Trigger className="flex w-full cursor-pointer items-center justify-between gap-4 p-5 text-left">
              <span className="text-lg font-semibold">
                Step {step.number}: {step.title} <span className="ml-2 text-base font-medium text-brand-600">{step.cost}</span>
              </span>
              <ChevronDown className={cn('h-5 w-5 shrink-0 transition-transform', openSteps.has(step.id) && 'rotate-180')} aria-hidden />
            </Collapsible.Trigger>
            <Collapsible.Content className="px-5 pb-5">
              <ul className="list-disc space-y-1 pl-5 text-slate-700">
                {step.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Collapsible.Content>
          </Collapsible.Root>
        ))}
      </div>

      <section className="mt-10 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-xl font-semibold">{onboarding.costs.title}</h2>
        <dl className="mt-4 divide-y divide-slate-100">
          {onboarding.costs.lines.map((line) => (
            <div key={line.label} className="flex justify-between py-2">
              <dt className="text-slate-700">{line.label}</dt>
              <dd className="font-medium">{line.amount === 0 ? 'Free' : formatWholeDollars(line.amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between py-2 text-lg font-semibold">
            <dt>{onboarding.costs.totalLabel}</dt>
            <dd data-testid="onboarding-total">{formatWholeDollars(total)}</dd>
          </div>
        </dl>
      </section>

      <section id="prep-course" className="mt-10 rounded-xl border border-brand-100 bg-brand-50 p-6">
        <h2 className="text-xl font-semibold text-brand-900">{onboarding.prepCourse.title}</h2>
        <p className="mt-2 text-slate-700">{onboarding.prepCourse.body}</p>
        <p className="mt-4 flex items-center gap-2 font-medium">
          <CalendarDays className="h-5 w-5 text-brand-600" aria-hidden />
          {onboarding.prepCourse.nextLabel}: <span data-testid="next-course-date">{next ? next.label : loading ? '…' : 'TBA'}</span>
        </p>
        <Button asChild className="mt-4">
          <Link to="/prep-course/register">{onboarding.prepCourse.register}</Link>
        </Button>
      </section>

      <section className="mt-10">
        <h2 className="text-xl font-semibold">{onboarding.schedules.title}</h2>
        <div className="mt-4 flex flex-wrap gap-3">
          {onboarding.schedules.links.map((link) => (
            <Button key={link.to} asChild variant="outline">
              <Link to={link.to}>{link.label}</Link>
            </Button>
          ))}
        </div>
      </section>
    </div>
  );
}

import { HeartHandshake, LifeBuoy, MapPin, Sparkles, TrendingUp, Users, type LucideIcon } from 'lucide-react';

import { Button } from '../../components/ui/button';
import about from '../../content/about.json';
import { formatWholeDollars } from '../../lib/money';
import { useCountUp } from './use-count-up';

const GAIN_ICONS: LucideIcon[] = [LifeBuoy, TrendingUp, Sparkles, HeartHandshake, Users];

function Counter({ label, value }: { label: string; value: number }) {
  const { ref, value: shown } = useCountUp<HTMLDivElement>(value);
  return (
    <div ref={ref} className="rounded-xl bg-white/10 p-6 text-center">
      <p className="text-4xl font-bold tabular-nums" data-counter-target={value}>
        {formatWholeDollars(shown)}
      </p>
      <p className="mt-2 text-brand-100">{label}</p>
    </div>
  );
}

const directionsUrl = (address: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

export function AboutPage() {
  return (
    <div>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{about.hero.title}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{about.hero.subtitle}</p>
          <Button asChild size="lg" className="mt-8 bg-accent-500 text-brand-900 hover:bg-amber-400">
            <a href="#leaders">{about.hero.cta}</a>
          </Button>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-16 text-center">
        <h2 className="text-3xl font-bold text-brand-900">{about.journey.title}</h2>
        <p className="mt-4 text-lg text-slate-600">{about.journey.body}</p>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-16">
        <h2 className="text-center text-3xl font-bold text-brand-900">What You Gain</h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {about.gains.map((gain, i) => {
            const Icon = GAIN_ICONS[i] ?? Sparkles;
            return (
              <article key={gain.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <Icon className="h-8 w-8 text-brand-600" aria-hidden />
                <h3 className="mt-3 text-lg font-semibold">{gain.title}</h3>
                <p className="mt-2 text-slate-600">{gain.body}</p>
              </article>
            );
          })}
        </div>
      </section>

      <section className="bg-brand-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-center text-3xl font-bold">{about.earnings.title}</h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2">
            {about.earnings.counters.map((counter) => (
              <Counter key={counter.label} label={counter.label} value={counter.value} />
            ))}
          </div>
          <p className="mt-6 text-center text-sm text-brand-100">{about.earnings.note}</p>
        </div>
      </section>

      <section id="leaders" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
        <h2 className="text-center text-3xl font-bold text-brand-900">{about.leaders.title}</h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-3">
          {about.leaders.people.map((person) => (
            <article key={person.name} className="rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
              <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-700">
                {person.name
                  .split(' ')
                  .map((w) => w[0])
                  .join('')}
              </span>
              <h3 className="mt-3 font-semibold">{person.name}</h3>
              <p className="text-sm text-slate-600">{person.role}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-20">
        <h2 className="text-center text-3xl font-bold text-brand-900">{about.locations.title}</h2>
        <div className="mt-8 grid gap-6 sm:grid-cols-3">
          {about.locations.offices.map((office) => (
            <article key={office.name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="flex items-center gap-2 font-semibold">
                <MapPin className="h-5 w-5 text-brand-600" aria-hidden /> {office.name}
              </h3>
              <p className="mt-2 flex-1 text-slate-600">{office.address}</p>
              <Button asChild variant="outline" size="sm" className="mt-4 self-start">
                <a href={directionsUrl(office.address)} target="_blank" rel="noopener noreferrer">
                  Get Directions
                </a>
              </Button>
            </article>
          ))}
        </div>
      </section>
    </div>
  );
}

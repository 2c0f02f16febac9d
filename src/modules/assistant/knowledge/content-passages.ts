import { z } from 'zod';

import { resourceSeedSchema } from '../../resources/contracts/resource-links.js';
import { trainingScheduleSchema } from '../../training/contracts/training-content.js';
import type { Passage } from './passage.js';

/**
 * The portal's data files (web/src/content) turned into passages. Each schema names only the
 * fields the assistant reads, so a page may carry more; a file that lost one of these fails the
 * build rather than leaving the assistant silently ignorant.
 */

const dollars = (amount: number) => (amount === 0 ? 'free' : `$${amount.toLocaleString('en-US')}`);
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const onboardingSchema = z.object({
  title: z.string(),
  intro: z.string(),
  steps: z.array(z.object({ number: z.number(), id: z.string(), title: z.string(), cost: z.string(), details: z.array(z.string()) })),
  costs: z.object({ title: z.string(), lines: z.array(z.object({ label: z.string(), amount: z.number() })), totalLabel: z.string() }),
  prepCourse: z.object({ title: z.string(), body: z.string() }),
  schedules: z.object({ title: z.string(), links: z.array(z.object({ to: z.string(), label: z.string() })) }),
});

function onboardingPassages(json: unknown): Passage[] {
  const onboarding = onboardingSchema.parse(json);
  const page = { pageTitle: onboarding.title };
  const total = onboarding.costs.lines.reduce((sum, line) => sum + line.amount, 0);
  return [
    {
      ...page,
      id: 'onboarding:intro',
      url: '/onboarding',
      heading: onboarding.title,
      text: onboarding.intro,
      keywords: ['get licensed', 'new agent', 'steps', 'start'],
    },
    ...onboarding.steps.map((step): Passage => ({
      ...page,
      id: `onboarding:${step.id}`,
      url: `/onboarding#step-${step.id}`,
      heading: `Step ${step.number}: ${step.title} (${step.cost})`,
      text: step.details.join(' '),
      keywords: [step.title, step.cost],
    })),
    {
      ...page,
      id: 'onboarding:costs',
      url: '/onboarding',
      heading: `${onboarding.costs.title}: licensing costs ${dollars(total)} in all`,
      text: `Getting licensed costs ${dollars(total)} in all: ${onboarding.costs.lines.map((line) => `${line.label} ${dollars(line.amount)}`).join(', ')}.`,
      keywords: ['cost', 'price', 'fee', 'fees', 'how much', 'total', 'licensing cost', 'license cost', 'pay', 'expensive'],
    },
    {
      ...page,
      id: 'onboarding:schedules',
      url: '/onboarding',
      heading: onboarding.schedules.title,
      text: `Each division has its own training schedule: ${onboarding.schedules.links.map((link) => `${link.label} (${link.to})`).join(', ')}.`,
      keywords: ['training schedule', 'division', 'weeks', 'first weeks'],
    },
  ];
}

/** The prep course's facts are the onboarding page's; its dates are read when the question is asked. */
function prepCoursePassages(json: unknown): Passage[] {
  const onboarding = onboardingSchema.parse(json);
  return [
    {
      id: 'prep-course:dates',
      url: '/prep-course/register',
      pageTitle: '2-15 License Prep Course',
      heading: `${onboarding.prepCourse.title}: next course dates and registration`,
      text: onboarding.prepCourse.body,
      keywords: ['prep course', 'exam prep', 'register', 'registration', 'next course', 'when', 'date', 'dates', 'weekend', 'saturday', 'sunday', 'class'],
      live: 'prep-course-dates',
    },
  ];
}

const contactsSchema = z.object({
  title: z.string(),
  contacts: z.array(z.object({ name: z.string(), role: z.string(), helpUrl: z.string(), phone: z.string().optional() })),
});

function contactsPassages(json: unknown): Passage[] {
  const contacts = contactsSchema.parse(json);
  return contacts.contacts.map((contact) => ({
    id: `contacts:${slug(contact.name)}`,
    url: '/contacts',
    pageTitle: contacts.title,
    heading: `${contact.name}: ${contact.role}`,
    text: `${contact.name} is the ${contact.role.charAt(0).toLowerCase()}${contact.role.slice(1)}.${contact.phone ? ` Phone: ${contact.phone}.` : ''} Their help page is linked on ${contacts.title}.`,
    keywords: [contact.name, 'contact', 'phone number'],
  }));
}

const aboutSchema = z.object({
  hero: z.object({ title: z.string(), subtitle: z.string() }),
  journey: z.object({ title: z.string(), body: z.string() }),
  gains: z.array(z.object({ title: z.string(), body: z.string() })),
  earnings: z.object({ title: z.string(), note: z.string(), counters: z.array(z.object({ label: z.string(), value: z.number() })) }),
});

function aboutPassages(json: unknown): Passage[] {
  const about = aboutSchema.parse(json);
  const page = { url: '/about', pageTitle: 'About' };
  return [
    {
      ...page,
      id: 'about:journey',
      heading: about.journey.title,
      text: `${about.hero.subtitle} ${about.journey.body}`,
      keywords: ['about', 'company', 'who are we'],
    },
    ...about.gains.map((gain) => ({ ...page, id: `about:${slug(gain.title)}`, heading: gain.title, text: gain.body, keywords: ['why join', 'benefits'] })),
    {
      ...page,
      id: 'about:earnings',
      heading: about.earnings.title,
      text: `${about.earnings.counters.map((counter) => `${counter.label}: $${counter.value.toLocaleString('en-US')}`).join('. ')}. ${about.earnings.note}`,
      // Not 'salary': agents earn commissions and bonuses, and a question about a salary is not answered by these averages.
      keywords: ['earnings', 'income', 'how much can I make', 'earn'],
    },
  ];
}

const siteSchema = z.object({
  productName: z.string(),
  home: z.object({ title: z.string(), tagline: z.string(), tiles: z.array(z.object({ id: z.string(), title: z.string(), description: z.string() })) }),
});

function homePassages(json: unknown): Passage[] {
  const site = siteSchema.parse(json);
  return site.home.tiles.map((tile) => ({
    id: `home:${tile.id}`,
    url: '/',
    pageTitle: 'Home',
    heading: tile.title,
    text: `${tile.description} Open it from the ${tile.title} tile on the home page.`,
    keywords: [tile.title],
  }));
}

const legalSchema = z.object({
  terms: z.object({ title: z.string(), sections: z.array(z.object({ title: z.string(), body: z.string() })) }),
  privacy: z.object({ title: z.string(), sections: z.array(z.object({ title: z.string(), body: z.string() })) }),
});

function legalPassages(json: unknown): Passage[] {
  const legal = legalSchema.parse(json);
  const document = (key: 'terms' | 'privacy', url: string, keywords: string[]) =>
    legal[key].sections.map((section) => ({
      id: `${key}:${slug(section.title)}`,
      url,
      pageTitle: legal[key].title,
      heading: `${legal[key].title}: ${section.title.replace(/^\d+\.\s*/, '')}`,
      text: section.body,
      keywords,
    }));
  return [
    ...document('terms', '/terms-and-conditions', ['terms', 'conditions', 'agreement']),
    ...document('privacy', '/privacy-policy', ['privacy', 'data', 'personal information']),
  ];
}

const leadManagementSchema = z.object({
  title: z.string(),
  intro: z.string(),
  investment: z.object({ title: z.string(), tiers: z.array(z.object({ tier: z.string(), amount: z.string() })) }),
  formula: z.object({ title: z.string(), bases: z.array(z.object({ when: z.string(), amount: z.string() })), bonus: z.string(), total: z.string() }),
});

function leadManagementPassages(json: unknown): Passage[] {
  const leads = leadManagementSchema.parse(json);
  const page = { url: '/leads', pageTitle: leads.title, access: 'work-account' as const };
  return [
    { ...page, id: 'leads:intro', heading: leads.title, text: leads.intro, keywords: ['lead vendors', 'data leads', 'aged leads', 'buy leads'] },
    {
      ...page,
      id: 'leads:formula',
      heading: leads.formula.title,
      text: `${leads.formula.bases.map((base) => `${base.when}: ${base.amount}`).join('; ')}. ${leads.formula.bonus}. ${leads.formula.total}.`,
      keywords: ['bonus formula', "lion's share", 'base amount', 'submitted av', 'issued av'],
    },
  ];
}

const calculatorSchema = z.object({ title: z.string(), intro: z.string(), formulaRules: z.array(z.string()) });

function calculatorPassages(json: unknown): Passage[] {
  const calculator = calculatorSchema.parse(json);
  return calculator.formulaRules.map((rule, index) => ({
    id: `bonus-calculator:rule-${index + 1}`,
    url: '/bonus-calculator',
    pageTitle: 'Bonus Calculator',
    heading: `Bonus rule: ${rule.split(/[.:=]/)[0]}`,
    text: rule,
    keywords: ['bonus rules', 'calculator', 'match', 'cap'],
  }));
}

const helpTopicsSchema = z.object({
  topics: z.array(z.object({ id: z.string(), page: z.string(), pageTitle: z.string(), title: z.string(), keywords: z.array(z.string()), text: z.string() })),
});

function helpTopicPassages(json: unknown): Passage[] {
  return helpTopicsSchema.parse(json).topics.map((topic) => ({
    id: `help:${topic.id}`,
    url: topic.page,
    pageTitle: topic.pageTitle,
    heading: topic.title,
    text: topic.text,
    keywords: topic.keywords,
  }));
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A division's schedule: the page, each week (its goal), each day (what happens and what is due) and its leadership team. */
function trainingPassages(json: unknown): Passage[] {
  const schedule = trainingScheduleSchema.parse(json);
  const page = { pageTitle: `${schedule.name} training schedule`, access: 'elevated' as const };
  const division = schedule.name;
  const passages: Passage[] = [
    {
      ...page,
      id: `${schedule.division}:intro`,
      url: schedule.path,
      heading: `${division} training schedule: ${schedule.weeks.length} weeks`,
      text: `${schedule.intro} Weeks: ${schedule.weeks.map((week) => `${week.title} (${week.summary})`).join('; ')}`,
      keywords: [division, 'training schedule', 'weeks', 'division', 'new agent', 'first weeks'],
    },
  ];
  for (const week of schedule.weeks) {
    passages.push({
      ...page,
      id: `${schedule.division}:${week.id}`,
      url: `${schedule.path}#${week.id}`,
      heading: `${division} ${week.title}`,
      text: [sentence(week.summary), week.goal ? `${week.goal.title}: ${sentence(week.goal.text)}` : ''].filter(Boolean).join(' '),
      keywords: [
        division,
        `week ${week.number}`,
        ...(week.goal ? [week.goal.kind, week.goal.kind === 'C2C' ? 'cleared to close' : 'first new business', 'goal'] : []),
      ],
    });
    for (const day of week.days) {
      const parts = [
        ...day.notes.map(sentence),
        ...day.blocks.map((block) => `${block.time}, ${block.title}: ${sentence(block.content)}`),
        ...day.simpleBlocks.map((line) => sentence(line.text)),
        day.checklist.length > 0 ? `Checklist: ${day.checklist.map((line) => line.text).join('; ')}.` : '',
        day.homework.length > 0 ? `Homework: ${day.homework.map((line) => line.text).join('; ')}.` : '',
        day.tips ? `${day.tips.title}: ${day.tips.items.join(' ')}` : '',
      ];
      passages.push({
        ...page,
        id: `${schedule.division}:${day.id}`,
        url: `${schedule.path}#${day.id}`,
        heading: `${division} week ${week.number}, day ${day.number}: ${day.title}`,
        text: parts.filter(Boolean).join(' '),
        keywords: [division, `week ${week.number} day ${day.number}`, ...day.blocks.map((block) => block.type)],
      });
    }
  }
  const { leaders } = schedule.resources;
  passages.push({
    ...page,
    id: `${schedule.division}:leadership`,
    url: `${schedule.path}#${schedule.division}-resources`,
    heading: `${division} Leadership Team: contacts, phones and where to send your licence`,
    text: leaders
      .map((leader) => `${leader.name}, ${leader.role}: ${leader.phone}${leader.email ? `, ${leader.email}` : ''}.${leader.note ? ` ${leader.note}` : ''}`)
      .join(' '),
    keywords: [division, 'leadership team', 'leaders', 'contact', 'phone', 'send licence', 'license', 'email', 'who do I call'],
  });
  return passages;
}

/** The Resources page's cards (the seed the page starts from; admins may edit them since). */
function resourcePassages(json: unknown): Passage[] {
  const seed = resourceSeedSchema.parse(json);
  const tabs = [...new Set(seed.resources.map((resource) => resource.tab))];
  return tabs.map((tab) => ({
    id: `resources:${slug(tab)}`,
    url: '/resources',
    pageTitle: 'Resources',
    access: 'signed-in' as const,
    heading: `Resources, ${tab}: ${seed.resources
      .filter((r) => r.tab === tab)
      .map((r) => r.title)
      .join(', ')}`,
    text: `On the Resources page, the ${tab} tab: ${seed.resources
      .filter((resource) => resource.tab === tab)
      .map((resource) => `${resource.title} (${resource.description.replace(/\.$/, '')})`)
      .join('; ')}.`,
    keywords: ['resources', 'links', 'tools', tab],
  }));
}

/** Every data file the assistant reads, by its path under web/src/content, with what it makes of it. */
export const CONTENT_SOURCES: readonly { readonly file: string; readonly passages: (json: unknown) => Passage[] }[] = [
  { file: 'onboarding.json', passages: onboardingPassages },
  { file: 'onboarding.json', passages: prepCoursePassages },
  { file: 'contacts.json', passages: contactsPassages },
  { file: 'about.json', passages: aboutPassages },
  { file: 'site.json', passages: homePassages },
  { file: 'legal.json', passages: legalPassages },
  { file: 'lead-management.json', passages: leadManagementPassages },
  { file: 'bonus-calculator.json', passages: calculatorPassages },
  { file: 'help-topics.json', passages: helpTopicPassages },
  { file: 'training/east-tampa.json', passages: trainingPassages },
  { file: 'training/west-tampa.json', passages: trainingPassages },
  { file: 'training/south-tampa.json', passages: trainingPassages },
  { file: 'resources.json', passages: resourcePassages },
];

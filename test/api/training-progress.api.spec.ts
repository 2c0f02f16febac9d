import { beforeAll, describe, expect, it } from 'vitest';

import { dayPartIds } from '../../src/modules/training/contracts/training-items.js';
import { trainingSchedules } from '../../src/modules/training/services/training-schedules.js';
import { inParallel, MIN_PARALLEL } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { createAccessCode, freshAgent, signedInClient, type TestAccount } from '../support/portal/portal.js';
import { json, supportAdmin } from '../support/portal/support-desk.js';

type Progress = { ticked: string[]; answers: Record<string, string> };
type TeamMember = { email: string; standing: string; completedDays: number; currentDay: { week: number; day: number } | null; division: string | null };
type Team = { scope: string; agents: TeamMember[] };

const east = trainingSchedules().get('east-tampa')!.schedule;
const day1 = east.weeks[0]!.days[0]!;
const day1Parts = dayPartIds(day1);

let code: string;
beforeAll(async () => {
  code = (await createAccessCode(1, 'training progress test')).code;
});

/** A fresh account, signed in, with elevated access (the schedules are behind the access check). */
async function unlocked(name: string): Promise<{ account: TestAccount; client: ApiClient; userId: string }> {
  const account = await freshAgent(name);
  const client = await signedInClient(account.email, account.password);
  expect((await client.request('POST', '/api/access/verify', { code })).status).toBe(200);
  const userId = ((await (await client.request('GET', '/api/auth/session')).json()) as { user: { id: string } }).user.id;
  return { account, client, userId };
}

const tick = (client: ApiClient, itemId: string, checked = true, division = 'east-tampa') =>
  client.request('PUT', `/api/training/${division}/items/${itemId}`, { checked });
const progress = (client: ApiClient, division = 'east-tampa') => json<Progress>(client.request('GET', `/api/training/${division}/progress`));
const team = (client: ApiClient) => client.request('GET', '/api/training/team');

describe('saved training progress over HTTP', () => {
  it('keeps the checklist rules on the server and restores the ticks and the answer in another session', async () => {
    const { account, client } = await unlocked('trainee');
    for (const [index, part] of day1Parts.entries()) {
      const answer = (await (await tick(client, part)).json()) as { dayComplete: boolean };
      expect(answer.dayComplete).toBe(index === day1Parts.length - 1);
    }
    // Unticking a part of the ticked day unticks the day; ticking the day ticks no part back.
    expect(await json<{ dayComplete: boolean }>(tick(client, day1Parts[0]!, false))).toMatchObject({ dayComplete: false });
    const dayTicked = await json<{ ticked: string[]; dayComplete: boolean }>(tick(client, day1.id));
    expect(dayTicked.dayComplete).toBe(true);
    expect(dayTicked.ticked).not.toContain(day1Parts[0]);
    // The same tick again changes nothing.
    expect((await tick(client, day1.id)).status).toBe(200);
    const answerId = east.weeks[2]!.days[4]!.answer!.id;
    expect((await client.request('PUT', `/api/training/east-tampa/answers/${answerId}`, { answer: '  Friday 2:00 PM ' })).status).toBe(200);

    const laptop = await signedInClient(account.email, account.password);
    const restored = await progress(laptop);
    expect(new Set(restored.ticked)).toEqual(new Set([day1.id, ...day1Parts.slice(1)]));
    expect(restored.answers).toEqual({ [answerId]: 'Friday 2:00 PM' });
    // Another division's progress is apart.
    expect(await progress(laptop, 'west-tampa')).toEqual({ ticked: [], answers: {} });
  });

  it('refuses what is not an item of the schedule, bad input, a signed-out caller and an agent without access', async () => {
    const { client } = await unlocked('careless');
    const unknown = await tick(client, 'wt-w1-d1-b1');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('This item is not part of the schedule');
    expect((await tick(client, day1Parts[0]!, true, 'north-tampa')).status).toBe(400);
    expect((await client.request('PUT', `/api/training/east-tampa/items/${day1Parts[0]}`, { checked: 'yes' })).status).toBe(400);
    expect((await client.request('PUT', `/api/training/east-tampa/answers/${day1Parts[0]}`, { answer: 'x' })).status).toBe(404);
    const tooLong = await client.request('PUT', `/api/training/east-tampa/answers/${east.weeks[2]!.days[4]!.answer!.id}`, { answer: 'x'.repeat(501) });
    expect(((await tooLong.json()) as { fieldErrors: { message: string }[] }).fieldErrors[0]!.message).toBe('The answer is at most 500 characters');
    expect((await fetch(`${client.baseUrl}/api/training/east-tampa/progress`)).status).toBe(401);
    const limited = await freshAgent('limited');
    const noCode = await signedInClient(limited.email, limited.password);
    expect((await noCode.request('GET', '/api/training/east-tampa/progress')).status).toBe(403);
  });

  it(`keeps every one of ${MIN_PARALLEL} ticks of different items sent at once, and ticks each day whose parts all arrived`, async () => {
    const { client } = await unlocked('rapid');
    const days = east.weeks[0]!.days;
    const parts = days.flatMap((day) => dayPartIds(day)).slice(0, MIN_PARALLEL);
    const answers = await inParallel(parts.length, (index) => tick(client, parts[index]!));
    expect(answers.map((answer) => answer.status)).toEqual(parts.map(() => 200));
    const whole = days.filter((day) => dayPartIds(day).every((id) => parts.includes(id))).map((day) => day.id);
    expect(whole.length).toBeGreaterThan(0);
    expect(new Set((await progress(client)).ticked)).toEqual(new Set([...parts, ...whole]));
  });

  it('shows a SAT leader only the agents who chose them, an admin everyone, and refuses an agent', async () => {
    const admin = await supportAdmin();
    const makeLeader = async (name: string) => {
      const leader = await unlocked(name);
      expect((await admin.client.request('PUT', `/api/admin/users/${leader.userId}/sat-leader`, { satLeader: true })).status).toBe(200);
      return leader;
    };
    // Agents choose a leader at their first sign-in; another one is given by an admin.
    const choose = async (agent: { userId: string }, leader: { userId: string }) =>
      expect((await admin.client.request('PUT', `/api/admin/users/${agent.userId}/leader`, { satLeaderId: leader.userId })).status).toBe(200);
    const [leader1, leader2] = await Promise.all([makeLeader('leader-one'), makeLeader('leader-two')]);
    const [busy, idle, other] = await Promise.all([unlocked('busy'), unlocked('idle'), unlocked('other')]);
    await Promise.all([choose(busy, leader1), choose(idle, leader1), choose(other, leader2)]);
    for (const part of day1Parts) await tick(busy.client, part);
    const southFirst = dayPartIds(trainingSchedules().get('south-tampa')!.schedule.weeks[0]!.days[0]!)[0]!;
    expect((await tick(other.client, southFirst, true, 'south-tampa')).status).toBe(200);

    const first = await json<Team>(team(leader1.client));
    expect(first.scope).toBe('team');
    expect(first.agents.map((agent) => agent.email).sort()).toEqual([busy.account.email, idle.account.email].sort());
    expect(first.agents.find((agent) => agent.email === busy.account.email)).toMatchObject({
      division: 'east-tampa',
      completedDays: 1,
      currentDay: { week: 1, day: 2 },
      standing: 'on-track',
    });
    expect(first.agents.find((agent) => agent.email === idle.account.email)).toMatchObject({ standing: 'not-started', division: null });

    const second = await json<Team>(team(leader2.client));
    expect(second.agents.map((agent) => agent.email)).toEqual([other.account.email]);
    // A leader's own progress address is their own, never an agent's.
    expect(await progress(leader1.client)).toEqual({ ticked: [], answers: {} });
    // Their team's ticks, read-only, through the team view: their own agents only.
    const ticksOf = (client: ApiClient, agent: { userId: string }, division = 'east-tampa') =>
      client.request('GET', `/api/training/team/${agent.userId}/${division}/progress`);
    expect(new Set((await json<Progress>(ticksOf(leader1.client, busy))).ticked)).toEqual(new Set([day1.id, ...day1Parts]));
    expect((await ticksOf(leader2.client, busy)).status).toBe(404);
    expect((await ticksOf(leader1.client, other, 'south-tampa')).status).toBe(404);
    expect((await ticksOf(busy.client, idle)).status).toBe(403);
    expect((await ticksOf(leader1.client, busy, 'north-pole')).status).toBe(400);
    expect((await leader1.client.request('GET', '/api/training/team/not-an-id/east-tampa/progress')).status).toBe(400);

    const refused = await team(busy.client);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe('Only SAT leaders and admins see team training progress');

    expect((await admin.client.request('POST', '/api/access/verify', { code })).status).toBe(200);
    const everyone = await json<Team>(team(admin.client));
    expect(everyone.scope).toBe('everyone');
    const emails = everyone.agents.map((agent) => agent.email);
    for (const agent of [busy, idle, other, leader1]) expect(emails).toContain(agent.account.email);
    expect(everyone.agents.find((agent) => agent.email === other.account.email)).toMatchObject({ division: 'south-tampa', standing: 'on-track' });
    expect((await json<Progress>(ticksOf(admin.client, other, 'south-tampa'))).ticked).toEqual([southFirst]);

    // The shared portal's SAT leader list is the demo's again for the tests after this one.
    for (const leader of [leader1, leader2]) {
      expect((await admin.client.request('PUT', `/api/admin/users/${leader.userId}/sat-leader`, { satLeader: false })).status).toBe(200);
    }
  });
});

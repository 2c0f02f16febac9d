import type pg from 'pg';

import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import { deterministicUuid } from '../../../platform/ids/deterministic-uuid.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { escapeHtml } from '../../../platform/mail/escape-html.js';
import type { Mailer, MailMessage } from '../../../platform/mail/mailer.js';
import { agentTimeZone } from '../../identity/contracts/agent-time-zone.js';
import { adminEmails, userLabels } from '../../identity/contracts/user-directory.js';
import { noteTime, type SlaClockName, type TicketEvent } from '../domain/ticket.decider.js';

export const MAIL_HELP_REQUEST_SUBMITTED = 'mail-help-request-submitted';
export const MAIL_TICKET_STATUS_CHANGED = 'mail-ticket-status-changed';
export const MAIL_TICKET_REPLY = 'mail-ticket-reply';
export const MAIL_SLA_WARNING = 'mail-sla-warning';

type Submitted = JsonEvent & Extract<TicketEvent, { type: 'TicketSubmitted' }>;
type StatusChanged = JsonEvent & Extract<TicketEvent, { type: 'TicketStatusChanged' }>;
type Replied = JsonEvent & Extract<TicketEvent, { type: 'TicketReplied' }>;
type SlaWarned = JsonEvent & Extract<TicketEvent, { type: 'TicketSlaWarned' }>;

/**
 * A new help request is mailed to the support team, a status change and a public reply to the
 * other side, each in a job started from the stored event. An internal note starts no job: no
 * e-mail ever carries one.
 */
export const ticketMailTriggers: readonly JobTrigger[] = [
  { eventType: 'TicketSubmitted', job: MAIL_HELP_REQUEST_SUBMITTED, options: { attempts: 5, backoffMs: 1_000 } },
  { eventType: 'TicketStatusChanged', job: MAIL_TICKET_STATUS_CHANGED, options: { attempts: 5, backoffMs: 1_000 } },
  { eventType: 'TicketReplied', job: MAIL_TICKET_REPLY, options: { attempts: 5, backoffMs: 1_000 } },
  { eventType: 'TicketSlaWarned', job: MAIL_SLA_WARNING, options: { attempts: 5, backoffMs: 1_000 } },
];

/**
 * Mails the support team (SUPPORT_EMAIL, else every active admin) about a new request, with a
 * link to the dashboard; mails the agent when an admin changes their ticket's status, with the
 * comment. Each message's id derives from the job id and the recipient, so a job that runs
 * again mails nobody twice.
 */
export function registerTicketMailJobs(
  jobs: JobQueue,
  pool: pg.Pool,
  mailer: Mailer,
  settings: { supportEmail: string | null; publicUrl: string; timeZone: string },
): void {
  jobs.register<{ event: Submitted }>(MAIL_HELP_REQUEST_SUBMITTED, async ({ event }, { jobId }) => {
    const agent = (await userLabels(pool, [event.data.userId])).get(event.data.userId);
    const recipients = settings.supportEmail ? [settings.supportEmail] : await adminEmails(pool);
    for (const to of recipients) {
      await mailer.send(
        deterministicUuid('v8', jobId, to),
        newRequestMail(to, event.data, agent?.displayName || agent?.email || 'An agent', `${settings.publicUrl}/help-requests`),
      );
    }
  });
  jobs.register<{ event: StatusChanged }>(MAIL_TICKET_STATUS_CHANGED, async ({ event }, { jobId }) => {
    const agent = (await userLabels(pool, [event.data.userId])).get(event.data.userId);
    if (!agent) return;
    await mailer.send(jobId, statusMail(agent.email, event.data.status, event.data.comment, `${settings.publicUrl}/my-tickets`));
  });
  jobs.register<{ event: Replied }>(MAIL_TICKET_REPLY, async ({ event }, { jobId }) => {
    const { side, userId, ticketId } = event.data;
    if (side === 'admin') {
      const agent = (await userLabels(pool, [userId])).get(userId);
      if (agent) await mailer.send(jobId, replyToAgentMail(agent.email, event.data, `${settings.publicUrl}/my-tickets`));
      return;
    }
    // The agent answered: the admin the ticket is given to, else the support team.
    const { rows } = await pool.query<{ assignee_id: string | null }>('SELECT assignee_id FROM rm_tickets WHERE ticket_id = $1', [ticketId]);
    const agent = (await userLabels(pool, [userId])).get(userId);
    for (const to of await assigneeOrTeam(rows[0]?.assignee_id ?? null)) {
      await mailer.send(
        deterministicUuid('v8', jobId, to),
        agentReplyMail(to, event.data, agent?.displayName || agent?.email || 'The agent', `${settings.publicUrl}/help-requests`),
      );
    }
  });
  jobs.register<{ event: SlaWarned }>(MAIL_SLA_WARNING, async ({ event }, { jobId }) => {
    // The assignee reads the deadline in their own zone (chosen on their profile); the team in the organisation's.
    const zone = event.data.assigneeId ? await agentTimeZone(pool, event.data.assigneeId, settings.timeZone) : settings.timeZone;
    const due = noteTime(new Date(event.data.dueAt), zone);
    for (const to of await assigneeOrTeam(event.data.assigneeId)) {
      await mailer.send(deterministicUuid('v8', jobId, to), slaWarningMail(to, event.data.clock, due, `${settings.publicUrl}/help-requests`));
    }
  });

  /** The admin a ticket is given to, else the support team (SUPPORT_EMAIL, else every active admin). */
  async function assigneeOrTeam(assigneeId: string | null): Promise<string[]> {
    const assignee = assigneeId ? (await userLabels(pool, [assigneeId])).get(assigneeId) : undefined;
    if (assignee) return [assignee.email];
    return settings.supportEmail ? [settings.supportEmail] : adminEmails(pool);
  }
}

export function slaWarningMail(to: string, clock: SlaClockName, due: string, link: string): MailMessage {
  const what = clock === 'firstResponse' ? 'its first response' : 'its resolution';
  const intro = `A help request is due for ${what} by ${due} (business hours).`;
  const next = 'Open it on the Help Requests Dashboard (Overdue lists those past their deadline):';
  return {
    to,
    subject: `Help request due soon: ${clock === 'firstResponse' ? 'first response' : 'resolution'} by ${due}`,
    text: `${intro}\n\n${next}\n${link}\n`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(next)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

export function newRequestMail(to: string, request: Submitted['data'], agentName: string, link: string): MailMessage {
  const intro = `${agentName} submitted a help request about ${request.systemProgram} (priority ${request.priority}):`;
  const next = 'Open it on the Help Requests Dashboard:';
  return {
    to,
    subject: `New help request: ${request.systemProgram} (${request.priority})`,
    text: `${intro}\n\n${request.concern}\n\n${next}\n${link}\n`,
    html: `<p>${escapeHtml(intro)}</p><blockquote style="white-space:pre-wrap">${escapeHtml(request.concern)}</blockquote><p>${escapeHtml(next)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

export function statusMail(to: string, status: string, comment: string | null, link: string): MailMessage {
  const changed = `The support team marked your help request as ${status}.`;
  const note = comment ? `Their note: ${comment}` : '';
  const next = 'See it in My Support Tickets:';
  return {
    to,
    subject: `Your help request is ${status}`,
    text: `${changed}\n${note ? `\n${note}\n` : ''}\n${next}\n${link}\n`,
    html: `<p>${escapeHtml(changed)}</p>${note ? `<p style="white-space:pre-wrap">${escapeHtml(note)}</p>` : ''}<p>${escapeHtml(next)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

export function replyToAgentMail(to: string, reply: Replied['data'], link: string): MailMessage {
  const intro = reply.asksAgent ? 'The support team has a question about your help request:' : 'The support team replied to your help request:';
  const next = 'Read it and answer in My Support Tickets:';
  return {
    to,
    subject: reply.asksAgent ? 'The support team needs your answer' : 'The support team replied to your help request',
    text: `${intro}\n\n${reply.body}\n\n${next}\n${link}\n`,
    html: `<p>${escapeHtml(intro)}</p><blockquote style="white-space:pre-wrap">${escapeHtml(reply.body)}</blockquote><p>${escapeHtml(next)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

export function agentReplyMail(to: string, reply: Replied['data'], agentName: string, link: string): MailMessage {
  const intro = `${agentName} replied on their help request:`;
  const next = 'Open it on the Help Requests Dashboard:';
  return {
    to,
    subject: `${agentName} replied on a help request`,
    text: `${intro}\n\n${reply.body}\n\n${next}\n${link}\n`,
    html: `<p>${escapeHtml(intro)}</p><blockquote style="white-space:pre-wrap">${escapeHtml(reply.body)}</blockquote><p>${escapeHtml(next)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

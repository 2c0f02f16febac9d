import type pg from 'pg';

import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { escapeHtml } from '../../../platform/mail/escape-html.js';
import type { Mailer, MailMessage } from '../../../platform/mail/mailer.js';
import type { RealtimeHub } from '../../../platform/realtime/realtime-hub.js';
import { activeUserIdByEmail, userLabels } from '../../identity/contracts/user-directory.js';
import { publishGroupsChanged } from '../services/agent-groups.js';

export const MAIL_GROUP_INVITATION = 'mail-group-invitation';

type GroupMemberInvited = JsonEvent & { readonly data: { readonly groupId: string; readonly ownerId: string; readonly email: string } };

/** An invitation to a group is mailed to its invitee, in a job started from the stored GroupMemberInvited. */
export const groupInvitationTriggers: readonly JobTrigger[] = [
  { eventType: 'GroupMemberInvited', job: MAIL_GROUP_INVITATION, options: { attempts: 5, backoffMs: 1_000 } },
];

/**
 * Mails the invitee and tells their open portal pages, when the address belonged to an active
 * account when the invitation was made and the invitation is still open. An address nobody signs in with gets no mail: an
 * agent's group cannot give anyone an account (sign-up has its own allowlist), and the portal
 * does not mail strangers on an agent's word. Its invitation waits, and whoever later makes an
 * account with that address finds it on /groups. The mail id is the job id, so a job that runs
 * again mails nothing twice.
 */
export function registerGroupInvitationJobs(jobs: JobQueue, pool: pg.Pool, mailer: Mailer, realtime: RealtimeHub, publicUrl: string): void {
  jobs.register<{ event: GroupMemberInvited }>(MAIL_GROUP_INVITATION, async ({ event }, { jobId }) => {
    const { groupId, ownerId, email } = event.data;
    const { rows } = await pool.query<{ name: string }>(
      'SELECT g.name FROM agent_group_invitations i JOIN agent_groups g ON g.group_id = i.group_id WHERE i.group_id = $1 AND i.email = $2',
      [groupId, email],
    );
    const group = rows[0];
    if (!group) return; // answered or cancelled before the mail went
    // Whether the address had an account when the invitation was made, however late the job runs.
    const inviteeId = await activeUserIdByEmail(pool, email, new Date(event.metadata.occurredAt));
    if (!inviteeId) return;
    const owner = (await userLabels(pool, [ownerId])).get(ownerId);
    if (!owner) return;
    await mailer.send(jobId, invitationMail(email, owner.displayName || owner.email, owner.email, group.name, `${publicUrl}/groups`));
    publishGroupsChanged(realtime, inviteeId);
  });
}

export function invitationMail(to: string, ownerName: string, ownerEmail: string, groupName: string, link: string): MailMessage {
  const invited = `${ownerName} (${ownerEmail}) invited you to their group “${groupName}” on the Agent Portal. Its members can be given their leads.`;
  const next = 'Accept or decline on the Groups page:';
  const until = 'Until you accept you are not in the group and get none of its leads. If you did not expect this, decline it or ignore this message.';
  return {
    to,
    subject: `${ownerName} invited you to a group on the Agent Portal`,
    text: `${invited}\n\n${next}\n${link}\n\n${until}\n`,
    html: `<p>${escapeHtml(invited)}</p><p>${escapeHtml(next)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(until)}</p>`,
  };
}

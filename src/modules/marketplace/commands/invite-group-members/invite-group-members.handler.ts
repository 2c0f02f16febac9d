import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import {
  addressesIn,
  addressKey,
  lockOwnGroup,
  MAX_GROUP_MEMBERS,
  ownAddress,
  publishGroupsChanged,
  recordGroupEvent,
  storeInvitations,
} from '../../services/agent-groups.js';
import { InviteGroupMembers, type InvitationResult, type InvitedGroupMembers } from './invite-group-members.command.js';

/**
 * Nothing here asks whether an address has an account: an unknown address is invited like a
 * known one, with the same answer and the same work. The mail to the invitee (and their portal's
 * notice) is a job started from the stored GroupMemberInvited, which looks the address up.
 */
@CommandHandler(InviteGroupMembers)
export class InviteGroupMembersHandler implements ICommandHandler<InviteGroupMembers, InvitedGroupMembers> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { ownerId, groupId, emails }, context }: InviteGroupMembers): Promise<InvitedGroupMembers> {
    const members = await inTransaction(this.pool, async (tx) => {
      await lockOwnGroup(tx, ownerId, groupId);
      const own = await ownAddress(tx, ownerId);
      const present = await addressesIn(tx, [groupId]);
      const wanted = new Set<string>();
      const results: InvitationResult[] = [];
      for (const raw of emails) {
        const email = raw.trim().toLowerCase();
        if (email === own) results.push({ email, status: 'self' });
        else if (present.has(addressKey(groupId, email)) || wanted.has(email)) results.push({ email, status: 'already' });
        else {
          wanted.add(email);
          results.push({ email, status: 'invited' });
        }
      }
      if (present.size + wanted.size > MAX_GROUP_MEMBERS)
        throw new DomainError('GROUP_TOO_LARGE', `A group can have at most ${MAX_GROUP_MEMBERS} members and invitations.`, 400);
      // The group's row is locked, so nobody invited these meanwhile: every one is stored.
      await storeInvitations(
        tx,
        [...wanted].map((email) => ({ groupId, email })),
      );
      for (const email of wanted) await recordGroupEvent(tx, context, { groupId, ownerId }, 'GroupMemberInvited', { email });
      return results;
    });
    outboxCommitted();
    publishGroupsChanged(this.realtime, ownerId);
    return { groupId, members };
  }
}

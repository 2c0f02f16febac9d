import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * What became of one address: invited (whether or not an account has it: the answer never
 * tells), already in the group (a member or invited), or the owner's own.
 */
export type InvitationResult = { readonly email: string; readonly status: 'invited' | 'already' | 'self' };
export type InvitedGroupMembers = { readonly groupId: string; readonly members: readonly InvitationResult[] };

/** An agent invites people by e-mail to one of their groups (at most MAX_GROUP_MEMBERS members and invitations in it); each joins on accepting. */
export class InviteGroupMembers extends Command<InvitedGroupMembers> {
  constructor(
    readonly input: { readonly ownerId: string; readonly groupId: string; readonly emails: readonly string[] },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

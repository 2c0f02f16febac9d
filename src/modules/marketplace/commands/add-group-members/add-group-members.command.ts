import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** What became of one address: added, already in the group, no account with it, or the owner's own. */
export type MemberResult = { readonly email: string; readonly status: 'added' | 'already' | 'unknown' | 'self' };
export type AddedGroupMembers = { readonly groupId: string; readonly members: readonly MemberResult[] };

/** An agent adds agents who have an account, by e-mail, to one of their groups (at most MAX_GROUP_MEMBERS in it). */
export class AddGroupMembers extends Command<AddedGroupMembers> {
  constructor(
    readonly input: { readonly ownerId: string; readonly groupId: string; readonly emails: readonly string[] },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ProfileTimeZone } from '../../contracts/profile-time-zones.js';

export type ProfileChanges = {
  readonly displayName: string | null;
  /** E.164, or null for none. */
  readonly phone: string | null;
  /** The agent's chosen zone, or null to follow the organisation's. */
  readonly timeZone: ProfileTimeZone | null;
};

/** The context's actor saves their own account information (never anyone else's: the actor is the profile). */
export class UpdateProfile extends Command<void> {
  constructor(
    readonly input: ProfileChanges,
    readonly context: CommandContext,
  ) {
    super();
  }
}

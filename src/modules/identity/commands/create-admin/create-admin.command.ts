import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type CreateAdminRequest = {
  readonly email: string;
  readonly displayName?: string;
  /** Also mark the account a SAT leader, and its own leader when it has none. */
  readonly satLeader: boolean;
};

export type CreateAdminResult = {
  readonly userId: string;
  readonly created: boolean;
  /** False when the account was an admin already. */
  readonly promoted: boolean;
  readonly disabled: boolean;
  /** A one-time token for the set-password link, when the account has no proven way to sign in. */
  readonly passwordToken: string | null;
  /** The portal will ask this account to choose a SAT leader at sign-in. */
  readonly needsSatLeader: boolean;
  /** How many SAT leaders there are to choose from. */
  readonly satLeaders: number;
};

/** An operator, at the command line, makes an account an admin (a new one, or an existing one). */
export class CreateAdmin extends Command<CreateAdminResult> {
  constructor(
    readonly input: CreateAdminRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

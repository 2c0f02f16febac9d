import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ImportRow, RowProblem } from './import-groups.request.js';

export type RowStatus = 'added' | 'group-created' | 'group-exists' | 'already-member' | 'unknown-email' | 'self' | 'group-full' | RowProblem;
export type RowReport = {
  readonly row: number;
  readonly group: string;
  readonly email: string;
  readonly ok: boolean;
  readonly status: RowStatus;
  readonly message: string;
};
export type ImportReport = { readonly groupsCreated: number; readonly membersAdded: number; readonly rows: readonly RowReport[] };

/**
 * Imports rows of (group name, member e-mail) into the owner's groups, in one transaction:
 * a missing group is made, a member is added once. Each row is answered; a repeat adds nothing.
 */
export class ImportGroups extends Command<ImportReport> {
  constructor(
    readonly input: { readonly ownerId: string; readonly rows: readonly ImportRow[] },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

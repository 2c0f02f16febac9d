import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ImportRow, RowProblem } from './import-groups.request.js';

export type RowStatus = 'invited' | 'group-created' | 'group-exists' | 'already-member' | 'self' | 'group-full' | RowProblem;
export type RowReport = {
  readonly row: number;
  readonly group: string;
  readonly email: string;
  readonly ok: boolean;
  readonly status: RowStatus;
  readonly message: string;
};
export type ImportReport = { readonly groupsCreated: number; readonly invited: number; readonly rows: readonly RowReport[] };

/**
 * Imports rows of (group name, member e-mail) into the owner's groups, in one transaction:
 * a missing group is made, an address is invited once (whether or not an account has it: the
 * report never tells). Each row is answered; a repeat adds nothing.
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

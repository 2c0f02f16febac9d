import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { NewEvent } from '../../../../platform/event-store/event-store.port.js';
import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import {
  addressesIn,
  addressKey,
  groupStream,
  MAX_GROUP_MEMBERS,
  MAX_GROUP_NAME,
  ownAddress,
  publishGroupsChanged,
  storeInvitations,
} from '../../services/agent-groups.js';
import { ImportGroups, type ImportReport, type RowReport, type RowStatus } from './import-groups.command.js';
import type { ImportRow } from './import-groups.request.js';

const MESSAGES: Record<RowStatus, string> = {
  invited: 'Invited to the group.',
  'group-created': 'Group created.',
  'group-exists': 'The group already exists.',
  'already-member': 'Already in this group, or invited to it.',
  self: 'This is your own address.',
  'group-full': `The group already has ${MAX_GROUP_MEMBERS} members and invitations.`,
  'missing-group-name': 'Missing group name.',
  'group-name-too-long': `A group name is at most ${MAX_GROUP_NAME} characters.`,
  'invalid-email': 'Invalid email address.',
};
const OK = new Set<RowStatus>(['invited', 'group-created', 'group-exists']);
const report = ({ row, group, email }: ImportRow, status: RowStatus): RowReport => ({
  row,
  group,
  email,
  ok: OK.has(status),
  status,
  message: MESSAGES[status],
});

/** Like InviteGroupMembers, it never asks whether an address has an account: every row is answered the same either way. */
@CommandHandler(ImportGroups)
export class ImportGroupsHandler implements ICommandHandler<ImportGroups, ImportReport> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { ownerId, rows }, context }: ImportGroups): Promise<ImportReport> {
    const result = await inTransaction(this.pool, async (tx) => {
      const events = new Map<string, NewEvent[]>();
      const record = (groupId: string, type: string, data: Record<string, unknown>) =>
        events.set(groupId, [...(events.get(groupId) ?? []), newEvent(type, { groupId, ownerId, ...data }, context)]);

      const { rows: owned } = await tx.query<{ group_id: string; name: string }>('SELECT group_id, name FROM agent_groups WHERE owner_id = $1 FOR UPDATE', [
        ownerId,
      ]);
      const groups = new Map(owned.map((g) => [g.name.toLowerCase(), g.group_id]));
      const present = await addressesIn(
        tx,
        owned.map((g) => g.group_id),
      );
      const counts = new Map<string, number>();
      for (const key of present) {
        const groupId = key.slice(0, key.indexOf(':'));
        counts.set(groupId, (counts.get(groupId) ?? 0) + 1);
      }
      const own = await ownAddress(tx, ownerId);

      const groupFor = async (name: string): Promise<{ groupId: string; created: boolean }> => {
        const known = groups.get(name.toLowerCase());
        if (known) return { groupId: known, created: false };
        const made = await createGroup(tx, ownerId, name);
        groups.set(name.toLowerCase(), made.groupId);
        if (made.created) record(made.groupId, 'GroupCreated', { name });
        return made;
      };

      const reports: RowReport[] = [];
      const inviting: { index: number; row: ImportRow; groupId: string; email: string }[] = [];
      let groupsCreated = 0;
      for (const row of rows) {
        const refused: RowStatus | undefined = row.problem ?? (row.email && row.email === own ? 'self' : undefined);
        if (refused) {
          reports.push(report(row, refused));
          continue;
        }
        const { groupId, created } = await groupFor(row.group);
        if (created) groupsCreated++;
        if (!row.email) {
          reports.push(report(row, created ? 'group-created' : 'group-exists'));
        } else if (present.has(addressKey(groupId, row.email))) {
          reports.push(report(row, 'already-member'));
        } else if ((counts.get(groupId) ?? 0) >= MAX_GROUP_MEMBERS) {
          reports.push(report(row, 'group-full'));
        } else {
          present.add(addressKey(groupId, row.email));
          counts.set(groupId, (counts.get(groupId) ?? 0) + 1);
          inviting.push({ index: reports.length, row, groupId, email: row.email });
          reports.push(report(row, 'invited'));
        }
      }

      // An invitation made by someone else's request since the read above is not made twice: only what was stored counts.
      const stored = await storeInvitations(tx, inviting);
      for (const i of inviting) {
        if (stored.has(addressKey(i.groupId, i.email))) record(i.groupId, 'GroupMemberInvited', { email: i.email });
        else reports[i.index] = report(i.row, 'already-member');
      }
      for (const [groupId, list] of events) await recordInOutbox(tx, groupStream(groupId), list);
      return { groupsCreated, invited: stored.size, rows: reports };
    });
    outboxCommitted();
    if (result.groupsCreated > 0 || result.invited > 0) publishGroupsChanged(this.realtime, ownerId);
    return result;
  }
}

/** A group of this name made now, or the one another request made a moment ago. */
async function createGroup(tx: SqlClient, ownerId: string, name: string): Promise<{ groupId: string; created: boolean }> {
  const { rows } = await tx.query<{ group_id: string }>(
    'INSERT INTO agent_groups (group_id, owner_id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING group_id',
    [randomUUID(), ownerId, name],
  );
  if (rows[0]) return { groupId: rows[0].group_id, created: true };
  const { rows: existing } = await tx.query<{ group_id: string }>(
    'SELECT group_id FROM agent_groups WHERE owner_id = $1 AND lower(name) = lower($2) FOR UPDATE',
    [ownerId, name],
  );
  return { groupId: existing[0]!.group_id, created: false };
}

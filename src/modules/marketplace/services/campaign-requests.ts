import type { ModuleRef } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { ApiError } from '../../../platform/http/api-error.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { recordingNotYours } from '../../../platform/security/record-not-yours.js';
import type { Targeting } from '../contracts/campaign-events.js';

/** A campaign's targeting as an agent sends it; the time zone is the organisation's (targetingFor). */
export const targetingRequest = z
  .object({
    states: z.array(z.string().trim().toUpperCase()).max(60, 'Choose at most 60 states').default([]),
    dailyCap: z.number({ message: 'A lead cap is a whole number' }).nullable().default(null),
    weeklyCap: z.number({ message: 'A lead cap is a whole number' }).nullable().default(null),
    schedule: z
      .object({ days: z.array(z.number()).max(7), fromHour: z.number(), toHour: z.number() })
      .nullable()
      .default(null),
    roundRobinGroupId: z.uuid('No such group.').nullable().default(null),
  })
  .default({ states: [], dailyCap: null, weeklyCap: null, schedule: null, roundRobinGroupId: null });

export type TargetingRequest = z.infer<typeof targetingRequest>;

export const campaignIdParam = z.uuid('No such campaign.');

/**
 * The targeting a campaign of this owner gets when it is created or its settings are saved: its
 * hours, days and caps in `zone`, the organisation's time zone (the settings editor says so; an
 * agent's own zone from their profile would be chosen here once they can set one), and handing its
 * leads round-robin only to a group of the owner's (400 otherwise). A campaign saved before keeps
 * the zone stored with it until it is saved again.
 */
export async function targetingFor(db: SqlClient, ownerId: string, requested: TargetingRequest, zone: string): Promise<Targeting> {
  const targeting: Targeting = { ...requested, timeZone: zone };
  await requireOwnGroup(db, ownerId, targeting.roundRobinGroupId);
  return targeting;
}

async function requireOwnGroup(db: SqlClient, ownerId: string, groupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  const { rowCount } = await db.query('SELECT 1 FROM agent_groups WHERE group_id = $1 AND owner_id = $2', [groupId, ownerId]);
  if (!rowCount)
    throw new ApiError(400, 'GROUP_NOT_FOUND', 'Choose one of your groups to share the leads with.', [
      { field: 'targeting.roundRobinGroupId', message: 'Choose one of your groups to share the leads with.' },
    ]);
}

/** Another agent's campaign (or a made-up id) is 404, recorded as an unauthorized access. */
export function ownCampaign<T>(moduleRef: ModuleRef, request: FastifyRequest, userId: string, work: () => Promise<T>): Promise<T> {
  return recordingNotYours(moduleRef, request, userId, { codes: ['CAMPAIGN_NOT_FOUND'], resource: 'campaign' }, work);
}

import type { ModuleRef } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import type { SqlClient } from '../../../../platform/persistence/sql.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { campaignWithOwner, type CampaignView } from './get-campaign.query.js';

/** The campaign when it is the signed-in agent's; otherwise 404, and another agent's is recorded. */
export async function ownCampaignView(db: SqlClient, moduleRef: ModuleRef, request: FastifyRequest, userId: string, id: string): Promise<CampaignView> {
  const campaignId = validate(z.uuid('No such campaign.'), id, 'id');
  const row = await campaignWithOwner(db, campaignId);
  // Not in the read model yet (created a moment ago) is a plain 404; another agent's is recorded.
  if (!row) throw new ApiError(404, 'CAMPAIGN_NOT_FOUND', 'No such campaign.');
  const { ownerId, ...campaign } = row;
  return recordingNotYours(moduleRef, request, userId, { codes: ['CAMPAIGN_NOT_FOUND'], resource: 'campaign' }, async () => {
    if (ownerId !== userId) throw new ApiError(404, 'CAMPAIGN_NOT_FOUND', 'No such campaign.');
    return campaign;
  });
}

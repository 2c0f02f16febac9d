import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';

import { ApiError, ValidationFailed } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { CONFIG, RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { leadInput, MAX_BATCH, type LeadInput } from '../../domain/lead-input.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { AGED_LEADS_NOT_FROM_VENDORS } from '../../services/lead-vendor-requests.js';
import { activeVendorOfKey, type ActiveVendor } from '../../services/lead-vendors.js';
import { ReceiveLeads } from './receive-leads.command.js';

type ItemResult =
  | { index: number; status: 'accepted' | 'duplicate'; leadId: string; duplicateOf: string | null }
  | { index: number; status: 'rejected'; fieldErrors: { field: string; message: string }[] };

/**
 * The vendor-facing intake: one lead, or `{ leads: [...] }` (at most 100), with the vendor's
 * key as `Authorization: Bearer lv_…` (or `X-API-Key`). A single lead answers 201 (or 200 for
 * a duplicate) and 400 with every bad field; a batch answers 200 with each lead's outcome.
 * Aged leads (source aged_leads) come only from a vendor an admin set to send them: the aged
 * inventory is otherwise filled by an admin's CSV import and the ageing of unsold leads.
 */
@ApiTags('intake')
@Controller('api/intake')
export class ReceiveLeadsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  @Post('leads')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Lead vendors post leads here with their API key: one lead, or { leads: [...] } of at most 100. Duplicates (same phone or e-mail within 30 days) are stored but never sold.',
  })
  async receive(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const vendor = await this.vendorOf(request);
    const { vendorId } = vendor;
    await enforce(this.limiter, [{ rule: { name: 'lead-intake', limit: this.config.leads.intakeRequestsPerMinute, windowSeconds: 60 }, subject: vendorId }]);
    const batch = body !== null && typeof body === 'object' && 'leads' in body;
    const items: unknown[] = batch ? ((body as { leads: unknown }).leads as unknown[]) : [body];
    if (!Array.isArray(items) || items.length === 0 || items.length > MAX_BATCH) {
      throw new ValidationFailed([{ field: 'leads', message: `Send one lead, or leads as a list of 1 to ${MAX_BATCH}` }]);
    }
    const results: ItemResult[] = [];
    const valid: { index: number; lead: LeadInput }[] = [];
    const schema = leadInput(new Date());
    items.forEach((item, index) => {
      try {
        const lead = validate(schema, item);
        if (lead.source === 'aged_leads' && !vendor.sendsAgedLeads) throw new ValidationFailed([{ field: 'source', message: AGED_LEADS_NOT_FROM_VENDORS }]);
        valid.push({ index, lead });
      } catch (error) {
        if (!(error instanceof ValidationFailed)) throw error;
        if (!batch) throw error;
        results.push({ index, status: 'rejected', fieldErrors: [...(error.fieldErrors ?? [])] });
      }
    });
    const received = await this.commands.execute(
      new ReceiveLeads({ vendorId, leads: valid.map((item) => item.lead) }, requestContextOf(request, { type: 'system', id: `lead-vendor:${vendorId}` })),
    );
    received.forEach((lead, i) => results.push({ index: valid[i]!.index, status: lead.status, leadId: lead.leadId, duplicateOf: lead.duplicateOf }));
    results.sort((a, b) => a.index - b.index);
    if (!batch) {
      const [only] = results as [Extract<ItemResult, { leadId: string }>];
      if (only.status === 'accepted' && !received[0]!.repeated) reply.status(201);
      return { leadId: only.leadId, status: only.status, duplicateOf: only.duplicateOf };
    }
    return {
      accepted: results.filter((r) => r.status === 'accepted').length,
      duplicates: results.filter((r) => r.status === 'duplicate').length,
      rejected: results.filter((r) => r.status === 'rejected').length,
      results,
    };
  }

  /** The vendor whose key this is; a missing, unknown or revoked key is 401. */
  private async vendorOf(request: FastifyRequest): Promise<ActiveVendor> {
    const header = request.headers.authorization;
    const key = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : (request.headers['x-api-key'] as string | undefined);
    if (!key || !key.startsWith('lv_')) throw new ApiError(401, 'API_KEY_REQUIRED', 'Send your lead vendor API key as "Authorization: Bearer lv_…".');
    const vendor = await activeVendorOfKey(this.pool, key);
    if (!vendor) throw new ApiError(401, 'API_KEY_INVALID', 'This API key is not valid or was revoked.');
    return vendor;
  }
}

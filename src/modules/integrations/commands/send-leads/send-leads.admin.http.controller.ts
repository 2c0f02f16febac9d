import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { DEFAULT_VANILLASOFT_MAPPINGS, vanillaSoftMappings } from '../../domain/providers.js';
import { validateForm } from '../../validate-form.js';
import { SendLeadsToRingy } from '../send-leads-to-ringy/send-leads-to-ringy.command.js';
import { SendLeadsToVanillaSoft } from '../send-leads-to-vanilla-soft/send-leads-to-vanilla-soft.command.js';

/** The most lead ids one request may send (each is one call to the provider). */
export const MAX_LEADS_PER_SEND = 100;

const VALID_IDS = 'Please enter valid numeric lead IDs';
/** Lead ids as the testing page sends them: a list of numbers, or text of numbers separated by commas, spaces or lines. */
const leadIds = (missing: string) =>
  z
    .union([z.array(z.union([z.number(), z.string()]), { message: missing }), z.string({ message: missing }).transform((text) => text.split(/[\s,;]+/))], {
      message: missing,
    })
    .transform((items) => items.map((item) => String(item).trim()).filter((item) => item !== ''))
    .refine((items) => items.length > 0, missing)
    .refine((items) => items.every((item) => /^\d{1,15}$/.test(item) && Number(item) > 0), VALID_IDS)
    .transform((items) => [...new Set(items.map(Number))])
    .refine((ids) => ids.length <= MAX_LEADS_PER_SEND, `Send at most ${MAX_LEADS_PER_SEND} leads at a time`);

const optionalText = (max: number, what: string) =>
  z
    .string({ message: `${what} must be text` })
    .trim()
    .max(max, `${what} is at most ${max} characters`)
    .optional();
const common = {
  leadSource: optionalText(100, 'The lead source'),
  notes: optionalText(2_000, 'The notes'),
};

const RINGY_BOTH = 'Please provide both SID and Auth Token';
const ringyRequest = z.object({
  leadIds: leadIds('Please enter lead IDs to send to Ringy'),
  ringyCredentials: z
    .object(
      {
        sid: z.string({ message: RINGY_BOTH }).trim().min(1, RINGY_BOTH).max(200, RINGY_BOTH),
        authToken: z.string({ message: RINGY_BOTH }).trim().min(1, RINGY_BOTH).max(500, RINGY_BOTH),
      },
      { message: RINGY_BOTH },
    )
    .nullish()
    .transform((credentials) => credentials ?? null),
  costPerLead: z
    .number({ message: 'The cost per lead is a dollar amount' })
    .min(0, 'The cost per lead is a dollar amount from $0 to $1,000')
    .max(1_000, 'The cost per lead is a dollar amount from $0 to $1,000')
    .optional(),
  ...common,
});

const POSTING_URL = 'Please enter the VanillaSoft posting URL';
const vanillaSoftRequest = z.object({
  leadIds: leadIds('Please enter lead IDs to send to VanillaSoft'),
  vanillaSoftConfig: z
    .object(
      {
        postingUrl: z
          .string({ message: POSTING_URL })
          .trim()
          .min(1, POSTING_URL)
          .pipe(z.url({ message: 'The posting URL must start with https://', protocol: /^https?$/ }).max(2_000, 'The posting URL is at most 2,000 characters')),
        fieldMappings: vanillaSoftMappings.optional(),
      },
      { message: POSTING_URL },
    )
    .nullish()
    .transform((config) => config ?? null),
  ...common,
});

/**
 * The testing page's send-leads-to-ringy and send-leads-to-vanillasoft (spec: Test page calls):
 * an admin sends chosen leads, by their numbers, through their own connected Ringy or VanillaSoft
 * integration (the testing page: no credential is typed in or shown there), or to an account or
 * web-lead profile given in the request, and sees for each lead whether it went or why not.
 * Credentials given are used for these calls only, never stored or logged; calls go through the fence.
 * Each send is in the audit log (LeadsSentToProvider): the admin, the lead ids, the provider.
 */
@ApiTags('admin')
@Controller('api/admin')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class SendLeadsAdminController {
  constructor(private readonly commands: CommandBus) {}

  @Post('send-leads-to-ringy')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sends leads (leadIds: their numbers, at most 100) through the admin's own connected Ringy integration (409 INTEGRATION_NOT_CONNECTED without one), or to the Ringy account of ringyCredentials {sid, authToken} when given, with leadSource, costPerLead (dollars, added to the notes) and notes: {results: [{leadId, status: 'sent' | 'failed', error}], sent, failed}. Wrong credentials fail every lead with 'Invalid credentials'.",
  })
  async sendToRingy(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = validateForm(ringyRequest, body);
    const cost = input.costPerLead === undefined ? null : Math.round(input.costPerLead * 100);
    const notes = [input.notes, cost === null ? '' : `Cost per lead: $${(cost / 100).toFixed(2)}`].filter(Boolean).join('\n');
    return this.commands.execute(
      new SendLeadsToRingy(
        { leadNumbers: input.leadIds, credentials: input.ringyCredentials, extra: { leadSource: input.leadSource, notes, priceCents: cost } },
        requestContextOf(request, { type: 'user', id: admin.userId }),
      ),
    );
  }

  @Post('send-leads-to-vanillasoft')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Sends leads (leadIds: their numbers, at most 100) through the admin's own connected VanillaSoft integration (409 INTEGRATION_NOT_CONNECTED without one), or to the VanillaSoft web-lead profile of vanillaSoftConfig {postingUrl, fieldMappings (our field → theirs; the defaults when absent)} when given, with leadSource and notes: {results: [{leadId, status, error}], sent, failed}.",
  })
  async sendToVanillaSoft(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = validateForm(vanillaSoftRequest, body);
    const config = input.vanillaSoftConfig;
    const posting = config === null ? null : { postingUrl: config.postingUrl, fieldMappings: config.fieldMappings ?? DEFAULT_VANILLASOFT_MAPPINGS };
    return this.commands.execute(
      new SendLeadsToVanillaSoft(
        { leadNumbers: input.leadIds, posting, extra: { leadSource: input.leadSource, notes: input.notes ?? '', priceCents: null } },
        requestContextOf(request, { type: 'user', id: admin.userId }),
      ),
    );
  }
}

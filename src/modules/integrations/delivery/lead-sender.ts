import type { OutboundHttp } from '../../../platform/outbound/outbound-http.js';

/** A bought lead as it goes out to an agent's tools: the person, and how the agent got it. */
export type DeliverableLead = {
  readonly leadId: string;
  readonly firstName: string;
  readonly lastName: string;
  /** E.164, e.g. +13055550123. */
  readonly phone: string;
  readonly email: string | null;
  readonly state: string;
  readonly zip: string;
  readonly city: string | null;
  readonly dateOfBirth: string | null;
  readonly age: number | null;
  /** data_leads, aged_leads, business_leads … */
  readonly source: string;
  readonly tier: string;
  readonly companyName: string | null;
  readonly campaignId: string | null;
  readonly campaignName: string | null;
  readonly priceCents: number;
  /** ISO time the agent bought (or was assigned) it. */
  readonly boughtAt: string;
  readonly consent: { readonly text: string; readonly at: string } | null;
  /** Free text sent along (the admin's send-leads notes); absent on an ordinary delivery. */
  readonly notes?: string | null;
};

/** One agent's connection as a sender needs it: settings as saved, secrets already decrypted for this call only. */
export type IntegrationTarget = {
  readonly integrationId: string;
  readonly userId: string;
  /** A provider id ('onlysales', 'ringy' …) or 'custom'. */
  readonly provider: string;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly secrets: Readonly<Record<string, string>>;
};

/** What one attempt came to; it goes into the delivery log as is (never with a secret in it). */
export type SendOutcome = {
  /** A 2xx (or the provider's own "accepted") within the time limit. */
  readonly ok: boolean;
  /** The HTTP status, or null when no answer came (refused by the fence, timeout, connection error). */
  readonly status: number | null;
  readonly durationMs: number;
  /** The first 2 KB of the answer, or the error's text. */
  readonly preview: string;
  /** Why it failed, in words an agent can act on; null when ok. */
  readonly error: string | null;
  /** False when trying again cannot help (e.g. the provider said the credentials are wrong). */
  readonly retryable: boolean;
};

export type SendContext = {
  /** Stable across retries of one delivery: the idempotency / webhook-id of the request. */
  readonly deliveryId: string;
  readonly attempt: number;
  /** A test-send of a sample lead, not a real one. */
  readonly test: boolean;
};

/** Sends a lead to one kind of integration. One per provider (and one for custom API integrations). */
export type LeadSender = {
  readonly provider: string;
  send(lead: DeliverableLead, target: IntegrationTarget, context: SendContext): Promise<SendOutcome>;
};

export type LeadSenderDependencies = { readonly http: OutboundHttp };

/** How long an answer may take before the attempt counts as failed (the receiver must answer 2xx within 15 s). */
export const DELIVERY_TIMEOUT_MS = 15_000;

import type { NewEvent } from '../../../platform/event-store/event-store.port.js';
import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import type { CustomSettings } from '../domain/custom-integration.js';
import type { ProviderId } from '../domain/providers.js';

/**
 * The integrations module's events. Its state is rows (integration_configs and their secrets);
 * each change records one of these through the outbox in the same transaction, on the
 * integration's stream, or, for an admin's send of leads, on that admin's stream.
 */
export const integrationStream = (integrationId: string) => `integration-${integrationId}`;
export const leadSendStream = (adminId: string) => `leadsend-${adminId}`;

/** A built-in provider, or 'custom' for an integration the agent described. */
export type IntegrationProvider = ProviderId | 'custom';

/** Every integration event names the integration, its agent and its provider. */
type OnIntegration<TProvider extends IntegrationProvider, TData = unknown> = {
  readonly integrationId: string;
  readonly userId: string;
  readonly provider: TProvider;
} & TData;

/** The agent connected a built-in provider (again): its settings, and the names of its secrets (never their values). */
export type IntegrationConnected = {
  readonly type: 'IntegrationConnected';
  readonly data: OnIntegration<ProviderId, { readonly settings: Readonly<Record<string, unknown>>; readonly secrets: readonly string[] }>;
};
export type IntegrationDisconnected = { readonly type: 'IntegrationDisconnected'; readonly data: OnIntegration<ProviderId> };
/** Deliveries failed for longer than the limit, so the portal turned the integration off; new leads are held for it. */
export type IntegrationDisabled = {
  readonly type: 'IntegrationDisabled';
  readonly data: OnIntegration<IntegrationProvider, { readonly failingSince: string; readonly reason: string }>;
};
/** The agent turned a disabled integration back on: the held leads were sent (`replayed`) or marked skipped. */
export type IntegrationEnabled = {
  readonly type: 'IntegrationEnabled';
  readonly data: OnIntegration<IntegrationProvider, { readonly replayed: number; readonly skipped: number }>;
};
/** A new signing secret; the one it replaced still verifies until `previousValidUntil`. */
export type IntegrationSigningSecretRotated = {
  readonly type: 'IntegrationSigningSecretRotated';
  readonly data: OnIntegration<IntegrationProvider, { readonly previousValidUntil: string }>;
};

export type CustomIntegrationAdded = {
  readonly type: 'CustomIntegrationAdded';
  readonly data: OnIntegration<'custom', { readonly settings: CustomSettings; readonly active: boolean; readonly secrets: readonly string[] }>;
};
/** `secretsChanged`: the names of the secrets the form replaced or removed. */
export type CustomIntegrationUpdated = {
  readonly type: 'CustomIntegrationUpdated';
  readonly data: OnIntegration<'custom', { readonly settings: CustomSettings; readonly active: boolean; readonly secretsChanged: readonly string[] }>;
};
export type CustomIntegrationActivated = { readonly type: 'CustomIntegrationActivated'; readonly data: OnIntegration<'custom'> };
export type CustomIntegrationDeactivated = { readonly type: 'CustomIntegrationDeactivated'; readonly data: OnIntegration<'custom'> };
export type CustomIntegrationDeleted = { readonly type: 'CustomIntegrationDeleted'; readonly data: OnIntegration<'custom'> };

/** An admin sent leads to a provider by hand; the admin is the event's actor. */
export type LeadsSentToProvider = {
  readonly type: 'LeadsSentToProvider';
  readonly data: {
    readonly adminId: string;
    readonly provider: 'ringy' | 'vanillasoft';
    readonly leadIds: readonly number[];
    readonly sent: number;
    readonly failed: number;
    readonly failedLeadIds: readonly number[];
    readonly leadSource?: string;
  };
};

export type IntegrationEvent =
  | IntegrationConnected
  | IntegrationDisconnected
  | IntegrationDisabled
  | IntegrationEnabled
  | IntegrationSigningSecretRotated
  | CustomIntegrationAdded
  | CustomIntegrationUpdated
  | CustomIntegrationActivated
  | CustomIntegrationDeactivated
  | CustomIntegrationDeleted
  | LeadsSentToProvider;

export type IntegrationEventType = IntegrationEvent['type'];
export type IntegrationEventData<TType extends IntegrationEventType> = Extract<IntegrationEvent, { readonly type: TType }>['data'];

/** An integrations event, its data checked against its type. */
export function integrationEvent<TType extends IntegrationEventType>(
  type: TType,
  data: IntegrationEventData<TType>,
  context: CommandContext,
): NewEvent<TType, IntegrationEventData<TType>> {
  return newEvent(type, data, context);
}

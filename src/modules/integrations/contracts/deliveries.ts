// What other modules may read of an agent's deliveries (a help request about one, or about a lead that was delivered).
import { PROVIDERS } from '../domain/providers.js';

export { deliveryWithAttempts, leadDeliveries, type DeliveryAttempt, type DeliveryWithAttempts } from '../delivery/delivery-log.query.js';

/** A provider's name as the pages show it ('OnlySales'), or the id itself when unknown. */
export const providerName = (providerId: string): string => PROVIDERS.find((p) => p.providerId === providerId)?.name ?? providerId;

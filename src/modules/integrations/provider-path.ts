import { ApiError } from '../../platform/http/api-error.js';
import { isProviderId, PROVIDERS } from './domain/providers.js';

/** The provider a path names (any case); an unknown one is 404. */
export function providerOf(raw: string): (typeof PROVIDERS)[number] {
  const providerId = raw.toLowerCase();
  if (!isProviderId(providerId))
    throw new ApiError(
      404,
      'PROVIDER_NOT_FOUND',
      'There is no integration with this name. The providers are OnlySales, Textdrip, Email, Ringy and VanillaSoft.',
    );
  return PROVIDERS.find((p) => p.providerId === providerId)!;
}

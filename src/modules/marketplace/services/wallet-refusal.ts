import { DomainError } from '../../../platform/domain/domain-error.js';
import { purchaseRefusalMessage } from '../domain/purchase-messages.js';

/**
 * Runs a wallet command and answers its refusal in the words the agent sees (a DomainError), or
 * null when the wallet did as asked. A refusal is an answer to record, not an error to retry:
 * anything else is thrown for the job to retry.
 */
export async function refusalOf(walletCommand: () => Promise<unknown>): Promise<string | null> {
  try {
    await walletCommand();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return purchaseRefusalMessage(error);
  }
}

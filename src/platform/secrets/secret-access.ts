import type { SecurityEventRecorder, SecurityEventSource } from '../security/security-event-recorder.port.js';
import { lastFour } from './last-four.js';
import type { SecretCipher, SecretContext } from './secret-cipher.js';

export type SealedSecret = {
  /** What is stored: `v1:<keyId>:…`. */
  readonly stored: string;
  /** What the UI shows from then on, kept beside the value so showing it needs no decryption. */
  readonly hint: string;
};

/** Why a secret is read outside a delivery, and by whom: the credential_access event says both. */
export type SecretAccessReason = { readonly source: SecurityEventSource; readonly reason: string };

/**
 * Secrets as modules use them. Saving seals a value and keeps its last four characters;
 * a delivery (a call the owner set up) opens it without a record; every other read is
 * recorded as a `credential_access` security event before the value is handed out.
 */
export class SecretAccess {
  constructor(
    private readonly cipher: SecretCipher,
    private readonly securityEvents: SecurityEventRecorder,
  ) {}

  seal(plaintext: string, context: SecretContext): SealedSecret {
    return { stored: this.cipher.encrypt(plaintext, context), hint: lastFour(plaintext) };
  }

  /** For sending a delivery or a call the owner configured; the value goes only to that call. */
  openForDelivery(stored: string, context: SecretContext): string {
    return this.cipher.decrypt(stored, context);
  }

  /** Any other use (a test call's form, an export, an operator's tool): recorded first. */
  async reveal(stored: string, context: SecretContext, access: SecretAccessReason): Promise<string> {
    const plaintext = this.cipher.decrypt(stored, context);
    await this.securityEvents.record('credential_access', access.source, { resource: context.purpose, owner: context.owner, reason: access.reason });
    return plaintext;
  }
}

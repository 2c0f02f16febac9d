import { Migration } from '@mikro-orm/migrations';

/**
 * Rotating an integration's webhook signing secret (Standard Webhooks, as Svix does it): the
 * secret it replaces stays beside it, encrypted like the others, and keeps signing deliveries
 * until its expiry so the receiver can switch over. Secrets without an expiry never expire.
 */
export class Migration0043SigningSecretRotation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE integration_secrets ADD COLUMN expires_at timestamptz`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** A mail's attachments (file name, content type, base64 content), kept with it in the outbox as they were sent. */
export class Migration0069MailAttachments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE mail_messages ADD COLUMN attachments jsonb`);
  }
}

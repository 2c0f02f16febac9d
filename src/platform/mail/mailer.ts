import type { Transporter } from 'nodemailer';
import type pg from 'pg';

import type { JobQueue } from '../jobs/job-queue.port.js';

/** A file sent with a mail (a calendar invitation, a document); `content` is the file's text, or its bytes in base64 when `encoding` says so. */
export type MailAttachment = { readonly filename: string; readonly contentType: string; readonly content: string; readonly encoding?: 'base64' };

export type MailMessage = {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly MailAttachment[];
};

export const SEND_EMAIL_JOB = 'send-email';

export type StoredMail = MailMessage & { readonly id: string; readonly transport: 'outbox' | 'smtp'; readonly createdAt: string };

/**
 * Delivers one message, at most once per id: with SMTP_URL over SMTP, otherwise into the
 * outbox table that admins read in the portal. Either way the message is recorded.
 */
export class Mailer {
  private transporter: Promise<Transporter> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly from: string,
    private readonly smtpUrl: string | undefined,
  ) {}

  get transport(): 'smtp' | 'outbox' {
    return this.smtpUrl ? 'smtp' : 'outbox';
  }

  /** The SMTP client is loaded by the first message sent, not by every start. */
  private smtp(smtpUrl: string): Promise<Transporter> {
    this.transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return this.transporter;
  }

  async send(id: string, message: MailMessage): Promise<void> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM mail_messages WHERE id = $1', [id]);
    if (rowCount) return; // a retried job whose mail already went out
    let providerMessageId: string | null = null;
    if (this.smtpUrl) {
      const info = await (
        await this.smtp(this.smtpUrl)
      ).sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((file) => ({ ...file })),
      });
      providerMessageId = info.messageId ?? null;
    }
    await this.pool.query(
      `INSERT INTO mail_messages (id, to_address, subject, text_body, html_body, transport, provider_message_id, attachments)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [
        id,
        message.to,
        message.subject,
        message.text,
        message.html ?? null,
        this.transport,
        providerMessageId,
        message.attachments?.length ? JSON.stringify(message.attachments) : null,
      ],
    );
  }

  /** The newest recorded messages, for the admin outbox view and for tests. */
  async recent(limit = 50, to?: string): Promise<StoredMail[]> {
    const { rows } = await this.pool.query<{
      id: string;
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      transport: 'outbox' | 'smtp';
      attachments: MailAttachment[] | null;
      created_at: Date;
    }>(`SELECT * FROM mail_messages WHERE ($2::text IS NULL OR lower(to_address) = lower($2)) ORDER BY created_at DESC LIMIT $1`, [limit, to ?? null]);
    return rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      ...(r.html_body ? { html: r.html_body } : {}),
      ...(r.attachments ? { attachments: r.attachments } : {}),
      transport: r.transport,
      createdAt: r.created_at.toISOString(),
    }));
  }

  close(): void {
    void this.transporter?.then((transporter) => transporter.close());
  }
}

/** Registers the job that sends mail; its job id is the message id. */
export function registerMailJob(jobs: JobQueue, mailer: Mailer): void {
  jobs.register<MailMessage>(SEND_EMAIL_JOB, (message, { jobId }) => mailer.send(jobId, message));
}

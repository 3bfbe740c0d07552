import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Stable per outbox row: a resend after a crash carries the same Message-ID. */
  messageId: string;
  attachments: MailAttachment[];
}

/** Sends one e-mail; throws when the server refuses or cannot be reached. */
export interface MailTransport {
  readonly kind: 'smtp';
  send(message: MailMessage): Promise<{ providerMessageId: string | null }>;
}

/** nodemailer is loaded by the first e-mail sent: a thread that sends none (the API's) never loads it. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const connected = () =>
    (transporter ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(smtpUrl)));
  return {
    kind: 'smtp',
    async send(message) {
      const info = await (await connected()).sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: message.messageId,
        attachments: message.attachments,
      });
      return { providerMessageId: info.messageId ?? null };
    },
  };
}

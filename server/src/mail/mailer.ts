import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Email behind one interface (DESIGN.md section 3): the outbox by default, SMTP with SMTP_URL. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Ridgeline Arms <no-reply@ridgelinearms.example>';

/**
 * Every message is written to the outbox first, so nothing is lost when the SMTP server is down;
 * with SMTP configured it is then sent and marked. Without SMTP the outbox is the mailbox,
 * readable at the development-only /dev/mailbox page.
 */
export async function createMailer(db: Db, smtpUrl?: string): Promise<Mailer> {
  const transport = smtpUrl ? (await import('nodemailer')).createTransport(smtpUrl) : undefined;
  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
        .returning({ id: mailOutbox.id });
      if (!transport) return;
      await transport.sendMail({ from: FROM, ...message });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    },
  };
}

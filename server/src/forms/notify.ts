import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../mail/mailer';

/**
 * Mail after the data is safe: the outbox row is written first (mail/mailer.ts), so an SMTP
 * failure is logged, not turned into an error for a registration that did succeed.
 */
export async function notify(app: FastifyInstance, messages: MailMessage[]): Promise<void> {
  for (const message of messages) {
    try {
      await app.mailer.send(message);
    } catch (error) {
      app.log.error({ err: error, subject: message.subject }, 'notification mail not sent');
    }
  }
}

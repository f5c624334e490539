import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema';
import { escapeHtml, layout } from '../identity/pages';

export const MAILBOX_PATH = '/dev/mailbox';
const SHOWN = 100;

/**
 * The development mailbox (DESIGN.md section 3): the outbox, newest first, each message with its
 * text, so sign-up, verification and notification mails can be read without an SMTP server.
 * `?to=` narrows to one recipient; `Accept: application/json` answers the same list as JSON (for
 * end-to-end tests). Never registered when NODE_ENV is production.
 */
export function registerDevMailbox(app: FastifyInstance): void {
  if (app.config.NODE_ENV === 'production') return;
  app.get(MAILBOX_PATH, async (request, reply) => {
    const to = (request.query as { to?: unknown }).to;
    const recipient = typeof to === 'string' && to.trim() ? to.trim() : undefined;
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(recipient ? eq(mailOutbox.to, recipient) : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(SHOWN);
    reply.header('cache-control', 'no-store');
    if (request.headers.accept?.includes('application/json')) {
      return rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null }));
    }
    return reply.type('text/html; charset=utf-8').send(mailboxPage(rows, app.config.PUBLIC_URL, recipient));
  });
}

type Mail = typeof mailOutbox.$inferSelect;

/** Escaped text with its web addresses as links (verification links are meant to be followed). */
function textWithLinks(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function mailboxPage(mails: Mail[], shopUrl: string, recipient?: string): string {
  const items = mails
    .map(
      (m) => `<li>
<article class="mail" aria-labelledby="mail-${m.id}">
  <h2 id="mail-${m.id}">${escapeHtml(m.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(m.to)}</dd>
    <dt>Date</dt><dd><time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toUTCString())}</time></dd>
    <dt>Status</dt><dd>${m.sentAt ? 'Sent by SMTP' : 'In the outbox (not sent)'}</dd>
  </dl>
  <pre>${textWithLinks(m.text)}</pre>
</article>
</li>`,
    )
    .join('\n');
  const count = `${mails.length} ${mails.length === 1 ? 'message' : 'messages'}${mails.length === SHOWN ? ` (the newest ${SHOWN})` : ''}`;
  return layout({
    title: 'Mailbox',
    shopUrl,
    body: `<style>
.card{width:min(52rem,calc(100% - 2rem))}
.mailbox{list-style:none;margin:0;padding:0}
.mail{border-top:1px solid #d8d2c6;padding:1rem 0}
.mail h2{font-size:1.125rem;margin:0 0 .5rem}
.mail dl{display:grid;grid-template-columns:max-content 1fr;gap:.125rem 1rem;margin:0 0 .75rem;font-size:.875rem}
.mail dt{font-weight:600}
.mail dd{margin:0;overflow-wrap:anywhere}
.mail pre{margin:0;padding:.75rem;background:#f1ede5;border-radius:4px;white-space:pre-wrap;overflow-wrap:anywhere;font-size:.875rem}
</style>
<h1>Mailbox</h1>
<p class="lead">Development only: the mail the shop has written to its outbox, newest first${recipient ? `, to ${escapeHtml(recipient)}` : ''}. ${count}.</p>
${mails.length ? `<ol class="mailbox" reversed>\n${items}\n</ol>` : '<p>No mail yet.</p>'}`,
  });
}

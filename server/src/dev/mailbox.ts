import { isIP } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mailOutbox } from '../db/schema';
import { escapeHtml, layout } from '../identity/pages';

export const MAILBOX_PATH = '/dev/mailbox';
const SHOWN = 100;

/** 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const lower = address.trim().toLowerCase();
  if (isIP(lower) === 4) return lower.split('.')[0] === '127';
  if (isIP(lower) !== 6 || lower.includes('%')) return false;
  // The URL parser writes every spelling of an IPv6 address one way: 0:0:0:0:0:0:0:1 as ::1,
  // ::ffff:127.0.0.1 as ::ffff:7f00:1.
  const host = new URL(`http://[${lower}]/`).hostname;
  if (host === '[::1]') return true;
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}\]$/.exec(host);
  return !!mapped && parseInt(mapped[1], 16) >> 8 === 127;
}

/**
 * The address a proxy reports for the client, from one forwarding header: the last entry of
 * X-Forwarded-For or Forwarded (the one the nearest proxy added; earlier entries are whatever
 * the client sent), or X-Real-IP. Undefined when it cannot be read.
 */
function forwardedClient(name: string, value: string): string | undefined {
  const last = value.split(',').pop()?.trim();
  if (!last) return undefined;
  if (name !== 'forwarded') return last;
  const forPart = last
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.toLowerCase().startsWith('for='));
  if (!forPart) return undefined;
  const node = forPart.slice(4).replace(/^"|"$/g, '');
  // "[2001:db8::1]:4711" or "192.0.2.60:8080" (RFC 7239 section 6).
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(node);
  if (bracketed) return bracketed[1];
  return /^[\d.]+:\d+$/.test(node) ? node.replace(/:\d+$/, '') : node;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether a request comes from this machine (decisions 028 and 075). Whatever TRUST_PROXY says,
 * the socket's peer is the only address the server knows for sure. A
 * peer that is not loopback is refused. A loopback peer that carries a forwarding header is a
 * proxy on this machine relaying someone (nginx, `npm run dev`'s Vite proxy, which is told to
 * add X-Forwarded-For): it passes only when every forwarding header present names a loopback
 * client. Of X-Forwarded-For and Forwarded only the last entry is read, the one the nearest proxy
 * added; earlier entries are whatever the client wrote. A proxy on this machine that adds no
 * forwarding header makes every visitor look local: run the shop behind it with
 * NODE_ENV=production or DEV_MAILBOX=off (README).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopback(request.socket.remoteAddress)) return false;
  // With TRUST_PROXY (decision 075) request.ip is the client the trusted proxies' chain names,
  // which may be a stranger before a local last entry: it must be local too. Without, it is the
  // socket's address, checked above.
  if (!isLoopback(request.ip)) return false;
  for (const name of FORWARDING_HEADERS) {
    const sent = request.headers[name];
    if (sent === undefined) continue;
    const value = Array.isArray(sent) ? sent.join(',') : sent;
    if (!isLoopback(forwardedClient(name, value))) return false;
  }
  return true;
}

/**
 * The development mailbox (DESIGN.md section 3): the outbox, newest first, each message with its
 * text, so sign-up, verification and notification mails can be read without an SMTP server.
 * `?to=` narrows to one recipient; `Accept: application/json` answers the same list as JSON (for
 * end-to-end tests). It holds order confirmations with home addresses and verification links, so
 * (decision 028): never registered when NODE_ENV is production, whatever DEV_MAILBOX says; not
 * registered with DEV_MAILBOX=off; with DEV_MAILBOX=loopback (the default) a client that is not
 * on this machine gets the answer of an unknown path, as if there were no mailbox.
 */
export function registerDevMailbox(app: FastifyInstance): void {
  const setting = app.config.DEV_MAILBOX;
  if (app.config.NODE_ENV === 'production') {
    if (setting === 'open') app.log.warn('DEV_MAILBOX=open is ignored: the dev mailbox is never served with NODE_ENV=production');
    return;
  }
  if (setting === 'off') return;
  if (setting === 'open') app.log.warn(`DEV_MAILBOX=open: ${MAILBOX_PATH} shows the outbox to anyone who can reach this server`);
  app.get(MAILBOX_PATH, async (request, reply) => {
    if (setting === 'loopback' && !fromThisMachine(request)) return reply.callNotFound();
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

import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { FieldErrors } from './pages';

/** An identity page: HTML, never cached (it may carry a form's values or a link's token). */
export function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * A form post's fields (src/domain/account-registration.ts reads them): its text values. The pages
 * post urlencoded forms, whose values are all text; a value of another type (a JSON body) is no
 * value, so the form's own rules answer it.
 */
export function formText(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** What a page shows under its fields: the first message of each wrong field. */
export function fieldErrors(result: z.ZodSafeParseResult<unknown>): FieldErrors {
  const errors: FieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

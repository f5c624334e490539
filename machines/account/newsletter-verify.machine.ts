import { emit, setup } from 'xstate';
import { notProvided } from '../shared/not-provided';
import { VERIFY_TEXTS, type VerifyEmitted } from './account.types';

/**
 * The server's `data.message` of a failed verification (shop-core.md section 8): the API
 * client's error keeps the response body; without one the spec's fallback text is used.
 */
export function verifyFailureText(error: unknown): string {
  const body = error !== null && typeof error === 'object' ? (error as { body?: unknown }).body : undefined;
  const message = body !== null && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message : VERIFY_TEXTS.failed;
}

/**
 * Email verification (/Newsletter/verify/{token}, shop-core.md sections 2 and 8): the page says
 * 'VERIFYING EMAIL...' while GET /Newsletter/verify/{token} runs, then 'Email verified
 * successfully' or the server's message (else 'Email verification failed'); either way the
 * visit ends (`done`) and the view goes home.
 */
export const newsletterVerifyMachine = setup({
  types: {
    context: {} as { token: string },
    input: {} as { token: string },
    emitted: {} as VerifyEmitted,
  },
  actors: {
    verifyEmail: notProvided<void, { token: string }>('verifyEmail'),
  },
  actions: {
    notify: emit((_, params: { kind: 'success' | 'error'; text: string }) => ({
      type: 'notification.show' as const,
      kind: params.kind,
      text: params.text,
    })),
  },
}).createMachine({
  id: 'newsletterVerify',
  context: ({ input }) => ({ token: input.token }),
  initial: 'verifying',
  states: {
    verifying: {
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'done', actions: { type: 'notify', params: { kind: 'success', text: VERIFY_TEXTS.verified } } },
        onError: {
          target: 'done',
          actions: { type: 'notify', params: ({ event }) => ({ kind: 'error', text: verifyFailureText(event.error) }) },
        },
      },
    },
    done: { type: 'final' },
  },
});

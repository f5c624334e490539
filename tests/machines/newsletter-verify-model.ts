import { newsletterVerifyMachine } from '../../machines/account/newsletter-verify.machine';
import type { PathModel } from './test-model';

/**
 * Email verification's path model (shared by tests/machines/account-verify.test.ts and the
 * scenario docs, docs/machines/newsletter-verify.md).
 */

export const token = 'tok_abcdefghijklmnop';
export const expired = { name: 'ApiError', status: 404, message: 'Not Found', body: { status: 404, title: 'Not Found', message: 'This verification link has expired.' } };
export const offline = { name: 'ApiError', status: 0, message: 'Failed to fetch' };

const events = [
  { type: 'xstate.done.actor.verifyEmail' },
  { type: 'xstate.error.actor.verifyEmail', error: expired },
  { type: 'xstate.error.actor.verifyEmail', error: offline },
];

export const newsletterVerifyModel: PathModel<typeof newsletterVerifyMachine> = {
  machine: newsletterVerifyMachine,
  options: {
    events: events as never,
    serializeTransition: (_state, event) => (event ? ` via ${JSON.stringify(event)}` : ''),
  },
  starts: [{ name: '', input: { token } }],
};

import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { VERIFY_TEXTS, type VerifyEmitted } from '../../machines/account/account.types';
import { newsletterVerifyMachine, verifyFailureText } from '../../machines/account/newsletter-verify.machine';
import { createFakeActors } from './fake-actors';
import { expired, newsletterVerifyModel, offline, token } from './newsletter-verify-model';
import { shortestPaths } from './test-model';
import { COVERAGE_TIMEOUT_MS, createTransitionCoverage } from './transition-coverage';

/**
 * Graph path tests for email verification (/Newsletter/verify/{token}, shop-core.md section 8):
 * 'Email verified successfully', or the server's data.message, or 'Email verification failed'.
 */

const coverage = createTransitionCoverage(newsletterVerifyMachine);

describe('newsletter verify machine: shortest paths', () => {
  const [{ paths }] = shortestPaths(newsletterVerifyModel);
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(3);
  });

  for (const path of paths) {
    it(path.description, coverage.counted(async () => {
      const fakes = createFakeActors();
      const actor = createActor(newsletterVerifyMachine.provide({ actors: { verifyEmail: fakes.promise<void, { token: string }>('verifyEmail') } }), {
        input: { token },
        inspect: coverage.inspect,
      });
      const emitted: VerifyEmitted[] = [];
      actor.on('*', (event) => emitted.push(event));
      actor.start();
      const expected: VerifyEmitted[] = [];
      try {
        await path.test({
          states: {
            verifying: () => {
              expect(fakes.callsOf('verifyEmail')).toEqual([{ token }]);
              expect(emitted).toEqual([]);
            },
            done: () => {
              expect(actor.getSnapshot().status).toBe('done');
              expect(emitted).toEqual(expected);
            },
          },
          events: {
            'xstate.done.actor.verifyEmail': async () => {
              expected.push({ type: 'notification.show', kind: 'success', text: VERIFY_TEXTS.verified });
              await fakes.resolve('verifyEmail', undefined);
            },
            'xstate.error.actor.verifyEmail': async ({ event }: { event: EventObject & { error?: unknown } }) => {
              const text = event.error === expired ? 'This verification link has expired.' : VERIFY_TEXTS.failed;
              expected.push({ type: 'notification.show', kind: 'error', text });
              await fakes.reject('verifyEmail', event.error);
            },
          },
        } as never);
      } finally {
        actor.stop();
      }
    }));
  }

  it('covers every transition', async () => {
    await coverage.runCounted();
    expect(coverage.uncovered().map((t) => t.label)).toEqual([]);
  }, COVERAGE_TIMEOUT_MS);
});

describe('verifyFailureText', () => {
  it("is the server's data.message, else 'Email verification failed'", coverage.counted(() => {
    expect(verifyFailureText(expired)).toBe('This verification link has expired.');
    expect(verifyFailureText(offline)).toBe('Email verification failed');
    expect(verifyFailureText({ body: { message: '  ' } })).toBe('Email verification failed');
    expect(verifyFailureText(null)).toBe('Email verification failed');
  }));
});

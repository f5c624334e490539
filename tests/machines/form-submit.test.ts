import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { formSubmitMachine } from '../../machines/forms/form-submit.machine';
import type { FormSubmitEmitted, FormSubmitEvent, FormValues } from '../../machines/forms/form-submit.types';
import { createFakeActors } from './fake-actors';
import { createTimedTestModel } from './test-model';
import { createTransitionCoverage } from './transition-coverage';

/**
 * Graph path tests for the captcha-protected forms' submission (catalogue-and-content.md sections
 * 4, 5, 7, 8): every shortest and simple path is replayed against a real actor whose `send` is a
 * fake the path settles. On every step: one request at most, the values sent are the form's, a
 * success notice and a reset per success, the server's message on failure.
 */

const SUCCESS = 'You have been subscribed to the newsletter';
const values: FormValues = { email: 'shopper@example.com', captcha: 'solved' };
const serverError = Object.assign(new Error('Too many requests, please try again later'), { status: 429 });

const events = [
  { type: 'form.submit', values },
  { type: 'form.edit' },
  { type: 'xstate.done.actor.send', output: null },
  { type: 'xstate.error.actor.send', error: serverError },
] as unknown as FormSubmitEvent[];

// The success count grows without end: a node is the state alone. The transitions back out of
// succeeded and failed revisit states, so the sequences below take them.
const model = createTimedTestModel(formSubmitMachine, {
  events,
  input: { successText: SUCCESS },
  serializeState: (state: { value: unknown }) => JSON.stringify(state.value),
} as never);
const coverage = createTransitionCoverage(formSubmitMachine);

function startActor() {
  const fakes = createFakeActors();
  const emitted: FormSubmitEmitted[] = [];
  const actor = createActor(formSubmitMachine.provide({ actors: { send: fakes.promise<string | null, FormValues>('send') } }), {
    input: { successText: SUCCESS },
    inspect: coverage.inspect,
  });
  actor.on('*', (event) => emitted.push(event as FormSubmitEmitted));
  actor.start();
  return { actor, fakes, emitted };
}

type Sut = ReturnType<typeof startActor>;

function pathParams(sut: Sut) {
  const { actor, fakes, emitted } = sut;
  let successes = 0;
  let failures = 0;
  let requests = 0;
  const notices = () => emitted.filter((event) => event.type === 'notification.show');
  const check = (value: string) => {
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe(value);
    expect(fakes.callsOf('send')).toHaveLength(requests);
    expect(fakes.callsOf('send').every((input) => JSON.stringify(input) === JSON.stringify(values))).toBe(true);
    expect(fakes.isRunning('send')).toBe(value === 'submitting');
    expect(snapshot.context.successes).toBe(successes);
    expect(emitted.filter((event) => event.type === 'form.reset')).toHaveLength(successes);
    expect(notices()).toHaveLength(successes + failures);
  };
  return {
    states: {
      idle: () => check('idle'),
      submitting: () => check('submitting'),
      succeeded: () => {
        check('succeeded');
        expect(notices().at(-1)).toEqual({ type: 'notification.show', kind: 'success', text: SUCCESS });
      },
      failed: () => {
        check('failed');
        expect(notices().at(-1)).toEqual({ type: 'notification.show', kind: 'error', text: serverError.message });
      },
    },
    events: {
      'form.submit': ({ event }: { event: FormSubmitEvent }) => {
        if (actor.getSnapshot().can(event)) requests += 1;
        actor.send(event);
      },
      'form.edit': ({ event }: { event: FormSubmitEvent }) => {
        actor.send(event);
      },
      'xstate.done.actor.send': async () => {
        successes += 1;
        await fakes.resolve('send', null);
      },
      'xstate.error.actor.send': async () => {
        failures += 1;
        await fakes.reject('send', serverError);
      },
    },
  };
}

async function runPath(path: { test: (params: never) => Promise<unknown> }) {
  const sut = startActor();
  try {
    await path.test(pathParams(sut) as never);
  } finally {
    sut.actor.stop();
  }
}

describe('form submit machine: shortest paths', () => {
  const paths = model.getShortestPaths();
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(2);
  });
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('form submit machine: simple paths', () => {
  const paths = model.getSimplePaths();
  it('has a pinned number of simple paths', () => {
    expect(paths.length).toBe(PINNED_SIMPLE);
  });
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('form submit machine: after a result', () => {
  it('succeeded: editing goes back to idle; a new submit sends again', async () => {
    const { actor, fakes, emitted } = startActor();
    actor.send({ type: 'form.submit', values });
    await fakes.resolve('send', null);
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'form.submit', values });
    await fakes.resolve('send', null);
    actor.send({ type: 'form.submit', values });
    expect(actor.getSnapshot().value).toBe('submitting');
    await fakes.reject('send', serverError);
    expect(fakes.callsOf('send')).toHaveLength(3);
    expect(emitted.filter((event) => event.type === 'form.reset')).toHaveLength(2);
    actor.stop();
  });

  it('failed: a retry sends again; editing goes back to idle', async () => {
    const { actor, fakes, emitted } = startActor();
    actor.send({ type: 'form.submit', values });
    await fakes.reject('send', serverError);
    actor.send({ type: 'form.submit', values });
    await fakes.reject('send', serverError);
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([
      { type: 'notification.show', kind: 'error', text: serverError.message },
      { type: 'notification.show', kind: 'error', text: serverError.message },
    ]);
    actor.stop();
  });
});

describe('form submit machine: one request at a time', () => {
  it('a second submit while sending is ignored', async () => {
    const { actor, fakes } = startActor();
    actor.send({ type: 'form.submit', values });
    actor.send({ type: 'form.submit', values });
    expect(fakes.callsOf('send')).toHaveLength(1);
    await fakes.resolve('send', null);
    expect(actor.getSnapshot().value).toBe('succeeded');
    actor.stop();
  });
});

const PINNED_SIMPLE = 2;

afterAll(() => {
  if (coverage.uncovered().length) console.log(coverage.report('formSubmit'));
  expect(coverage.uncovered().map((transition) => transition.label)).toEqual([]);
});

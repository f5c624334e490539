import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dealerRegistrationMachine, fieldErrorsOf } from '../../machines/dealer-registration/dealer-registration.machine';
import type { FormSubmitEmitted, FormSubmitEvent, SubmittedValues } from '../../machines/forms/form-submit.types';
import { dealerRegistrationDefaults } from '../../src/domain/dealer-registration';
import { formValues } from '../support/dealer-registration';
import { dealerRegistrationModel, invalidErrors, serverError, SUCCESS, valid } from './dealer-registration-model';
import { createFakeActors } from './fake-actors';
import { createTimedTestModel, shortestPaths, replayPath, type ReplayablePath } from './test-model';
import { createTransitionCoverage } from './transition-coverage';
import { itCoversEveryTransition } from './cover-every-transition';

/**
 * Graph path tests for the dealer registration (catalogue-and-content.md sections 4, 5, 7, 8), the
 * form-submit machine with the registration's rules provided: every shortest and simple path is
 * replayed against a real actor whose `send` is a fake the path settles. On every step: nothing is sent while the form breaks a rule (the captcha
 * included), one request at most at a time, the values sent are the form's, the errors shown are
 * the spec's, the server's message on success (with a reset) and the API error's on failure, and
 * a new captcha round after every answer.
 */

// The simple paths are asked of the same model.
const model = createTimedTestModel(dealerRegistrationModel.machine, dealerRegistrationModel.options);
const coverage = createTransitionCoverage(dealerRegistrationMachine, 'dealerRegistration');

function startActor() {
  const fakes = createFakeActors();
  const emitted: FormSubmitEmitted[] = [];
  const actor = createActor(dealerRegistrationMachine.provide({ actors: { send: fakes.promise<string | null, SubmittedValues>('send') } }), {
    input: {},
    inspect: coverage.inspect,
  });
  actor.on('*', (event) => emitted.push(event as FormSubmitEmitted));
  actor.start();
  return { actor, fakes, emitted };
}

type Sut = ReturnType<typeof startActor>;

function pathParams(sut: Sut) {
  const { actor, fakes, emitted } = sut;
  let requests = 0;
  let successes = 0;
  let failures = 0;
  let expectedErrors: Record<string, string> = {};
  const notices = () => emitted.filter((event) => event.type === 'notification.show');
  const check = (value: string) => {
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe(value);
    expect(fakes.callsOf('send')).toHaveLength(requests);
    // Only a form that passes every rule is ever sent.
    expect(fakes.callsOf('send').every((input) => input === valid)).toBe(true);
    expect(fakes.isRunning('send')).toBe(value === 'submitting');
    expect(snapshot.context.errors).toEqual(expectedErrors);
    expect(snapshot.context.successes).toBe(successes);
    // Every answer spends the captcha: a new round, on which the view resets it (issue 19 item 6).
    expect(snapshot.context.captchaRound).toBe(successes + failures);
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
      'form.submit': ({ event }: { event: Extract<FormSubmitEvent, { type: 'form.submit' }> }) => {
        const state = actor.getSnapshot();
        if (!state.matches('submitting')) {
          if (event.values === valid) {
            requests += 1;
            expectedErrors = {};
          } else expectedErrors = { ...invalidErrors };
        }
        actor.send(event);
      },
      'form.edit': ({ event }: { event: Extract<FormSubmitEvent, { type: 'form.edit' }> }) => {
        const { [event.field ?? '']: _gone, ...rest } = expectedErrors;
        expectedErrors = rest;
        actor.send(event);
      },
      'xstate.done.actor.send': async () => {
        successes += 1;
        await fakes.resolve('send', SUCCESS);
      },
      'xstate.error.actor.send': async () => {
        failures += 1;
        expectedErrors = { fflDocument: 'FFL document must be a PDF or TIFF file' };
        await fakes.reject('send', serverError);
      },
    },
  };
}

const runPath = (path: ReplayablePath) => replayPath(path, startActor, pathParams);

describe('dealer registration machine: shortest paths', () => {
  const [{ paths }] = shortestPaths(dealerRegistrationModel);
  it('has a pinned number of shortest paths', () => {
    expect(paths.length).toBe(PINNED_SHORTEST);
  });
  for (const path of paths) it(path.description, coverage.counted(() => runPath(path)));
});

/*
 * The simple paths stay (issue 20 item 5): only they submit a form that breaks the rules after an
 * answer (from `succeeded` and from `failed` back to `idle`), where nothing may be sent and the
 * rules' errors replace the answer's.
 */
describe('dealer registration machine: simple paths', () => {
  const paths = model.getSimplePaths({ input: {} });
  it('has a pinned number of simple paths', () => {
    expect(paths.length).toBe(PINNED_SIMPLE);
  });
  for (const path of paths) it(path.description, coverage.counted(() => runPath(path)));
});

describe('dealer registration machine: rules and results', () => {
  it('an empty form is not sent: every required field says Required, the captcha its message', coverage.counted(() => {
    const { actor, fakes } = startActor();
    actor.send({ type: 'form.submit', values: formValues({ ...dealerRegistrationDefaults }) });
    const { errors, rejectedSubmits } = actor.getSnapshot().context;
    expect(fakes.callsOf('send')).toEqual([]);
    expect(errors.company).toBe('Required');
    expect(errors.postalCode).toBe('Required');
    expect(errors.captcha).toBe('Please complete the reCAPTCHA');
    expect(rejectedSubmits).toBe(1);
    actor.stop();
  }));

  it('a second submit while sending is ignored; editing then clears only that field', coverage.counted(async () => {
    const { actor, fakes } = startActor();
    actor.send({ type: 'form.submit', values: valid });
    actor.send({ type: 'form.submit', values: valid });
    actor.send({ type: 'form.edit', field: 'company' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(fakes.callsOf('send')).toHaveLength(1);
    await fakes.reject('send', serverError);
    actor.send({ type: 'form.edit', field: 'company' });
    expect(actor.getSnapshot().context.errors).toEqual({ fflDocument: 'FFL document must be a PDF or TIFF file' });
    actor.send({ type: 'form.edit', field: 'fflDocument' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.stop();
  }));

  it('after a success or a failure, a valid submit sends again (retry, second registration)', coverage.counted(async () => {
    const { actor, fakes, emitted } = startActor();
    actor.send({ type: 'form.submit', values: valid });
    await fakes.resolve('send', SUCCESS);
    actor.send({ type: 'form.submit', values: valid });
    expect(actor.getSnapshot().value).toBe('submitting');
    await fakes.reject('send', serverError);
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'form.submit', values: valid });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.errors).toEqual({});
    await fakes.resolve('send', SUCCESS);
    expect(fakes.callsOf('send')).toHaveLength(3);
    expect(emitted.filter((event) => event.type === 'form.reset')).toHaveLength(2);
    expect(emitted.filter((event) => event.type === 'notification.show').map((event) => event.type === 'notification.show' && event.kind)).toEqual([
      'success',
      'error',
      'success',
    ]);
    actor.stop();
  }));

  it('editing after a success goes back to idle, ready for a second registration', coverage.counted(async () => {
    const { actor, fakes } = startActor();
    actor.send({ type: 'form.submit', values: valid });
    await fakes.resolve('send', SUCCESS);
    actor.send({ type: 'form.edit', field: 'company' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, successes: 1, captchaRound: 1, rejectedSubmits: 0 });
    expect(fakes.callsOf('send')).toHaveLength(1);
    actor.stop();
  }));

  it("a field the server refuses shows its message under the field; the spent captcha must be solved again (issue 19 item 6)", coverage.counted(async () => {
    const { actor, fakes } = startActor();
    // (A second application of an address is no longer refused, issue 39; any field error is shown so.)
    const message = 'Email must be a valid email address';
    const duplicate = Object.assign(new Error(message), {
      status: 400,
      body: { status: 400, title: 'Bad Request', message, errors: [{ field: 'email', message }] },
    });
    actor.send({ type: 'form.submit', values: valid });
    await fakes.reject('send', duplicate);
    expect(actor.getSnapshot().context).toMatchObject({ errors: { email: message }, captchaRound: 1 });
    // The view reset the captcha on the new round: the form now holds no captcha value.
    actor.send({ type: 'form.submit', values: { ...valid, email: 'other@gemstate.example', captcha: '' } });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errors).toEqual({ captcha: 'Please complete the reCAPTCHA' });
    expect(fakes.callsOf('send')).toHaveLength(1);
    // Solved again: sent.
    actor.send({ type: 'form.submit', values: { ...valid, email: 'other@gemstate.example', captcha: 'solved-again' } });
    expect(actor.getSnapshot().value).toBe('submitting');
    await fakes.resolve('send', SUCCESS);
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, captchaRound: 2, successes: 1 });
    actor.stop();
  }));

  it('a failure without a message shows a generic one; malformed field errors are skipped', coverage.counted(async () => {
    const { actor, fakes, emitted } = startActor();
    for (const failure of [new Error(''), new Error('  '), 'boom']) {
      actor.send({ type: 'form.submit', values: valid });
      await fakes.reject('send', failure);
    }
    expect(emitted.filter((event) => event.type === 'notification.show').map((event) => event.type === 'notification.show' && event.text)).toEqual(
      Array(3).fill('Your registration could not be sent. Please try again.'),
    );
    actor.stop();
    expect(fieldErrorsOf({ body: { errors: [null, { field: 'city' }, { field: 'state', message: 'Required' }, { field: 'state', message: 'Other' }] } })).toEqual({ state: 'Required' });
    expect(fieldErrorsOf(null)).toEqual({});
    // A captcha refusal that names no field (the contract's check of a missing X-Captcha) is the captcha's.
    expect(fieldErrorsOf({ body: { status: 400, message: 'Please complete the reCAPTCHA' } })).toEqual({ captcha: 'Please complete the reCAPTCHA' });
    expect(fieldErrorsOf({ body: { status: 400, message: 'Something else' } })).toEqual({});
  }));
});

const PINNED_SHORTEST = 3;
const PINNED_SIMPLE = 7;

describe('dealerRegistration machine: transition coverage', () => {
  itCoversEveryTransition(coverage, 'dealerRegistration');
});

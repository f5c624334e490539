// The one way a view reads a machine's connect (issue 20 item 2): a structural comparison, so a
// view re-renders when a connect result changes in value and never when only its closures are new.
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { structurallyEqual, useConnect } from '../../../src/components/use-connect';

describe('structurallyEqual', () => {
  it('compares primitives by value, NaN and all', () => {
    expect(structurallyEqual(1, 1)).toBe(true);
    expect(structurallyEqual('a', 'a')).toBe(true);
    expect(structurallyEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(structurallyEqual(null, null)).toBe(true);
    expect(structurallyEqual(1, 2)).toBe(false);
    expect(structurallyEqual(null, undefined)).toBe(false);
    expect(structurallyEqual(0, '0')).toBe(false);
  });

  it('compares plain objects and arrays key by key, nested', () => {
    expect(structurallyEqual({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'x' }] })).toBe(true);
    expect(structurallyEqual({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'y' }] })).toBe(false);
    expect(structurallyEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(structurallyEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(structurallyEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(structurallyEqual([], {})).toBe(false);
    expect(structurallyEqual({ a: null }, { a: {} })).toBe(false);
  });

  it('takes any two functions as equal, a function and a value not', () => {
    expect(structurallyEqual({ send: () => 1 }, { send: () => 2 })).toBe(true);
    expect(structurallyEqual({ send: () => 1 }, { send: null })).toBe(false);
  });

  it('compares other objects by identity', () => {
    const date = new Date(0);
    expect(structurallyEqual(date, date)).toBe(true);
    expect(structurallyEqual(new Date(0), new Date(0))).toBe(false);
  });
});

describe('useConnect', () => {
  const machine = setup({
    types: { context: {} as { count: number; noise: number }, events: {} as { type: 'count' } | { type: 'noise' } },
  }).createMachine({
    context: { count: 0, noise: 0 },
    on: {
      count: { actions: assign({ count: ({ context }) => context.count + 1 }) },
      noise: { actions: assign({ noise: ({ context }) => context.noise + 1 }) },
    },
  });

  it('re-renders when the connect result changes in value, not on every snapshot', () => {
    const actor = createActor(machine).start();
    const connect = (snapshot: ReturnType<typeof actor.getSnapshot>) => ({
      count: snapshot.context.count,
      lines: [{ even: snapshot.context.count % 2 === 0 }],
      add: () => actor.send({ type: 'count' }),
    });
    let renders = 0;
    let last: ReturnType<typeof connect> | null = null;
    function View() {
      renders += 1;
      last = useConnect(actor, connect);
      return <p>{last.count}</p>;
    }
    const { container } = render(<View />);
    expect(renders).toBe(1);

    act(() => actor.send({ type: 'noise' }));
    expect(renders).toBe(1);

    act(() => last!.add());
    expect(renders).toBe(2);
    expect(container.textContent).toBe('1');
    actor.stop();
  });
});

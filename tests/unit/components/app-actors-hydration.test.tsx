import { startTransition, useEffect, useRef, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../../../src/services/app-services';
import { ActorBoundary, AppProviders, trackActors, useAppActors, type AppActors } from '../../../src/services/providers';

/** Stand-ins for the actors: the views below only read that they are there. */
const loadedActors = { notification: {}, session: {}, cart: {}, consent: {} } as unknown as AppActors;
const services = {} as AppServices;

/** Called as a view renders, before it reads the actors (the tests make them arrive then). */
let rendering: () => void = () => undefined;

/** A view like the dealer registration screen's: a hook before the actors, and one after. */
function View() {
  const before = useRef('before');
  rendering();
  const actors = useAppActors();
  const after = useRef('after');
  return (
    <p>
      {before.current} {actors === loadedActors ? 'actors' : 'none'} {after.current}
    </p>
  );
}

/** Rendered after the view: its effect runs once React has hydrated (or client-rendered) it. */
function Done({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

const roots: Root[] = [];
afterEach(() => {
  rendering = () => undefined;
  roots.splice(0).forEach((root) => root.unmount());
});

/** The server's HTML (the actors are there at once), hydrated while the browser's are loading. */
async function hydrateWhileLoading(tree: (done: ReactNode) => ReactNode, arrive: (resolve: () => void) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<AppProviders services={services} actors={loadedActors}>{tree(null)}</AppProviders>);
  let hydrated!: () => void;
  const done = new Promise<void>((resolve) => (hydrated = resolve));
  let resolve!: (actors: AppActors) => void;
  const actors = new Promise<AppActors>((done) => (resolve = done));
  trackActors(actors);
  const errors: unknown[] = [];
  startTransition(() => {
    roots.push(
      hydrateRoot(container, <AppProviders services={services} actors={actors}>{tree(<Done then={hydrated} />)}</AppProviders>, {
          onRecoverableError: (error) => errors.push(error),
          onUncaughtError: (error) => errors.push(error),
      }),
    );
  });
  arrive(() => resolve(loadedActors));
  await done;
  return { container, errors };
}

describe('the actors arriving while the page hydrates (decision 057)', () => {
  it('a view outside any boundary that suspended on them resumes with its hooks in order (no React error 467)', async () => {
    const { container, errors } = await hydrateWhileLoading(
      (done) => (
        <>
          <View />
          {done}
        </>
      ),
      // They arrive while React waits on them in the same render (React replays the view).
      (resolve) => {
        rendering = () => {
          rendering = () => undefined;
          queueMicrotask(resolve);
        };
      },
    );
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('before actors after');
  });

  it('a view inside an ActorBoundary hydrates once they arrive, later', async () => {
    const { container, errors } = await hydrateWhileLoading(
      (done) => (
        <ActorBoundary>
          <View />
          {done}
        </ActorBoundary>
      ),
      // They arrive after the rest has hydrated.
      (resolve) => setTimeout(resolve, 20),
    );
    expect(errors).toEqual([]);
    expect(container.querySelector('p')?.textContent).toBe('before actors after');
  });

  it('once they are there, a view reads them without suspending', async () => {
    const actors = Promise.resolve(loadedActors);
    const ready = trackActors(actors);
    await actors;
    await Promise.resolve();
    expect(ready).toMatchObject({ status: 'fulfilled', value: loadedActors });
  });
});

import { fromCallback } from 'xstate';
import type { BridgeEvent, BuilderPort } from './builder-bridge.types';

/**
 * Listens to the engine's messages on the page's end of the port for as long as the bridge runs,
 * handing each one, unread, to the bridge (`engine.message`), which parses it.
 */
export const listenToEngine = fromCallback<BridgeEvent, { port: BuilderPort }>(({ input, sendBack }) => {
  const listener = (event: { data: unknown }) => sendBack({ type: 'engine.message', data: event.data });
  input.port.addEventListener('message', listener);
  input.port.start?.();
  return () => input.port.removeEventListener('message', listener);
});

import { useActorRef } from '@xstate/react';
import { useActorSelector } from '../../services/actor-selector';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { connect } from '../../../machines/builder-bridge/builder-bridge.connect';
import { builderBridgeMachine } from '../../../machines/builder-bridge/builder-bridge.machine';
import type { IgnoredMessage } from '../../../machines/builder-bridge/builder-bridge.types';
import { engineMessageOf, type BuilderPort, type ShownPart } from '../../domain/builder-protocol';
import { builderCanvasSize, type CanvasSize } from '../../domain/builder-layout';
import styles from './builder.module.css';

interface ViewportProps {
  parts: ShownPart[];
  /** The slot whose picker has focus: its part is outlined in the scene. */
  focusedSlot: string | null;
  /** A part was clicked in the scene. */
  onPartPicked: (slot: string) => void;
  /** What the picture shows, for screen readers (the build's notes). */
  description: string;
  /** File name of a saved image. */
  imageName: string;
}

/** Section 8: an invalid guest id or an unknown message type is logged and ignored. */
const logIgnored = (_: unknown, params: IgnoredMessage) => console.warn(`3D builder: ${params.detail} Ignored.`, params.data);

/**
 * The 3D view (catalogue-and-content.md sections 2, 4, 9): a canvas 16:9 within its container, at
 * most the window height minus 140 tall, resized with the window. The page talks to the engine
 * only through the bridge machine over a MessageChannel (docs/builder-protocol.md); the engine
 * (Babylon.js) is its own chunk, fetched when this view mounts.
 */
export function BuilderViewport({ parts, focusedSlot, onPartPicked, description, imageName }: ViewportProps) {
  const [channel] = useState(() => new MessageChannel());
  const machine = useMemo(() => builderBridgeMachine.provide({ actions: { logIgnored } }), []);
  const actor = useActorRef(machine, { input: { port: channel.port1 as BuilderPort } });
  const value = useActorSelector(actor, (snapshot) => snapshot.value);
  const failure = useActorSelector(actor, (snapshot) => snapshot.context.failure);
  const bridge = useMemo(() => connect(actor.getSnapshot(), actor.send), [actor, value, failure]); // eslint-disable-line react-hooks/exhaustive-deps
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<CanvasSize | null>(null);
  const picked = useRef(onPartPicked);

  useEffect(() => {
    picked.current = onPartPicked;
  }, [onPartPicked]);

  // The canvas box follows the container's width and the window's height.
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => {
      const next = builderCanvasSize(element.clientWidth, globalThis.innerHeight);
      setSize((current) => (current && current.width === next.width && current.height === next.height ? current : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    globalThis.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      globalThis.removeEventListener('resize', measure);
    };
  }, []);

  // The engine: its chunk is fetched, then it starts on the canvas with the other end of the port;
  // it is disposed when the view goes away.
  useEffect(() => {
    let cancelled = false;
    let dispose: (() => void) | null = null;
    import('./engine/rifle-engine')
      .then(({ startRifleEngine }) => {
        if (cancelled || !canvas.current) return;
        dispose = startRifleEngine(canvas.current, channel.port2).dispose;
      })
      .catch((error: unknown) => {
        if (!cancelled) {
          channel.port2.postMessage(
            engineMessageOf({ type: 'engine.failed', reason: 'engine-error', message: error instanceof Error ? error.message : String(error) }),
          );
        }
      });
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [channel]);

  // What the bridge passes on from the engine.
  useEffect(() => {
    const pickedPart = actor.on('bridge.part.picked', (event) => picked.current(event.slot));
    const snapshot = actor.on('bridge.snapshot', (event) => {
      const link = document.createElement('a');
      link.href = event.dataUrl;
      link.download = imageName;
      link.click();
    });
    return () => {
      pickedPart.unsubscribe();
      snapshot.unsubscribe();
    };
  }, [actor, imageName]);

  // The configuration to show (queued by the bridge until the engine has loaded).
  const partsKey = JSON.stringify(parts);
  useEffect(() => {
    bridge.show(JSON.parse(partsKey) as ShownPart[]);
  }, [bridge, partsKey]);
  useEffect(() => {
    bridge.focusPart(focusedSlot);
  }, [bridge, focusedSlot]);
  // The page is ready once it has its configuration and listens.
  useEffect(() => {
    actor.send({ type: 'page.ready' });
  }, [actor]);

  const status = bridge.status;
  return (
    <div ref={frame} className={styles.frame}>
      <div
        className={styles.stage}
        style={size ? { width: `${size.width}px`, height: `${size.height}px` } : undefined}
        data-testid="builder-stage"
        data-engine={status}
      >
        <canvas ref={canvas} className={styles.canvas} role="img" aria-label={`3D view of your build: ${description}`} hidden={status === 'failed'} />
        {status === 'loading' ? (
          <div className={styles.stageNotice} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            Loading the 3D view…
          </div>
        ) : null}
        {status === 'failed' ? (
          <div className={`${styles.stageNotice} ${styles.stageFailed}`} role="alert">
            <CubeIcon />
            <p>{bridge.failureText}</p>
          </div>
        ) : null}
        {status === 'ready' ? (
          <div className={styles.stageTools}>
            <button type="button" className={styles.toolButton} onClick={bridge.resetCamera}>
              Reset view
            </button>
            <button type="button" className={styles.toolButton} onClick={() => bridge.requestSnapshot(`shot-${Date.now()}`)}>
              Save image
            </button>
          </div>
        ) : null}
      </div>
      {status === 'ready' ? <p className={styles.hint}>Drag to turn the rifle, scroll or pinch to zoom, click a part to change it.</p> : null}
    </div>
  );
}

function CubeIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" focusable="false">
      <path d="M12 2 3 7v10l9 5 9-5V7l-9-5Z" />
      <path d="m3 7 9 5 9-5M12 12v10" />
    </svg>
  );
}

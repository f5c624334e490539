import '@babylonjs/core/Culling/ray';
import '@babylonjs/core/Rendering/outlineRenderer';
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera';
import { Engine } from '@babylonjs/core/Engines/engine';
import { PointerEventTypes } from '@babylonjs/core/Events/pointerEvents';
import { DirectionalLight } from '@babylonjs/core/Lights/directionalLight';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { CreateGround } from '@babylonjs/core/Meshes/Builders/groundBuilder';
import type { AbstractMesh } from '@babylonjs/core/Meshes/abstractMesh';
import type { TransformNode } from '@babylonjs/core/Meshes/transformNode';
import { Scene } from '@babylonjs/core/scene';
import {
  engineMessageOf,
  parsePageMessage,
  type BuilderPort,
  type EngineMessage,
  type PageMessage,
  type ShownPart,
} from '../../../domain/builder-protocol';
import { buildRifle, createMaterials, rifleSpec, type RifleMaterials } from './rifle-model';
import { prefersReducedMotion } from '../../../components/reduced-motion';

/*
 * The 3D builder's engine (decision 019; docs/builder-protocol.md): a Babylon.js scene that draws
 * the rifle the page asks for, speaking the builder protocol over a MessagePort. It knows nothing
 * of the page but the protocol, so it could as well run in an iframe with the same port.
 */

/** The studio backdrop: a warm light grey; the ground fades into it through the fog (no horizon line). */
const BACKDROP = Color3.FromHexString('#e9e6df');
const HIGHLIGHT = Color3.FromHexString('#d45a1a');
/** The starting view: three-quarters from the right side, a little above. */
const HOME = { alpha: -Math.PI / 2 - 0.2, beta: 1.3 };
const GROUND_Y = -8.2;

export interface EngineHandle {
  dispose(): void;
}

/** Whether this browser can give a WebGL context at all (asked on a throwaway canvas). */
export function hasWebGL(): boolean {
  try {
    const probe = document.createElement('canvas');
    return Boolean(probe.getContext('webgl2') ?? probe.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * Starts the engine on `canvas`, talking through `port`. It answers `engine.loaded` once the scene
 * is ready and its first frame drawn, or `engine.failed` when WebGL is unavailable or the engine
 * cannot start. Page messages that are not the protocol's are logged and ignored.
 */
export function startRifleEngine(canvas: HTMLCanvasElement, port: BuilderPort, log: (text: string, data?: unknown) => void = console.warn): EngineHandle {
  const post = (message: EngineMessage) => port.postMessage(message);
  if (!hasWebGL()) {
    post(engineMessageOf({ type: 'engine.failed', reason: 'webgl-unavailable', message: 'WebGL is not available in this browser.' }));
    return { dispose: () => {} };
  }

  let engine: Engine;
  try {
    engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true, antialias: true, powerPreference: 'default' }, true);
  } catch (error) {
    post(engineMessageOf({ type: 'engine.failed', reason: 'webgl-unavailable', message: error instanceof Error ? error.message : String(error) }));
    return { dispose: () => {} };
  }

  const scene = new Scene(engine);
  scene.clearColor = new Color4(BACKDROP.r, BACKDROP.g, BACKDROP.b, 1);
  scene.ambientColor = new Color3(0.25, 0.25, 0.25);
  scene.fogMode = Scene.FOGMODE_EXP2;
  scene.fogColor = BACKDROP;
  scene.fogDensity = 0.011;

  const camera = new ArcRotateCamera('camera', HOME.alpha, HOME.beta, 50, new Vector3(3, -2, 0), scene);
  camera.lowerBetaLimit = 0.35;
  camera.upperBetaLimit = Math.PI / 2 - 0.04;
  camera.wheelDeltaPercentage = 0.01;
  camera.pinchDeltaPercentage = 0.004;
  camera.panningSensibility = 0;
  camera.minZ = 0.5;
  camera.fov = 0.6;
  camera.attachControl(true);

  const sky = new HemisphericLight('sky', new Vector3(0.2, 1, -0.3), scene);
  sky.intensity = 0.72;
  sky.groundColor = new Color3(0.34, 0.33, 0.31);
  sky.specular = new Color3(0.15, 0.15, 0.15);
  const key = new DirectionalLight('key', new Vector3(-0.35, -1, 0.45), scene);
  key.position = new Vector3(14, 40, -18);
  key.intensity = 0.85;
  const rim = new DirectionalLight('rim', new Vector3(0.5, -0.4, 1), scene);
  rim.intensity = 0.35;
  rim.specular = new Color3(0.6, 0.6, 0.6);

  const ground = CreateGround('ground', { width: 400, height: 400 }, scene);
  ground.position.y = GROUND_Y;
  const groundMaterial = new StandardMaterial('ground', scene);
  groundMaterial.diffuseColor = BACKDROP.scale(1.08);
  groundMaterial.specularColor = Color3.Black();
  ground.material = groundMaterial;
  ground.isPickable = false;

  const materials: RifleMaterials = createMaterials(scene);
  // Frames are drawn only while something changes (the camera moves, a part or the size changes),
  // so an idle builder page costs no CPU or battery.
  let pendingFrames = 3;
  const invalidate = () => {
    pendingFrames = Math.max(pendingFrames, 3);
  };
  const cameraMoving = () => camera.inertialAlphaOffset !== 0 || camera.inertialBetaOffset !== 0 || camera.inertialRadiusOffset !== 0;
  let rifle: { root: TransformNode; meshes: AbstractMesh[] } | null = null;
  let focused: string | null = null;
  let home = { radius: 50, target: new Vector3(3, -2, 0) };
  let framed = false;
  let tween: { from: { alpha: number; beta: number; radius: number }; started: number } | null = null;

  const highlight = () => {
    for (const mesh of rifle?.meshes ?? []) {
      // The finish is everywhere, and small details (rail teeth, slots, ports) only add noise.
      const on =
        focused !== null &&
        focused !== 'finish' &&
        (mesh.metadata as { slot?: string } | null)?.slot === focused &&
        !/tooth|slot|port|lens/.test(mesh.name);
      mesh.renderOutline = on;
      if (on) {
        mesh.outlineColor = HIGHLIGHT;
        mesh.outlineWidth = 0.035;
      }
    }
    invalidate();
  };

  const show = (parts: ShownPart[]) => {
    const previous = rifle;
    const built = buildRifle(scene, rifleSpec(parts), materials);
    for (const mesh of built.meshes) mesh.isPickable = true;
    previous?.root.dispose(false, false);
    rifle = built;
    // Frame the whole rifle: its centre, and a distance that fits its length in the 16:9 view.
    const length = built.maxX - built.minX;
    const centre = new Vector3((built.maxX + built.minX) / 2, -2.4, 0);
    const radius = length * 1.22;
    // The first build is framed; later ones keep the shopper's angle and relative zoom, scaled
    // to the new length so a longer rifle still fits.
    const zoom = framed ? camera.radius / home.radius : 1;
    home = { radius, target: centre };
    camera.lowerRadiusLimit = radius * 0.45;
    camera.upperRadiusLimit = radius * 1.8;
    camera.setTarget(centre);
    camera.radius = radius * zoom;
    framed = true;
    highlight();
  };

  const resetCamera = () => {
    if (prefersReducedMotion()) {
      camera.alpha = HOME.alpha;
      camera.beta = HOME.beta;
      camera.radius = home.radius;
      invalidate();
      return;
    }
    tween = { from: { alpha: camera.alpha, beta: camera.beta, radius: camera.radius }, started: performance.now() };
    invalidate();
  };

  scene.onBeforeRenderObservable.add(() => {
    if (!tween) return;
    const t = Math.min(1, (performance.now() - tween.started) / 600);
    const ease = 1 - (1 - t) ** 3;
    // The shortest way round to the home angle.
    const turn = ((((HOME.alpha - tween.from.alpha) % (2 * Math.PI)) + 3 * Math.PI) % (2 * Math.PI)) - Math.PI;
    camera.alpha = tween.from.alpha + turn * ease;
    camera.beta = tween.from.beta + (HOME.beta - tween.from.beta) * ease;
    camera.radius = tween.from.radius + (home.radius - tween.from.radius) * ease;
    if (t >= 1) tween = null;
  });

  scene.onPointerObservable.add((info) => {
    invalidate();
    if (info.type !== PointerEventTypes.POINTERTAP) return;
    const slot = (info.pickInfo?.pickedMesh?.metadata as { slot?: string } | null)?.slot;
    if (slot) post(engineMessageOf({ type: 'part.picked', slot }));
  });
  scene.onPointerMove = (_event, pick) => {
    canvas.style.cursor = pick?.hit && (pick.pickedMesh?.metadata as { slot?: string } | null)?.slot ? 'pointer' : '';
  };

  const snapshot = (id: string) => {
    scene.render();
    post(engineMessageOf({ type: 'snapshot.ready', id, dataUrl: canvas.toDataURL('image/png') }));
  };

  const receive = (message: PageMessage) => {
    switch (message.type) {
      case 'bridge.registered':
        return;
      case 'build.show':
        return show(message.parts);
      case 'part.focus':
        focused = message.slot;
        return highlight();
      case 'camera.reset':
        return resetCamera();
      case 'snapshot.request':
        return snapshot(message.id);
    }
  };

  const onMessage = (event: { data: unknown }) => {
    const parsed = parsePageMessage(event.data);
    if (!parsed.ok) {
      log(`3D builder engine: ${parsed.detail} Ignored.`, event.data);
      return;
    }
    receive(parsed.message);
  };
  port.addEventListener('message', onMessage);
  port.start?.();

  const resize = () => {
    engine.resize();
    invalidate();
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
  observer?.observe(canvas);
  globalThis.addEventListener('resize', resize);
  const onContextLost = () => post(engineMessageOf({ type: 'engine.failed', reason: 'engine-error', message: 'The WebGL context was lost.' }));
  engine.onContextLostObservable.add(onContextLost);

  let disposed = false;
  engine.runRenderLoop(() => {
    if (pendingFrames === 0 && tween === null && !cameraMoving()) return;
    pendingFrames = Math.max(0, pendingFrames - 1);
    scene.render();
  });
  scene
    .whenReadyAsync()
    .then(() => {
      if (disposed) return;
      // Loaded once the first frame is drawn.
      invalidate();
      scene.onAfterRenderObservable.addOnce(() => {
        if (!disposed) post(engineMessageOf({ type: 'engine.loaded', renderer: engine.webGLVersion >= 2 ? 'WebGL2' : 'WebGL' }));
      });
    })
    .catch((error: unknown) => {
      if (!disposed) post(engineMessageOf({ type: 'engine.failed', reason: 'engine-error', message: error instanceof Error ? error.message : String(error) }));
    });

  return {
    dispose: () => {
      disposed = true;
      port.removeEventListener('message', onMessage);
      observer?.disconnect();
      globalThis.removeEventListener('resize', resize);
      engine.stopRenderLoop();
      scene.dispose();
      engine.dispose();
    },
  };
}

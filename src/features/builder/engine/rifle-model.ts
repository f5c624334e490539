import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Vector3 } from '@babylonjs/core/Maths/math.vector';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import { TransformNode } from '@babylonjs/core/Meshes/transformNode';
import { CreateBox } from '@babylonjs/core/Meshes/Builders/boxBuilder';
import { CreateCylinder } from '@babylonjs/core/Meshes/Builders/cylinderBuilder';
import { CreateLathe } from '@babylonjs/core/Meshes/Builders/latheBuilder';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import type { Scene } from '@babylonjs/core/scene';
import type { ShownPart } from '../../../domain/builder-protocol';

/*
 * The rifle, built procedurally from primitives (decision 019). Units are inches; the rifle lies
 * along +X (muzzle towards +X), Y is up, its right side (ejection port) faces -Z. The upper
 * receiver starts at x = 0 and its bore axis is at y = BORE.
 */

const BORE = 0.62;
const RECEIVER_LENGTH = 7;
const RAIL_TOP = 1.55;

/** What the engine reads from the parts' `model` objects; anything missing gets a sensible default. */
export interface RifleSpec {
  stock: 'carbine' | 'fixed' | 'precision';
  barrelLength: number;
  handguardLength: number;
  optic: 'red-dot' | 'holographic' | 'lpvo' | null;
  finish: Color3;
}

const DEFAULT_FINISH = '#1d1f21';

function text(model: ShownPart['model'] | undefined, key: string): string | undefined {
  const value = model?.[key];
  return typeof value === 'string' ? value : undefined;
}

function inches(model: ShownPart['model'] | undefined, key: string, fallback: number, min: number, max: number): number {
  const value = model?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

function colour(value: string | undefined): Color3 {
  return /^#[0-9a-f]{6}$/i.test(value ?? '') ? Color3.FromHexString(value!) : Color3.FromHexString(DEFAULT_FINISH);
}

/** The shown parts as the engine draws them (the protocol's `build.show`). */
export function rifleSpec(parts: readonly ShownPart[]): RifleSpec {
  const bySlot = new Map(parts.map((part) => [part.slot, part.model]));
  const stock = text(bySlot.get('stock'), 'shape');
  const optic = bySlot.has('optic') ? text(bySlot.get('optic'), 'shape') : null;
  return {
    stock: stock === 'fixed' || stock === 'precision' ? stock : 'carbine',
    barrelLength: inches(bySlot.get('barrel'), 'length', 16, 7, 26),
    handguardLength: inches(bySlot.get('handguard'), 'length', 13, 4, 20),
    optic: optic === 'red-dot' || optic === 'holographic' || optic === 'lpvo' ? optic : null,
    finish: colour(text(bySlot.get('finish'), 'color')),
  };
}

export interface RifleMaterials {
  finish: StandardMaterial;
  steel: StandardMaterial;
  polymer: StandardMaterial;
  rubber: StandardMaterial;
  glass: StandardMaterial;
  lens: StandardMaterial;
}

function material(scene: Scene, name: string, diffuse: Color3, specular: number, power: number): StandardMaterial {
  const result = new StandardMaterial(name, scene);
  result.diffuseColor = diffuse;
  result.specularColor = new Color3(specular, specular, specular);
  result.specularPower = power;
  return result;
}

export function createMaterials(scene: Scene): RifleMaterials {
  const glass = material(scene, 'glass', Color3.FromHexString('#5d7f8f'), 0.9, 128);
  glass.alpha = 0.45;
  const lens = material(scene, 'lens', Color3.FromHexString('#23343d'), 0.9, 128);
  lens.emissiveColor = Color3.FromHexString('#0c1a20');
  return {
    finish: material(scene, 'finish', Color3.FromHexString(DEFAULT_FINISH), 0.22, 40),
    steel: material(scene, 'steel', Color3.FromHexString('#2a2c2e'), 0.35, 64),
    polymer: material(scene, 'polymer', Color3.FromHexString('#1b1c1d'), 0.08, 16),
    rubber: material(scene, 'rubber', Color3.FromHexString('#111213'), 0.02, 8),
    glass,
    lens,
  };
}

/** A finish colour on anodized metal reads a little lighter than the swatch under the studio lights. */
export function applyFinish(materials: RifleMaterials, finish: Color3) {
  materials.finish.diffuseColor = finish.scale(1.05);
}

/**
 * A flat slab from a side profile (x, y points in either order; it must be convex, as its faces
 * are fan-triangulated) extruded `depth` along Z and centred on z = 0; every face has its own
 * vertices so edges stay crisp.
 */
function slab(name: string, scene: Scene, points: readonly [number, number][], depth: number): Mesh {
  let profile = points;
  const positions: number[] = [];
  const indices: number[] = [];
  const half = depth / 2;
  // Counter-clockwise in the XY plane whatever order the caller listed.
  const area = profile.reduce((sum, [x, y], i) => {
    const [nx, ny] = profile[(i + 1) % profile.length];
    return sum + x * ny - nx * y;
  }, 0);
  if (area < 0) profile = [...profile].reverse();
  const face = (points: Vector3[]) => {
    const base = positions.length / 3;
    for (const point of points) positions.push(point.x, point.y, point.z);
    for (let i = 1; i < points.length - 1; i += 1) indices.push(base, base + i, base + i + 1);
  };
  const front = profile.map(([x, y]) => new Vector3(x, y, -half));
  const back = profile.map(([x, y]) => new Vector3(x, y, half));
  // Wound so that Babylon's front faces (and the computed normals) point outwards.
  face(front);
  face([...back].reverse());
  for (let i = 0; i < profile.length; i += 1) {
    const j = (i + 1) % profile.length;
    face([front[i], back[i], back[j], front[j]]);
  }
  const data = new VertexData();
  data.positions = positions;
  data.indices = indices;
  const normals: number[] = [];
  VertexData.ComputeNormals(positions, indices, normals);
  data.normals = normals;
  const mesh = new Mesh(name, scene);
  data.applyToMesh(mesh);
  return mesh;
}

/** A cylinder along X from x0 to x1 at height y. */
function rod(name: string, scene: Scene, x0: number, x1: number, diameter: number, y: number, tessellation = 24): Mesh {
  const mesh = CreateCylinder(name, { height: x1 - x0, diameter, tessellation }, scene);
  mesh.rotation.z = Math.PI / 2;
  mesh.position.set((x0 + x1) / 2, y, 0);
  return mesh;
}

/** A box by its extents. */
function block(name: string, scene: Scene, x0: number, x1: number, y0: number, y1: number, depth: number, z = 0): Mesh {
  const mesh = CreateBox(name, { width: x1 - x0, height: y1 - y0, depth }, scene);
  mesh.position.set((x0 + x1) / 2, (y0 + y1) / 2, z);
  return mesh;
}

/** A turned part (scope bells, muzzle device) from its radius profile along X. */
function turned(name: string, scene: Scene, profile: readonly [number, number][], y: number): Mesh {
  // Lathe turns a profile (radius, height) around Y; it is laid along X afterwards.
  const shape = profile.map(([x, radius]) => new Vector3(radius, x, 0));
  const mesh = CreateLathe(name, { shape, tessellation: 32, closed: true, cap: Mesh.CAP_ALL }, scene);
  mesh.rotation.z = -Math.PI / 2;
  mesh.position.y = y;
  return mesh;
}

/** A Picatinny rail from x0 to x1: the base and its cross slots. */
function rail(name: string, scene: Scene, x0: number, x1: number, parent: TransformNode, materials: RifleMaterials) {
  const base = block(`${name}-base`, scene, x0, x1, 1.24, 1.42, 0.84);
  base.material = materials.finish;
  base.parent = parent;
  for (let x = x0 + 0.12; x + 0.2 <= x1; x += 0.394) {
    const tooth = block(`${name}-tooth`, scene, x, x + 0.21, 1.42, RAIL_TOP, 0.84);
    tooth.material = materials.finish;
    tooth.parent = parent;
  }
}

interface Built {
  root: TransformNode;
  /** Every mesh of the rifle, each tagged with its slot in `metadata.slot` (receivers: finish). */
  meshes: Mesh[];
  /** Overall extent along X, for the camera. */
  minX: number;
  maxX: number;
}

/** Builds the whole rifle for a spec under a new root node (the previous one is disposed by the caller). */
export function buildRifle(scene: Scene, spec: RifleSpec, materials: RifleMaterials): Built {
  const root = new TransformNode('rifle', scene);
  const meshes: Mesh[] = [];
  const add = (mesh: Mesh, slot: string, mat: StandardMaterial) => {
    mesh.material = mat;
    mesh.parent = root;
    mesh.metadata = { slot };
    meshes.push(mesh);
    return mesh;
  };
  applyFinish(materials, spec.finish);

  // --- receivers (the finish) --------------------------------------------------------------
  add(slab('upper', scene, [[0, 0], [RECEIVER_LENGTH, 0], [RECEIVER_LENGTH, 1.24], [0.2, 1.24], [0, 1.05]], 0.92), 'finish', materials.finish);
  add(rod('upper-barrel-nut', scene, RECEIVER_LENGTH - 0.1, RECEIVER_LENGTH + 0.45, 1.05, BORE), 'finish', materials.steel);
  add(slab('lower', scene, [[0.3, -1.15], [2.2, -1.35], [4.6, -1.35], [6.9, -1.25], [6.9, 0], [0.3, 0]], 0.86), 'finish', materials.finish);
  add(slab('magwell', scene, [[4.7, -1.9], [6.75, -1.75], [6.9, -1.25], [4.6, -1.35]], 0.98), 'finish', materials.finish);
  add(slab('trigger-guard', scene, [[2.5, -1.62], [4.75, -1.62], [4.75, -1.5], [2.5, -1.5]], 0.55), 'finish', materials.finish);
  add(slab('trigger', scene, [[3.55, -1.35], [3.7, -1.35], [3.62, -1.05], [3.5, -1.05]], 0.2), 'finish', materials.steel);
  add(block('ejection-port', scene, 3.2, 5.6, 0.3, 0.95, 0.04, -0.47), 'finish', materials.steel);
  add(rod('forward-assist', scene, 0.6, 1.7, 0.42, 0.78), 'finish', materials.steel).position.z = -0.42;
  add(block('charging-handle', scene, -0.5, 0.4, 1.0, 1.24, 0.72), 'finish', materials.steel);
  rail('receiver-rail', scene, 0.25, RECEIVER_LENGTH, root, materials);

  // Pistol grip: raked back, polymer with the finish on anodized parts only.
  add(slab('grip', scene, [[2.1, -1.3], [3.25, -1.3], [2.75, -4.7], [1.55, -4.9], [1.25, -4.6]], 1.05), 'finish', materials.polymer);

  // Magazine: a 30-round curve from four segments, each leaning further forward.
  const magTop = -1.75;
  for (let i = 0; i < 4; i += 1) {
    const lean = 0.28 * i;
    const y0 = magTop - i * 1.45;
    const segment = slab(
      `magazine-${i}`,
      scene,
      [[4.85 + lean + 0.16, y0 - 1.5], [6.45 + lean + 0.22, y0 - 1.5], [6.45 + lean, y0], [4.85 + lean, y0]],
      0.82,
    );
    add(segment, 'finish', materials.polymer);
  }
  add(block('magazine-base', scene, 5.75, 7.55, -8.05, -7.75, 0.96), 'finish', materials.polymer);

  // --- buffer tube and stock ----------------------------------------------------------------
  add(rod('buffer-tube', scene, -7.6, 0.05, 1.15, BORE + 0.05), 'stock', materials.steel);
  let minX = -8;
  if (spec.stock === 'carbine') {
    // An M4-style collapsible stock: a solid wedge over the rear of the tube, a rubber butt pad.
    add(slab('stock-body', scene, [[-8.3, -2.2], [-4.3, -0.05], [-4.3, 1.4], [-8.3, 1.45]], 1.35), 'stock', materials.finish);
    add(slab('stock-latch', scene, [[-5.6, -0.85], [-4.6, -0.3], [-4.6, -0.1], [-5.6, -0.1]], 0.7), 'stock', materials.polymer);
    add(slab('buttpad', scene, [[-8.75, -2.35], [-8.3, -2.35], [-8.3, 1.5], [-8.75, 1.5]], 1.5), 'stock', materials.rubber);
    minX = -8.75;
  } else if (spec.stock === 'fixed') {
    add(slab('stock-body', scene, [[-10.2, -2.9], [-0.2, -0.35], [-0.2, 1.2], [-10.2, 1.5]], 1.35), 'stock', materials.finish);
    add(slab('buttpad', scene, [[-10.65, -3.0], [-10.2, -3.0], [-10.2, 1.55], [-10.65, 1.55]], 1.45), 'stock', materials.rubber);
    minX = -10.65;
  } else {
    // Precision: a skeleton stock with a cheek riser and an adjustable butt plate.
    add(slab('stock-spine', scene, [[-10.4, 0.05], [-0.2, 0.05], [-0.2, 1.2], [-10.4, 1.2]], 1.2), 'stock', materials.finish);
    add(slab('stock-cheek', scene, [[-9.4, 1.2], [-4.0, 1.2], [-4.4, 2.05], [-9.0, 2.15]], 1.3), 'stock', materials.finish);
    add(slab('stock-lower', scene, [[-10.4, -2.7], [-9.2, -2.7], [-4.2, -0.25], [-4.2, 0.05], [-10.4, 0.05]], 1.05), 'stock', materials.finish);
    add(slab('buttpad', scene, [[-10.9, -2.95], [-10.4, -2.95], [-10.4, 1.65], [-10.9, 1.65]], 1.45), 'stock', materials.rubber);
    add(slab('monopod', scene, [[-8.9, -3.7], [-8.5, -3.7], [-8.5, -2.6], [-8.9, -2.6]], 0.5), 'stock', materials.steel);
    minX = -10.9;
  }

  // --- barrel and muzzle device ----------------------------------------------------------------
  const muzzle = RECEIVER_LENGTH + spec.barrelLength;
  add(rod('barrel', scene, RECEIVER_LENGTH, muzzle, 0.72, BORE), 'barrel', materials.steel);
  add(rod('gas-block', scene, RECEIVER_LENGTH + 6.6, RECEIVER_LENGTH + 7.3, 1.0, BORE), 'barrel', materials.steel);
  add(
    turned('muzzle-device', scene, [[0, 0], [0, 0.43], [0.25, 0.47], [2.0, 0.47], [2.25, 0.4], [2.25, 0]], BORE),
    'barrel',
    materials.steel,
  ).position.x = muzzle - 0.2;
  for (let i = 0; i < 3; i += 1) {
    const port = block(`muzzle-port-${i}`, scene, muzzle + 0.55 + i * 0.5, muzzle + 0.8 + i * 0.5, BORE - 0.12, BORE + 0.12, 0.98);
    add(port, 'barrel', materials.rubber);
  }

  // --- handguard: an octagonal M-LOK tube with a full-length top rail --------------------------
  const hgStart = RECEIVER_LENGTH + 0.15;
  const hgEnd = hgStart + spec.handguardLength;
  const handguard = rod('handguard', scene, hgStart, hgEnd, 1.8, BORE - 0.02, 8);
  handguard.rotation.x = Math.PI / 8;
  add(handguard, 'handguard', materials.finish);
  rail('handguard-rail', scene, hgStart, hgEnd, root, materials);
  for (const mesh of root.getChildMeshes(true)) {
    if (mesh.name.startsWith('handguard-rail')) mesh.metadata = { slot: 'handguard' };
    if (mesh.name.startsWith('receiver-rail')) mesh.metadata = { slot: 'finish' };
  }
  for (let x = hgStart + 0.9; x + 1.3 <= hgEnd - 0.4; x += 1.9) {
    for (const side of [-1, 1]) {
      add(block('mlok-slot', scene, x, x + 1.25, BORE - 0.28, BORE + 0.02, 0.06, side * 0.86), 'handguard', materials.rubber);
    }
  }

  // --- optic ---------------------------------------------------------------------------------
  if (spec.optic === 'red-dot') {
    add(block('optic-mount', scene, 2.2, 4.0, RAIL_TOP, RAIL_TOP + 0.55, 0.9), 'optic', materials.polymer);
    add(rod('optic-body', scene, 2.1, 4.1, 1.45, RAIL_TOP + 1.2), 'optic', materials.polymer);
    add(rod('optic-lens', scene, 4.08, 4.14, 1.2, RAIL_TOP + 1.2), 'optic', materials.lens);
    add(rod('optic-turret', scene, 2.8, 3.4, 0.55, RAIL_TOP + 2.0), 'optic', materials.polymer).rotation.z = 0;
  } else if (spec.optic === 'holographic') {
    add(block('optic-base', scene, 1.4, 4.4, RAIL_TOP, RAIL_TOP + 0.75, 1.15), 'optic', materials.polymer);
    add(block('optic-hood', scene, 2.9, 4.4, RAIL_TOP + 2.1, RAIL_TOP + 2.3, 1.15), 'optic', materials.polymer);
    for (const side of [-1, 1]) add(block('optic-wing', scene, 2.9, 4.4, RAIL_TOP + 0.75, RAIL_TOP + 2.1, 0.14, side * 0.5), 'optic', materials.polymer);
    add(block('optic-window', scene, 3.55, 3.62, RAIL_TOP + 0.75, RAIL_TOP + 2.1, 0.86), 'optic', materials.glass);
    add(block('optic-controls', scene, 1.4, 2.9, RAIL_TOP + 0.75, RAIL_TOP + 1.35, 1.0), 'optic', materials.polymer);
  } else if (spec.optic === 'lpvo') {
    const axis = RAIL_TOP + 1.45;
    add(
      turned('optic-scope', scene, [[0, 0], [0, 0.82], [2.2, 0.82], [3.0, 0.52], [7.6, 0.52], [8.8, 0.78], [10.6, 0.78], [10.6, 0]], axis),
      'optic',
      materials.polymer,
    ).position.x = -1.2;
    add(rod('optic-lens', scene, 9.38, 9.44, 1.4, axis), 'optic', materials.lens);
    add(rod('optic-elevation', scene, 3.7, 4.5, 0.9, axis + 0.75), 'optic', materials.polymer).rotation.z = 0;
    const windage = rod('optic-windage', scene, 3.7, 4.5, 0.9, axis);
    windage.rotation.set(Math.PI / 2, 0, 0);
    windage.position.z = -0.75;
    windage.position.x = 4.1;
    add(windage, 'optic', materials.polymer);
    for (const x of [2.3, 5.6]) {
      add(block('optic-ring', scene, x, x + 0.6, RAIL_TOP, axis + 0.6, 1.2), 'optic', materials.polymer);
    }
  } else {
    // No optic: flip-up iron sights, so the rifle still reads as complete.
    add(slab('rear-sight', scene, [[0.5, RAIL_TOP], [1.5, RAIL_TOP], [1.3, RAIL_TOP + 0.75], [0.7, RAIL_TOP + 0.75]], 0.7), 'optic', materials.polymer);
    add(
      slab('front-sight', scene, [[hgEnd - 1.1, RAIL_TOP], [hgEnd - 0.1, RAIL_TOP], [hgEnd - 0.45, RAIL_TOP + 1.05], [hgEnd - 0.7, RAIL_TOP + 1.05]], 0.6),
      'optic',
      materials.polymer,
    );
  }

  return { root, meshes: root.getChildMeshes(false) as Mesh[], minX, maxX: Math.max(muzzle + 2.05, hgEnd) };
}

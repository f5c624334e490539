// Brand palette, product finishes and the silhouettes the image generator can draw. Shared by the
// content modules (which name images by shape and finish) and generate-images.ts (which draws them).

export const brand = {
  slate: '#1e2428',
  slate2: '#2c353c',
  slate3: '#46525b',
  tan: '#c8b48a',
  paper: '#f2eee5',
  olive: '#5b6240',
  orange: '#c2571a',
} as const;

export const finishes = {
  blk: { label: 'Black', hex: '#23272b' },
  fde: { label: 'Flat Dark Earth', hex: '#a8875a' },
  odg: { label: 'OD Green', hex: '#56603f' },
  tng: { label: 'Tungsten', hex: '#6c7176' },
  slate: { label: 'Slate', hex: '#3b4651' },
  ember: { label: 'Ember Orange', hex: '#c2571a' },
  copper: { label: 'Copper Canyon', hex: '#9a5a32' },
  sand: { label: 'Sand', hex: '#d3c3a1' },
  heather: { label: 'Heather Grey', hex: '#8e9194' },
  walnut: { label: 'Walnut', hex: '#6b4529' },
} as const;

export type FinishKey = keyof typeof finishes;
export const isFinishKey = (value: string): value is FinishKey => value in finishes;

export const shapes = [
  'rifle-ar',
  'rifle-ar10',
  'rifle-bolt',
  'rifle-lever',
  'rifle-pcc',
  'rifle-rimfire',
  'lower-receiver',
  'pistol-full',
  'pistol-compact',
  'pistol-sub',
  'pistol-longslide',
  'pistol-frame',
  'tee',
  'hoodie',
  'cap',
  'jacket',
  'optic-lpvo',
  'optic-reddot',
  'magazine-rifle',
  'magazine-pistol',
  'case-rifle',
  'case-pistol',
  'sling',
  'cleaning-kit',
  'holster',
  'muzzle-device',
  'service',
] as const;

export type Shape = (typeof shapes)[number];
export const isShape = (value: string): value is Shape => (shapes as readonly string[]).includes(value);

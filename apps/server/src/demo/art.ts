/**
 * Procedural floral artwork for the demo content: SVG built in code (roses, peonies, tulips,
 * blossoms, leaves on a linen-like ground), rendered to PNG by sharp. A seeded PRNG makes every
 * picture different yet the same on every run. No text is drawn, so the result never depends on
 * the fonts installed on the machine.
 */
import sharp from 'sharp';

export type ArtKind =
  | 'bouquet'
  | 'bloom'
  | 'flatlay'
  | 'wreath'
  | 'tulips'
  | 'accessory'
  | 'book'
  | 'tools'
  | 'materials'
  | 'workshop';

export type PaletteName = 'blush' | 'peach' | 'ivory' | 'lavender' | 'wine' | 'sky' | 'coral';

export interface ArtOptions {
  kind: ArtKind;
  seed: number;
  width: number;
  height: number;
  palette: PaletteName;
}

interface Palette {
  ground: [string, string];
  flowers: string[];
  accent: string;
  centre: string;
  leaves: string[];
  ribbon: string;
}

const PALETTES: Record<PaletteName, Palette> = {
  blush: {
    ground: ['#f7efe8', '#eadcd2'],
    flowers: ['#f3c6cb', '#e9a7b1', '#f8dcd8', '#fbece6'],
    accent: '#c8697c',
    centre: '#e8c27a',
    leaves: ['#8da68a', '#a8baa0', '#6d8a70'],
    ribbon: '#e7b9bd',
  },
  peach: {
    ground: ['#f8f0e6', '#ecdfcf'],
    flowers: ['#f6c7a8', '#f1ab8c', '#fbe2cf', '#f9d5c2'],
    accent: '#d9826a',
    centre: '#e6b45c',
    leaves: ['#92a98b', '#b4c0a0', '#758f6e'],
    ribbon: '#efc9ae',
  },
  ivory: {
    ground: ['#f1ede6', '#e0dbd1'],
    flowers: ['#fbf7ef', '#f4ecdf', '#efe3d2', '#fffdf8'],
    accent: '#d8c3a5',
    centre: '#dcc07c',
    leaves: ['#8ea593', '#a6b8a6', '#6f877a'],
    ribbon: '#e9dfcf',
  },
  lavender: {
    ground: ['#f3f0f4', '#e2dce6'],
    flowers: ['#d9c6e6', '#c5acd9', '#ecdff2', '#b895cc'],
    accent: '#8e6aa8',
    centre: '#efd48a',
    leaves: ['#8ea58f', '#a9b8a3', '#6c8673'],
    ribbon: '#d6c8e0',
  },
  wine: {
    ground: ['#f4ece6', '#e4d4ca'],
    flowers: ['#9e3b4d', '#c25b6b', '#e6a3a6', '#7f2c3e'],
    accent: '#5f1f2e',
    centre: '#d6a85a',
    leaves: ['#7f9478', '#9fae8e', '#5f7659'],
    ribbon: '#c9a0a3',
  },
  sky: {
    ground: ['#eef1f3', '#dde3e6'],
    flowers: ['#ffffff', '#dfe8f1', '#b9cde0', '#f5f1ea'],
    accent: '#7f9fbf',
    centre: '#e3c877',
    leaves: ['#89a3a0', '#a7bcb6', '#6a8884'],
    ribbon: '#c8d6e3',
  },
  coral: {
    ground: ['#f9f1ea', '#efdfd2'],
    flowers: ['#f49a86', '#f7b9a3', '#fbd8c8', '#e9786a'],
    accent: '#c9574c',
    centre: '#efc15e',
    leaves: ['#8ea884', '#aebd99', '#6e8a63'],
    ribbon: '#f3c3b3',
  },
};

/** mulberry32: tiny, fast and good enough for art; the same seed draws the same picture. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof createRandom>;

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** Mixes a hex colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)),
  );
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Collects gradients as they are needed so each colour gets one shared definition. */
class Defs {
  private readonly items = new Map<string, string>();
  petal(color: string): string {
    const id = `p${color.slice(1)}`;
    if (!this.items.has(id)) {
      // Petal space: base at the bottom centre of its box, tip at the top; darker at the base.
      this.items.set(
        id,
        `<radialGradient id="${id}" cx="0.5" cy="1" r="1.05" fx="0.5" fy="1"><stop offset="0" stop-color="${shade(color, -0.28)}"/><stop offset="0.55" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, 0.45)}"/></radialGradient>`,
      );
    }
    return `url(#${id})`;
  }
  leaf(color: string): string {
    const id = `l${color.slice(1)}`;
    if (!this.items.has(id)) {
      this.items.set(
        id,
        `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(color, -0.18)}"/><stop offset="0.5" stop-color="${color}"/><stop offset="1" stop-color="${shade(color, 0.18)}"/></linearGradient>`,
      );
    }
    return `url(#${id})`;
  }
  add(id: string, markup: string): string {
    this.items.set(id, markup);
    return `url(#${id})`;
  }
  toString(): string {
    return [...this.items.values()].join('');
  }
}

interface Scene {
  rnd: Random;
  defs: Defs;
  pal: Palette;
  w: number;
  h: number;
}

// ---------------------------------------------------------------- elements

/** A soft contact shadow under an object, without an expensive blur filter. */
function shadow(s: Scene, x: number, y: number, rx: number, ry: number, strength = 0.22): string {
  const fill = s.defs.add(
    'shadow',
    '<radialGradient id="shadow"><stop offset="0" stop-color="#3b2a25" stop-opacity="1"/><stop offset="1" stop-color="#3b2a25" stop-opacity="0"/></radialGradient>',
  );
  return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" opacity="${strength}"/>`;
}

/** Teardrop petal with its base at (0,0) and tip at (0,-len). */
function petalPath(len: number, width: number, roundness = 1): string {
  const w = width;
  return `M0 0C${f(-w * 0.9)} ${f(-len * 0.15)} ${f(-w * roundness)} ${f(-len * 0.95)} 0 ${f(-len)}C${f(w * roundness)} ${f(-len * 0.95)} ${f(w * 0.9)} ${f(-len * 0.15)} 0 0Z`;
}

/** Petal with a ruffled, scalloped tip (peonies, garden roses). */
function rufflePath(rnd: Random, len: number, width: number): string {
  const bumps = rnd.int(3, 5);
  let d = `M0 0C${f(-width * 0.7)} ${f(-len * 0.2)} ${f(-width * 1.05)} ${f(-len * 0.6)} ${f(-width * 0.85)} ${f(-len * 0.85)}`;
  for (let i = 0; i < bumps; i++) {
    const x0 = -width * 0.85 + ((i + 1) * (width * 1.7)) / bumps;
    const mid = -width * 0.85 + ((i + 0.5) * (width * 1.7)) / bumps;
    const crest = -len * (1 + rnd.range(0.02, 0.1) - Math.abs(mid / width) * 0.12);
    d += `Q${f(mid)} ${f(crest)} ${f(x0)} ${f(-len * (0.86 + rnd.range(-0.03, 0.03)))}`;
  }
  d += `C${f(width * 1.05)} ${f(-len * 0.6)} ${f(width * 0.7)} ${f(-len * 0.2)} 0 0Z`;
  return d;
}

function rose(s: Scene, x: number, y: number, r: number, color: string, rot = 0): string {
  const { rnd, defs } = s;
  const edge = shade(color, 0.55);
  let out = shadow(s, x + r * 0.12, y + r * 0.18, r * 1.15, r * 1.05);
  out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})">`;
  const layers = 5;
  for (let layer = 0; layer < layers; layer++) {
    const k = layer / layers;
    const len = r * (1 - k * 0.78);
    const count = layer === 0 ? 6 : 5;
    const fill = defs.petal(shade(color, -k * 0.25));
    const offset = rnd.range(0, 360);
    for (let i = 0; i < count; i++) {
      const a = offset + (i * 360) / count + rnd.range(-8, 8);
      const petal = layer < 2 ? rufflePath(rnd, len, len * 0.62) : petalPath(len, len * 0.7, 1.1);
      // Edge highlights only where they show: the small inner petals are mostly covered (and
      // strokes are the costliest thing librsvg draws here).
      const stroke =
        layer < 3 ? ` stroke="${edge}" stroke-width="${f(Math.max(1, r * 0.012))}" stroke-opacity="0.55"` : '';
      out += `<path d="${petal}" transform="rotate(${f(a)})" fill="${fill}"${stroke}/>`;
    }
  }
  // The tight spiral at the heart of the rose.
  const dark = shade(color, -0.35);
  for (let i = 0; i < 4; i++) {
    const rr = r * (0.07 + i * 0.045);
    const a0 = rnd.range(0, 360);
    const a1 = a0 + rnd.range(150, 250);
    const p0 = [Math.cos((a0 * Math.PI) / 180) * rr, Math.sin((a0 * Math.PI) / 180) * rr];
    const p1 = [Math.cos((a1 * Math.PI) / 180) * rr, Math.sin((a1 * Math.PI) / 180) * rr];
    out += `<path d="M${f(p0[0]!)} ${f(p0[1]!)}A${f(rr)} ${f(rr)} 0 0 1 ${f(p1[0]!)} ${f(p1[1]!)}" fill="none" stroke="${dark}" stroke-width="${f(r * 0.025)}" stroke-linecap="round" opacity="0.7"/>`;
  }
  return `${out}</g>`;
}

function peony(s: Scene, x: number, y: number, r: number, color: string, rot = 0): string {
  const { rnd, defs } = s;
  let out = shadow(s, x + r * 0.12, y + r * 0.18, r * 1.2, r * 1.1);
  out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})">`;
  const layers = 4;
  for (let layer = 0; layer < layers; layer++) {
    const k = layer / layers;
    const len = r * (1 - k * 0.55);
    const count = 9 - layer;
    const fill = defs.petal(shade(color, layer === layers - 1 ? 0.15 : -k * 0.12));
    const offset = rnd.range(0, 360);
    for (let i = 0; i < count; i++) {
      const a = offset + (i * 360) / count + rnd.range(-10, 10);
      const stroke =
        layer < 3
          ? ` stroke="${shade(color, 0.6)}" stroke-width="${f(Math.max(1, r * 0.01))}" stroke-opacity="0.6"`
          : '';
      out += `<path d="${rufflePath(rnd, len * rnd.range(0.9, 1.05), len * 0.5)}" transform="rotate(${f(a)})" fill="${fill}"${stroke}/>`;
    }
  }
  // A froth of small inner petals and a hint of golden stamens.
  for (let i = 0; i < 9; i++) {
    const a = rnd.range(0, 360);
    const d = rnd.range(0, r * 0.18);
    out += `<path d="${petalPath(r * 0.22, r * 0.14)}" transform="rotate(${f(a)}) translate(0 ${f(-d)})" fill="${defs.petal(shade(color, 0.25))}" opacity="0.95"/>`;
  }
  for (let i = 0; i < 10; i++) {
    const a = rnd.range(0, Math.PI * 2);
    const d = rnd.range(0, r * 0.1);
    out += `<circle cx="${f(Math.cos(a) * d)}" cy="${f(Math.sin(a) * d)}" r="${f(r * 0.022)}" fill="${s.pal.centre}" opacity="0.8"/>`;
  }
  return `${out}</g>`;
}

function blossom(s: Scene, x: number, y: number, r: number, color: string, rot = 0): string {
  const { defs, rnd } = s;
  let out = shadow(s, x + r * 0.1, y + r * 0.15, r * 1.05, r * 0.95, 0.16);
  out += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})">`;
  const count = rnd.pick([5, 5, 6]);
  for (let i = 0; i < count; i++) {
    out += `<path d="${petalPath(r, r * 0.62, 1.25)}" transform="rotate(${f((i * 360) / count)})" fill="${defs.petal(color)}" stroke="${shade(color, 0.6)}" stroke-width="1" stroke-opacity="0.6"/>`;
  }
  out += `<circle r="${f(r * 0.2)}" fill="${shade(s.pal.centre, -0.1)}"/>`;
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2;
    out += `<circle cx="${f(Math.cos(a) * r * 0.3)}" cy="${f(Math.sin(a) * r * 0.3)}" r="${f(r * 0.035)}" fill="${shade(s.pal.centre, -0.3)}"/>`;
  }
  return `${out}</g>`;
}

/** Pointed leaf with a midrib; base at (0,0), pointing along -y before rotation. */
function leaf(s: Scene, x: number, y: number, len: number, angle: number, color?: string): string {
  const c = color ?? s.rnd.pick(s.pal.leaves);
  const w = len * s.rnd.range(0.22, 0.32);
  const bend = s.rnd.range(-0.15, 0.15) * len;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0C${f(-w * 1.3 + bend)} ${f(-len * 0.3)} ${f(-w + bend)} ${f(-len * 0.8)} ${f(bend)} ${f(-len)}C${f(w + bend)} ${f(-len * 0.8)} ${f(w * 1.3 + bend)} ${f(-len * 0.3)} 0 0Z" fill="${s.defs.leaf(c)}"/><path d="M0 0Q${f(bend * 0.6)} ${f(-len * 0.5)} ${f(bend)} ${f(-len * 0.98)}" stroke="${shade(c, 0.35)}" stroke-width="${f(Math.max(1, len * 0.012))}" fill="none" opacity="0.7"/></g>`;
}

/** A eucalyptus sprig: a curved stem with round silvery leaves. */
function eucalyptus(s: Scene, x: number, y: number, len: number, angle: number): string {
  const { rnd } = s;
  const c = shade(rnd.pick(s.pal.leaves), 0.1);
  const bend = rnd.range(-0.25, 0.25) * len;
  let out = `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="M0 0Q${f(bend)} ${f(-len * 0.5)} 0 ${f(-len)}" stroke="${shade(c, -0.3)}" stroke-width="${f(len * 0.012)}" fill="none"/>`;
  const pairs = rnd.int(5, 8);
  for (let i = 1; i <= pairs; i++) {
    const t = i / (pairs + 0.5);
    const px = 2 * (1 - t) * t * bend;
    const py = -len * t;
    const size = len * 0.11 * (1.1 - t * 0.5);
    for (const side of [-1, 1]) {
      out += `<ellipse cx="${f(px + side * size * 0.95)}" cy="${f(py)}" rx="${f(size)}" ry="${f(size * 0.85)}" fill="${s.defs.leaf(c)}" opacity="0.95"/>`;
    }
  }
  return `${out}</g>`;
}

/** Tiny white clusters of baby's breath. */
function gypsophila(s: Scene, x: number, y: number, spread: number): string {
  const { rnd } = s;
  let out = '';
  for (let i = 0; i < 26; i++) {
    const a = rnd.range(0, Math.PI * 2);
    const d = rnd.range(0, spread);
    const cx = x + Math.cos(a) * d;
    const cy = y + Math.sin(a) * d * 0.8;
    out += `<line x1="${f(x)}" y1="${f(y + spread * 0.6)}" x2="${f(cx)}" y2="${f(cy)}" stroke="#9bb08f" stroke-width="1" opacity="0.5"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(spread * rnd.range(0.03, 0.055))}" fill="#fffdf9" opacity="0.95"/>`;
  }
  return out;
}

function tulip(s: Scene, x: number, y: number, size: number, color: string, lean: number): string {
  const { defs } = s;
  const stemLen = size * 3.2;
  const topX = x + Math.sin((lean * Math.PI) / 180) * stemLen;
  const topY = y - Math.cos((lean * Math.PI) / 180) * stemLen;
  const leafC = s.rnd.pick(s.pal.leaves);
  let out = `<path d="M${f(x)} ${f(y)}Q${f(x + (topX - x) * 0.2)} ${f((y + topY) / 2)} ${f(topX)} ${f(topY)}" stroke="${shade(leafC, -0.1)}" stroke-width="${f(size * 0.09)}" fill="none" stroke-linecap="round"/>`;
  out += leaf(s, x + (topX - x) * 0.25, y - stemLen * 0.25, stemLen * 0.55, lean - 25, leafC);
  out += `<g transform="translate(${f(topX)} ${f(topY)}) rotate(${f(lean)})">`;
  const w = size * 0.55;
  const hgt = size * 1.15;
  const cup = (dx: number, c: string, width: number) =>
    `<path d="M${f(dx)} ${f(hgt * 0.1)}C${f(dx - width * 1.1)} 0 ${f(dx - width * 1.05)} ${f(-hgt * 0.8)} ${f(dx - width * 0.55)} ${f(-hgt)}Q${f(dx)} ${f(-hgt * 0.78)} ${f(dx + width * 0.55)} ${f(-hgt)}C${f(dx + width * 1.05)} ${f(-hgt * 0.8)} ${f(dx + width * 1.1)} 0 ${f(dx)} ${f(hgt * 0.1)}Z" fill="${defs.petal(c)}" stroke="${shade(c, 0.5)}" stroke-width="1" stroke-opacity="0.5"/>`;
  out += cup(0, shade(color, -0.2), w * 1.05);
  out += cup(-w * 0.32, color, w * 0.8);
  out += cup(w * 0.32, shade(color, 0.08), w * 0.8);
  return `${out}</g>`;
}

function bud(s: Scene, x: number, y: number, size: number, color: string, angle: number): string {
  const leafC = s.pal.leaves[0]!;
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><path d="${petalPath(size, size * 0.45, 1.2)}" fill="${s.defs.petal(color)}"/><path d="M0 0L${f(-size * 0.35)} ${f(-size * 0.45)}M0 0L${f(size * 0.35)} ${f(-size * 0.4)}M0 0L0 ${f(-size * 0.3)}" stroke="${leafC}" stroke-width="${f(size * 0.09)}" stroke-linecap="round"/></g>`;
}

function ribbonBow(s: Scene, x: number, y: number, size: number): string {
  const c = s.pal.ribbon;
  const fill = s.defs.leaf(c);
  const loop = (dir: number) =>
    `<path d="M0 0C${f(dir * size * 0.6)} ${f(-size * 0.55)} ${f(dir * size * 1.15)} ${f(-size * 0.2)} ${f(dir * size * 0.95)} ${f(size * 0.12)}C${f(dir * size * 0.8)} ${f(size * 0.35)} ${f(dir * size * 0.35)} ${f(size * 0.2)} 0 0Z" fill="${fill}" stroke="${shade(c, -0.15)}" stroke-width="1.5"/>`;
  const tail = (dir: number) =>
    `<path d="M0 0C${f(dir * size * 0.2)} ${f(size * 0.6)} ${f(dir * size * 0.5)} ${f(size * 1.1)} ${f(dir * size * 0.45)} ${f(size * 1.6)}L${f(dir * size * 0.62)} ${f(size * 1.5)}C${f(dir * size * 0.7)} ${f(size)} ${f(dir * size * 0.4)} ${f(size * 0.5)} 0 0Z" fill="${fill}" stroke="${shade(c, -0.15)}" stroke-width="1.5"/>`;
  return `<g transform="translate(${f(x)} ${f(y)})">${tail(-1)}${tail(1)}${loop(-1)}${loop(1)}<ellipse rx="${f(size * 0.16)}" ry="${f(size * 0.13)}" fill="${shade(c, -0.12)}"/></g>`;
}

/** One flower of a random kind from the palette. */
function anyFlower(s: Scene, x: number, y: number, r: number): string {
  const color = s.rnd.pick(s.pal.flowers);
  const kind = s.rnd.next();
  if (kind < 0.45) return rose(s, x, y, r, color, s.rnd.range(0, 360));
  if (kind < 0.8) return peony(s, x, y, r * 1.1, color, s.rnd.range(0, 360));
  return blossom(s, x, y, r * 0.55, color, s.rnd.range(0, 360));
}

function looseParts(s: Scene, count: number, margin = 0): string {
  const { rnd, w, h } = s;
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = rnd.range(margin, w - margin);
    const y = rnd.range(margin, h - margin);
    const size = Math.min(w, h) * rnd.range(0.025, 0.045);
    out += `<path d="${petalPath(size, size * 0.6, 1.2)}" transform="translate(${f(x)} ${f(y)}) rotate(${f(rnd.range(0, 360))})" fill="${s.defs.petal(rnd.pick(s.pal.flowers))}" opacity="0.9"/>`;
  }
  return out;
}

// ---------------------------------------------------------------- compositions

function bouquet(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  const cx = w / 2 + rnd.range(-0.04, 0.04) * w;
  const cy = h * 0.4;
  const tieX = cx;
  const tieY = cy + m * 0.36;
  const stemC = shade(s.pal.leaves[2]!, -0.15);
  const blooms: { x: number; y: number; r: number }[] = [];
  const count = rnd.int(7, 10);
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + rnd.range(-0.3, 0.3);
    const d = i === 0 ? 0 : rnd.range(0.12, 0.25) * m;
    blooms.push({ x: cx + Math.cos(a) * d * 1.15, y: cy + Math.sin(a) * d * 0.8, r: m * rnd.range(0.075, 0.11) });
  }
  const buds = Array.from({ length: 4 }, () => {
    const a = rnd.range(-Math.PI * 0.95, -Math.PI * 0.05);
    return { x: cx + Math.cos(a) * m * 0.33, y: cy + Math.sin(a) * m * 0.27, a };
  });
  let out = '';
  // Every head has a stem that runs down to the tie and on below it, as in a hand-tied bouquet.
  for (const p of [...blooms, ...buds]) {
    const below = (p.x - tieX) * -0.35;
    out += `<path d="M${f(p.x)} ${f(p.y)}Q${f((p.x + tieX) / 2)} ${f(tieY - m * 0.08)} ${f(tieX)} ${f(tieY)}T${f(tieX + below)} ${f(h * 1.02)}" stroke="${stemC}" stroke-width="${f(m * 0.01)}" fill="none" stroke-linecap="round"/>`;
  }
  for (let i = 0; i < 12; i++) {
    const a = rnd.range(-80, 80);
    out += rnd.chance(0.4)
      ? eucalyptus(s, cx + rnd.range(-0.1, 0.1) * m, cy + m * 0.12, m * rnd.range(0.35, 0.45), a)
      : leaf(s, cx + rnd.range(-0.1, 0.1) * m, cy + m * 0.14, m * rnd.range(0.22, 0.34), a);
  }
  out += gypsophila(s, cx - m * 0.25, cy - m * 0.12, m * 0.1) + gypsophila(s, cx + m * 0.27, cy - m * 0.05, m * 0.09);
  for (const b of buds) out += bud(s, b.x, b.y, m * 0.05, rnd.pick(s.pal.flowers), (b.a * 180) / Math.PI + 90);
  blooms.sort((a, b) => a.r - b.r);
  for (const b of blooms) out += anyFlower(s, b.x, b.y, b.r);
  out += ribbonBow(s, tieX, tieY, m * 0.11);
  return out;
}

function bloom(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  const x = w * rnd.range(0.42, 0.58);
  const y = h * rnd.range(0.45, 0.55);
  let out = looseParts(s, 6);
  for (let i = 0; i < 5; i++) out += leaf(s, x, y, m * rnd.range(0.35, 0.48), rnd.range(0, 360));
  out += anyFlower(s, x + m * 0.33, y + m * 0.22, m * 0.12);
  out += anyFlower(s, x - m * 0.32, y - m * 0.25, m * 0.1);
  const color = rnd.pick(s.pal.flowers);
  out += rnd.chance(0.5) ? peony(s, x, y, m * 0.3, color, rnd.range(0, 360)) : rose(s, x, y, m * 0.28, color);
  return out;
}

function flatlay(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  let out = '';
  const spots: { x: number; y: number }[] = [];
  for (let i = 0; i < 12; i++) {
    const x = rnd.range(0.08, 0.92) * w;
    const y = rnd.range(0.1, 0.9) * h;
    out += rnd.chance(0.5)
      ? eucalyptus(s, x, y, m * 0.3, rnd.range(0, 360))
      : leaf(s, x, y, m * 0.16, rnd.range(0, 360));
  }
  for (let i = 0; i < 9; i++) {
    let best = { x: 0, y: 0 };
    let bestDist = -1;
    // Poisson-ish placement: try a few spots and keep the one farthest from the others.
    for (let t = 0; t < 12; t++) {
      const p = { x: rnd.range(0.1, 0.9) * w, y: rnd.range(0.12, 0.88) * h };
      const dist = Math.min(...spots.map((q) => Math.hypot(p.x - q.x, p.y - q.y)), Number.POSITIVE_INFINITY);
      if (dist > bestDist) {
        best = p;
        bestDist = dist;
      }
    }
    spots.push(best);
    out += anyFlower(s, best.x, best.y, m * rnd.range(0.07, 0.11));
  }
  return out + looseParts(s, 10);
}

function wreath(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  const cx = w / 2;
  const cy = h / 2;
  const R = m * 0.32;
  let out = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="none" stroke="${shade(s.pal.leaves[2]!, -0.3)}" stroke-width="${f(m * 0.01)}" opacity="0.6"/>`;
  for (let i = 0; i < 34; i++) {
    const a = (i / 34) * 360 + rnd.range(-4, 4);
    const rad = (a * Math.PI) / 180;
    const x = cx + Math.cos(rad) * R;
    const y = cy + Math.sin(rad) * R;
    out += rnd.chance(0.3) ? eucalyptus(s, x, y, m * 0.18, a + 150) : leaf(s, x, y, m * 0.12, a + rnd.range(140, 200));
  }
  const flowers = rnd.int(7, 9);
  const start = rnd.range(0, 360);
  for (let i = 0; i < flowers; i++) {
    // Flowers gathered on the lower arc, as a florist would dress a wreath.
    const a = start + (i / flowers) * 200 + rnd.range(-8, 8);
    const rad = (a * Math.PI) / 180;
    out += anyFlower(s, cx + Math.cos(rad) * R, cy + Math.sin(rad) * R, m * rnd.range(0.065, 0.09));
  }
  return out;
}

function tulips(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  const baseX = w / 2;
  const baseY = h * 0.72;
  let out = '';
  const vase = rnd.pick(s.pal.flowers.slice(2));
  const n = rnd.int(5, 7);
  for (let i = 0; i < n; i++) {
    const lean = -32 + (64 * i) / (n - 1) + rnd.range(-6, 6);
    out += tulip(
      s,
      baseX + rnd.range(-0.02, 0.02) * w,
      baseY,
      m * rnd.range(0.12, 0.15),
      rnd.pick(s.pal.flowers),
      lean,
    );
  }
  const vw = m * 0.2;
  const vh = m * 0.3;
  out += shadow(s, baseX + vw * 0.2, baseY + vh * 0.95, vw * 1.3, vh * 0.12, 0.3);
  out += `<path d="M${f(baseX - vw * 0.55)} ${f(baseY - vh * 0.1)}C${f(baseX - vw * 0.75)} ${f(baseY + vh * 0.5)} ${f(baseX - vw * 0.6)} ${f(baseY + vh * 0.9)} ${f(baseX - vw * 0.4)} ${f(baseY + vh * 0.95)}L${f(baseX + vw * 0.4)} ${f(baseY + vh * 0.95)}C${f(baseX + vw * 0.6)} ${f(baseY + vh * 0.9)} ${f(baseX + vw * 0.75)} ${f(baseY + vh * 0.5)} ${f(baseX + vw * 0.55)} ${f(baseY - vh * 0.1)}Z" fill="${s.defs.leaf(shade(vase, 0.2))}" stroke="${shade(vase, -0.2)}" stroke-width="2"/>`;
  out += `<ellipse cx="${f(baseX)}" cy="${f(baseY - vh * 0.1)}" rx="${f(vw * 0.55)}" ry="${f(vh * 0.05)}" fill="${shade(vase, -0.25)}"/>`;
  return out + looseParts(s, 4);
}

function accessory(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  const cx = w / 2;
  const cy = h / 2;
  let out = '';
  if (rnd.chance(0.5)) {
    // A bridal hair comb: a gilded band with teeth and a spray of small blooms.
    out += shadow(s, cx, cy + m * 0.2, m * 0.38, m * 0.05, 0.25);
    for (let i = 0; i < 15; i++) {
      const x = cx - m * 0.3 + (i * m * 0.6) / 14;
      out += `<line x1="${f(x)}" y1="${f(cy)}" x2="${f(x)}" y2="${f(cy + m * 0.18)}" stroke="#c7a76a" stroke-width="${f(m * 0.008)}" stroke-linecap="round"/>`;
    }
    out += `<rect x="${f(cx - m * 0.32)}" y="${f(cy - m * 0.015)}" width="${f(m * 0.64)}" height="${f(m * 0.03)}" rx="${f(m * 0.015)}" fill="#d8b978"/>`;
    for (let i = 0; i < 8; i++) out += leaf(s, cx + rnd.range(-0.3, 0.3) * m, cy, m * 0.13, rnd.range(-70, 70));
    for (let i = 0; i < 7; i++) {
      out += anyFlower(
        s,
        cx - m * 0.27 + (i * m * 0.54) / 6,
        cy - m * rnd.range(0.0, 0.06),
        m * rnd.range(0.05, 0.075),
      );
    }
    out += gypsophila(s, cx, cy - m * 0.1, m * 0.2);
  } else {
    // A boutonniere: one rose, greenery and a wrapped stem.
    const angle = rnd.range(-35, -15);
    out += `<g transform="rotate(${f(angle)} ${f(cx)} ${f(cy)})">`;
    out += `<rect x="${f(cx - m * 0.025)}" y="${f(cy)}" width="${f(m * 0.05)}" height="${f(m * 0.32)}" rx="${f(m * 0.02)}" fill="${s.defs.leaf(s.pal.ribbon)}"/>`;
    for (let i = 0; i < 5; i++) {
      out += `<line x1="${f(cx - m * 0.025)}" y1="${f(cy + m * (0.04 + i * 0.055))}" x2="${f(cx + m * 0.025)}" y2="${f(cy + m * (0.07 + i * 0.055))}" stroke="${shade(s.pal.ribbon, -0.2)}" stroke-width="2"/>`;
    }
    out += eucalyptus(s, cx, cy + m * 0.05, m * 0.42, -20) + eucalyptus(s, cx, cy + m * 0.05, m * 0.36, 25);
    out += leaf(s, cx, cy, m * 0.2, -50) + leaf(s, cx, cy, m * 0.2, 45);
    out += gypsophila(s, cx + m * 0.06, cy - m * 0.18, m * 0.08);
    out += `</g>${rose(s, cx, cy - m * 0.04, m * 0.14, rnd.pick(s.pal.flowers))}`;
  }
  return out + looseParts(s, 5);
}

function book(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  const bw = m * 0.5;
  const bh = m * 0.68;
  const x = w / 2 - bw / 2;
  const y = h / 2 - bh / 2;
  const cover = rnd.pick([s.pal.accent, shade(s.pal.leaves[2]!, -0.2), shade(s.pal.flowers[1]!, -0.15)]);
  let out = looseParts(s, 8);
  out += leaf(s, x - m * 0.02, y + bh * 0.85, m * 0.3, -60) + eucalyptus(s, x + bw, y + bh * 0.1, m * 0.35, 50);
  out += shadow(s, w / 2 + m * 0.04, h / 2 + m * 0.05, bw * 0.75, bh * 0.62, 0.45);
  // Pages seen at the edge, then the cover with a spine band and a framed floral vignette.
  out += `<rect x="${f(x + m * 0.012)}" y="${f(y + m * 0.012)}" width="${f(bw)}" height="${f(bh)}" rx="${f(m * 0.01)}" fill="#fbf8f1" stroke="#d9d0c2"/>`;
  out += `<rect x="${f(x)}" y="${f(y)}" width="${f(bw)}" height="${f(bh)}" rx="${f(m * 0.01)}" fill="${s.defs.leaf(cover)}"/>`;
  out += `<rect x="${f(x)}" y="${f(y)}" width="${f(bw * 0.07)}" height="${f(bh)}" fill="${shade(cover, -0.25)}" opacity="0.6"/>`;
  out += `<rect x="${f(x + bw * 0.15)}" y="${f(y + bh * 0.08)}" width="${f(bw * 0.75)}" height="${f(bh * 0.84)}" fill="none" stroke="#e9d3a0" stroke-width="${f(m * 0.004)}"/>`;
  const inner = { ...s, w: bw, h: bw };
  const vignette = `<g transform="translate(${f(x + bw * 0.52 - bw * 0.5)} ${f(y + bh * 0.42 - bw * 0.5)}) scale(1)">${wreath({ ...inner, rnd: createRandom(rnd.int(1, 1e9)) })}</g>`;
  out += vignette;
  for (let i = 0; i < 2; i++) {
    out += `<rect x="${f(x + bw * (0.3 + i * 0.06))}" y="${f(y + bh * (0.78 + i * 0.05))}" width="${f(bw * (0.45 - i * 0.12))}" height="${f(m * 0.012)}" rx="${f(m * 0.006)}" fill="#ecd7a6"/>`;
  }
  return out;
}

function tool(s: Scene, kind: number, x: number, y: number, m: number, angle: number): string {
  const wood = '#b98b5e';
  const metal = '#aeb4ba';
  let body = '';
  if (kind === 0) {
    // A "bulka": the ball tool florists use to cup silk petals.
    body = `<rect x="${f(-m * 0.018)}" y="${f(-m * 0.12)}" width="${f(m * 0.036)}" height="${f(m * 0.24)}" rx="${f(m * 0.018)}" fill="${s.defs.leaf(wood)}"/><rect x="${f(-m * 0.006)}" y="${f(-m * 0.2)}" width="${f(m * 0.012)}" height="${f(m * 0.08)}" fill="${metal}"/><circle cy="${f(-m * 0.21)}" r="${f(m * 0.03)}" fill="${s.defs.add('ball', `<radialGradient id="ball" cx="0.35" cy="0.35"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#8b9299"/></radialGradient>`)}"/>`;
  } else if (kind === 1) {
    // Scissors.
    body = `<path d="M${f(-m * 0.012)} 0L${f(m * 0.02)} ${f(-m * 0.26)}L${f(m * 0.03)} ${f(-m * 0.25)}L${f(m * 0.012)} 0Z" fill="${metal}"/><path d="M${f(m * 0.012)} 0L${f(-m * 0.02)} ${f(-m * 0.26)}L${f(-m * 0.03)} ${f(-m * 0.25)}L${f(-m * 0.012)} 0Z" fill="${shade(metal, -0.15)}"/><circle cx="${f(-m * 0.04)}" cy="${f(m * 0.06)}" r="${f(m * 0.035)}" fill="none" stroke="${s.pal.accent}" stroke-width="${f(m * 0.014)}"/><circle cx="${f(m * 0.04)}" cy="${f(m * 0.06)}" r="${f(m * 0.035)}" fill="none" stroke="${s.pal.accent}" stroke-width="${f(m * 0.014)}"/>`;
  } else if (kind === 2) {
    // Tweezers.
    body = `<path d="M0 ${f(m * 0.12)}L${f(-m * 0.025)} ${f(-m * 0.14)}M0 ${f(m * 0.12)}L${f(m * 0.025)} ${f(-m * 0.14)}" stroke="${metal}" stroke-width="${f(m * 0.012)}" stroke-linecap="round"/>`;
  } else {
    // A coil of floral wire.
    for (let i = 0; i < 6; i++) {
      body += `<ellipse rx="${f(m * (0.07 + i * 0.004))}" ry="${f(m * (0.065 + i * 0.003))}" fill="none" stroke="${i % 2 ? '#6f8a5e' : '#7e9a6a'}" stroke-width="${f(m * 0.006)}"/>`;
    }
  }
  return `${shadow(s, x + m * 0.02, y + m * 0.03, m * 0.08, m * 0.16, 0.2)}<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">${body}</g>`;
}

function tools(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  let out = looseParts(s, 10);
  const order = [0, 1, 2, 3, 0];
  for (let i = 0; i < order.length; i++) {
    out += tool(s, order[i]!, w * (0.18 + i * 0.16), h * rnd.range(0.35, 0.65), m * 1.1, rnd.range(-25, 25));
  }
  out += blossom(s, w * 0.85, h * 0.2, m * 0.07, rnd.pick(s.pal.flowers));
  return out + rose(s, w * 0.14, h * 0.82, m * 0.09, rnd.pick(s.pal.flowers));
}

function materials(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  let out = '';
  // Fanned silk swatches with a soft sheen.
  const colors = [...s.pal.flowers, s.pal.accent, s.pal.leaves[1]!];
  for (let i = 0; i < colors.length; i++) {
    const c = colors[i]!;
    const sheen = s.defs.add(
      `sheen${i}`,
      `<linearGradient id="sheen${i}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(c, 0.3)}"/><stop offset="0.45" stop-color="${c}"/><stop offset="0.6" stop-color="${shade(c, 0.25)}"/><stop offset="1" stop-color="${shade(c, -0.12)}"/></linearGradient>`,
    );
    const angle = -30 + i * 11 + rnd.range(-3, 3);
    out += `<g transform="translate(${f(w * 0.38)} ${f(h * 0.75)}) rotate(${f(angle)})">${shadow(s, m * 0.02, -m * 0.25, m * 0.15, m * 0.3, 0.15)}<rect x="${f(-m * 0.12)}" y="${f(-m * 0.6)}" width="${f(m * 0.24)}" height="${f(m * 0.6)}" rx="${f(m * 0.01)}" fill="${sheen}"/></g>`;
  }
  // Cut petal blanks laid out in a row, ready to be shaped.
  for (let i = 0; i < 7; i++) {
    const c = rnd.pick(s.pal.flowers);
    out += `<path d="${petalPath(m * 0.09, m * 0.055, 1.2)}" transform="translate(${f(w * 0.62 + (i % 4) * m * 0.1)} ${f(h * 0.45 + Math.floor(i / 4) * m * 0.14)})" fill="${s.defs.petal(c)}" stroke="${shade(c, 0.5)}"/>`;
  }
  // A ribbon spool.
  const sx = w * 0.8;
  const sy = h * 0.78;
  out += shadow(s, sx + m * 0.02, sy + m * 0.03, m * 0.1, m * 0.1, 0.3);
  out += `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(m * 0.09)}" fill="${s.defs.leaf(s.pal.ribbon)}"/><circle cx="${f(sx)}" cy="${f(sy)}" r="${f(m * 0.03)}" fill="#e8dccb" stroke="#c9b9a2"/>`;
  out += `<path d="M${f(sx + m * 0.06)} ${f(sy + m * 0.06)}C${f(sx + m * 0.1)} ${f(sy + m * 0.15)} ${f(sx - m * 0.05)} ${f(sy + m * 0.18)} ${f(sx - m * 0.12)} ${f(sy + m * 0.25)}" stroke="${s.pal.ribbon}" stroke-width="${f(m * 0.035)}" fill="none"/>`;
  return out + blossom(s, w * 0.88, h * 0.2, m * 0.08, rnd.pick(s.pal.flowers));
}

function workshop(s: Scene): string {
  const { rnd, w, h } = s;
  const m = Math.min(w, h);
  let out = looseParts(s, 14);
  for (let i = 0; i < 5; i++) {
    const c = rnd.pick(s.pal.flowers);
    out += `<path d="${petalPath(m * 0.12, m * 0.07, 1.2)}" transform="translate(${f(w * 0.12 + i * m * 0.1)} ${f(h * 0.8)}) rotate(${f(rnd.range(-20, 20))})" fill="${s.defs.petal(c)}" stroke="${shade(c, 0.5)}"/>`;
  }
  out += tool(s, 0, w * 0.78, h * 0.55, m * 1.2, 35) + tool(s, 1, w * 0.9, h * 0.45, m * 1.1, -15);
  out += tool(s, 3, w * 0.18, h * 0.28, m * 1.1, 0);
  for (let i = 0; i < 5; i++) out += leaf(s, w * 0.5, h * 0.5, m * 0.3, rnd.range(0, 360));
  out += anyFlower(s, w * 0.38, h * 0.38, m * 0.14);
  const c = rnd.pick(s.pal.flowers);
  return out + (rnd.chance(0.5) ? peony(s, w * 0.52, h * 0.52, m * 0.26, c) : rose(s, w * 0.52, h * 0.52, m * 0.24, c));
}

const COMPOSITIONS: Record<ArtKind, (s: Scene) => string> = {
  bouquet,
  bloom,
  flatlay,
  wreath,
  tulips,
  accessory,
  book,
  tools,
  materials,
  workshop,
};

/** The complete SVG document of one artwork. */
export function artworkSvg(options: ArtOptions): string {
  const { width: w, height: h } = options;
  const pal = PALETTES[options.palette];
  const rnd = createRandom(options.seed);
  const defs = new Defs();
  const scene: Scene = { rnd, defs, pal, w, h };
  const body = COMPOSITIONS[options.kind](scene);
  // Linen: a warm gradient ground, two fine thread patterns at different pitches so the weave does
  // not look tiled, and a gentle vignette.
  const ground = `<linearGradient id="ground" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(pal.ground[0], 0.2)}"/><stop offset="1" stop-color="${pal.ground[1]}"/></linearGradient><pattern id="weft" width="5" height="5" patternUnits="userSpaceOnUse"><path d="M0 1.5H5" stroke="#6b5a4a" stroke-opacity="0.05"/><path d="M1.5 0V5" stroke="#ffffff" stroke-opacity="0.12"/></pattern><pattern id="slub" width="37" height="23" patternUnits="userSpaceOnUse"><path d="M0 7H19M23 17H37" stroke="#6b5a4a" stroke-opacity="0.045" stroke-width="1.4"/><path d="M11 0V13M29 9V23" stroke="#ffffff" stroke-opacity="0.1" stroke-width="1.2"/></pattern><radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#3b2a25" stop-opacity="0"/><stop offset="1" stop-color="#3b2a25" stop-opacity="0.16"/></radialGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${ground}${defs}</defs><rect width="${w}" height="${h}" fill="url(#ground)"/><rect width="${w}" height="${h}" fill="url(#weft)"/><rect width="${w}" height="${h}" fill="url(#slub)"/>${body}<rect width="${w}" height="${h}" fill="url(#vignette)"/></svg>`;
}

/** Renders an artwork to PNG (fast zlib level: the pipeline re-encodes it to WebP anyway). */
export async function renderArtwork(options: ArtOptions): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(options)))
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * Drawing primitives for the tour pictures: plain SVG strings on a 1440×960
 * canvas, in the operator's palette (navy, gold and cream, see
 * packages/domain/src/operator.ts) with a few landscape tints. Deterministic:
 * the same code draws the same picture, so the rendered files only change
 * when a drawing does.
 */

export const W = 1440;
export const H = 960;

export const C = {
  navy: '#1f3a5f',
  navyDark: '#14263f',
  navyMid: '#2c4f7c',
  navySoft: '#5b7898',
  gold: '#b5832a',
  goldLight: '#dcb469',
  goldPale: '#efd9a7',
  cream: '#f7f4ee',
  sand: '#e8dcc4',
  stone: '#cdb892',
  stoneDark: '#a48d66',
  terracotta: '#b8674a',
  rose: '#d99b7e',
  green: '#6f8c63',
  greenDark: '#46603f',
  olive: '#8b9a5b',
  sea: '#3f7593',
  seaLight: '#7fa9bf',
};

/** A small seeded generator, so stars and windows fall in the same places on every render. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const n = (value) => Math.round(value * 10) / 10;

export function svg(body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><defs>${defs}</defs>${body}</svg>`;
}

export function linear(id, stops, vertical = true) {
  const coords = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  const list = stops.map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`).join('');
  return `<linearGradient id="${id}" ${coords}>${list}</linearGradient>`;
}

export function radial(id, stops) {
  const list = stops.map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`).join('');
  return `<radialGradient id="${id}">${list}</radialGradient>`;
}

export const rect = (x, y, w, h, fill, extra = '') => `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}" ${extra}/>`;
export const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}" ${extra}/>`;
export const path = (d, fill, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
export const poly = (points, fill, extra = '') => `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;

export const sky = (id, stops) => ({ defs: linear(id, stops), body: rect(0, 0, W, H, `url(#${id})`) });

/** A sun or moon with a soft halo. */
export function sun(id, cx, cy, r, color, halo = color) {
  return {
    defs: radial(id, [
      [0, halo, 0.55],
      [1, halo, 0],
    ]),
    body: circle(cx, cy, r * 3.2, `url(#${id})`) + circle(cx, cy, r, color),
  };
}

/** A rolling skyline of hills from `y`, closed to the bottom of the canvas. */
export function hills(y, amplitude, fill, seed, waves = 3) {
  const rnd = random(seed);
  const phases = Array.from({ length: waves }, () => rnd() * Math.PI * 2);
  let d = `M0 ${H} L0 ${n(y)}`;
  for (let x = 0; x <= W; x += 24) {
    const offset = phases.reduce((sum, phase, i) => sum + Math.sin((x / W) * Math.PI * (i + 1.3) + phase) / (i + 1), 0);
    d += ` L${x} ${n(y - offset * amplitude)}`;
  }
  return path(`${d} L${W} ${H} Z`, fill);
}

/** Calm water with a few light strokes on it. */
export function water(y, fill, seed, stroke = C.cream) {
  const rnd = random(seed);
  let lines = '';
  for (let i = 0; i < 26; i++) {
    const ly = y + 12 + rnd() * (H - y - 20);
    const lx = rnd() * W;
    const len = 30 + rnd() * 140;
    lines += rect(lx, ly, len, 3, stroke, `opacity="${n(0.12 + rnd() * 0.25)}" rx="1.5"`);
  }
  return rect(0, y, W, H - y, fill) + lines;
}

export function stars(count, seed, maxY = H * 0.5) {
  const rnd = random(seed);
  let out = '';
  for (let i = 0; i < count; i++) out += circle(rnd() * W, rnd() * maxY, 1 + rnd() * 2.2, C.cream, `opacity="${n(0.35 + rnd() * 0.6)}"`);
  return out;
}

/** A block of lit and dark windows. */
export function windows(x, y, w, h, cols, rows, seed, lit = C.goldLight, dark = C.navyDark, litShare = 0.45) {
  const rnd = random(seed);
  const cw = w / cols;
  const rh = h / rows;
  let out = '';
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      out += rect(x + c * cw + cw * 0.25, y + r * rh + rh * 0.2, cw * 0.5, rh * 0.55, rnd() < litShare ? lit : dark, 'opacity="0.9"');
    }
  }
  return out;
}

/** Arched windows in a row. */
export function arches(x, y, w, h, count, fill) {
  const gap = w / count;
  let out = '';
  for (let i = 0; i < count; i++) {
    const ax = x + i * gap + gap * 0.22;
    const aw = gap * 0.56;
    out += path(`M${n(ax)} ${n(y + h)} L${n(ax)} ${n(y + aw / 2)} A${n(aw / 2)} ${n(aw / 2)} 0 0 1 ${n(ax + aw)} ${n(y + aw / 2)} L${n(ax + aw)} ${n(y + h)} Z`, fill);
  }
  return out;
}

/** A dome on a drum with a lantern, centred on `cx`, standing on `baseY`. */
export function dome(cx, baseY, r, fill, accent = C.gold, drum = r * 0.55) {
  const top = baseY - drum;
  return (
    rect(cx - r * 0.92, top, r * 1.84, drum, fill) +
    path(`M${n(cx - r)} ${n(top)} A${n(r)} ${n(r * 1.05)} 0 0 1 ${n(cx + r)} ${n(top)} Z`, fill) +
    rect(cx - r * 0.12, top - r * 1.05 - r * 0.32, r * 0.24, r * 0.34, fill) +
    path(`M${n(cx - r * 0.14)} ${n(top - r * 1.37)} L${n(cx)} ${n(top - r * 1.6)} L${n(cx + r * 0.14)} ${n(top - r * 1.37)} Z`, accent) +
    path(`M${n(cx - r * 0.55)} ${n(top)} A${n(r * 0.55)} ${n(r)} 0 0 1 ${n(cx)} ${n(top - r * 1.04)}`, 'none', `stroke="${accent}" stroke-width="3" opacity="0.6"`)
  );
}

/** A tower with a pointed spire. */
export function spire(x, baseY, w, h, spireH, fill, accent = C.gold) {
  return (
    rect(x, baseY - h, w, h, fill) +
    poly(
      [
        [x - w * 0.08, baseY - h],
        [x + w / 2, baseY - h - spireH],
        [x + w * 1.08, baseY - h],
      ],
      fill,
    ) +
    circle(x + w / 2, baseY - h - spireH - 6, 5, accent)
  );
}

/** A plain tower with battlements. */
export function crenelTower(x, baseY, w, h, fill) {
  let out = rect(x, baseY - h, w, h, fill);
  const merlons = 4;
  for (let i = 0; i < merlons; i++) out += rect(x + (i * w) / merlons + w / (merlons * 4), baseY - h - w * 0.18, w / (merlons * 2), w * 0.18, fill);
  return out;
}

/** A Greek temple front: steps, columns, entablature and pediment. */
export function temple(x, baseY, w, h, columns, fill, shade) {
  const stepH = h * 0.08;
  const colTop = baseY - stepH * 2 - h * 0.62;
  let out = rect(x - w * 0.04, baseY - stepH, w * 1.08, stepH, shade) + rect(x - w * 0.02, baseY - stepH * 2, w * 1.04, stepH, fill);
  const gap = w / columns;
  for (let i = 0; i < columns; i++) {
    out += rect(x + i * gap + gap * 0.2, colTop, gap * 0.6, h * 0.62, fill);
    out += rect(x + i * gap + gap * 0.2 + gap * 0.42, colTop, gap * 0.18, h * 0.62, shade, 'opacity="0.55"');
  }
  out += rect(x, colTop - h * 0.12, w, h * 0.12, fill);
  out += poly(
    [
      [x - w * 0.02, colTop - h * 0.12],
      [x + w / 2, colTop - h * 0.34],
      [x + w * 1.02, colTop - h * 0.12],
    ],
    shade,
  );
  return out;
}

export function cypress(x, baseY, h, fill = C.greenDark) {
  return path(
    `M${n(x)} ${n(baseY - h)} C${n(x + h * 0.14)} ${n(baseY - h * 0.7)} ${n(x + h * 0.12)} ${n(baseY - h * 0.2)} ${n(x + h * 0.05)} ${n(baseY)} L${n(x - h * 0.05)} ${n(baseY)} C${n(x - h * 0.12)} ${n(baseY - h * 0.2)} ${n(x - h * 0.14)} ${n(baseY - h * 0.7)} ${n(x)} ${n(baseY - h)} Z`,
    fill,
  );
}

/** An umbrella pine: a bare trunk and a flat, wide crown. */
export function umbrellaPine(x, baseY, h, fill = C.greenDark, trunk = C.navyDark) {
  return (
    rect(x - 5, baseY - h * 0.75, 10, h * 0.75, trunk) +
    path(`M${n(x - h * 0.55)} ${n(baseY - h * 0.72)} Q${n(x)} ${n(baseY - h * 1.12)} ${n(x + h * 0.55)} ${n(baseY - h * 0.72)} Q${n(x)} ${n(baseY - h * 0.6)} ${n(x - h * 0.55)} ${n(baseY - h * 0.72)} Z`, fill)
  );
}

export function birds(points, stroke = C.navy) {
  return points
    .map(([x, y, s = 14]) => path(`M${x - s} ${y} Q${x - s / 2} ${y - s * 0.6} ${x} ${y} Q${x + s / 2} ${y - s * 0.6} ${x + s} ${y}`, 'none', `stroke="${stroke}" stroke-width="3" stroke-linecap="round"`))
    .join('');
}

/** A rose window: rings of petals around a centre. */
export function roseWindow(cx, cy, r, colours) {
  let out = circle(cx, cy, r, C.navyDark) + circle(cx, cy, r * 0.96, colours[0]);
  const rings = [
    [0.72, 16, colours[1]],
    [0.46, 12, colours[2]],
  ];
  for (const [radius, petals, colour] of rings) {
    for (let i = 0; i < petals; i++) {
      const a = (i / petals) * Math.PI * 2;
      out += circle(cx + Math.cos(a) * r * radius, cy + Math.sin(a) * r * radius, (r * radius * Math.PI) / petals * 0.82, colour, `stroke="${C.navyDark}" stroke-width="6"`);
    }
  }
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    out += path(`M${n(cx)} ${n(cy)} L${n(cx + Math.cos(a) * r * 0.96)} ${n(cy + Math.sin(a) * r * 0.96)}`, 'none', `stroke="${C.navyDark}" stroke-width="5"`);
  }
  return out + circle(cx, cy, r * 0.2, colours[3], `stroke="${C.navyDark}" stroke-width="8"`);
}

/** Organ pipes rising from a case, tallest in the middle. */
export function organPipes(x, baseY, w, h, count, fill, shade) {
  let out = '';
  const gap = w / count;
  for (let i = 0; i < count; i++) {
    const t = Math.abs(i - (count - 1) / 2) / ((count - 1) / 2);
    const ph = h * (1 - t * 0.45);
    const px = x + i * gap + gap * 0.15;
    out += rect(px, baseY - ph, gap * 0.7, ph, fill, `rx="${n(gap * 0.35)}"`);
    out += rect(px + gap * 0.42, baseY - ph + 8, gap * 0.16, ph - 8, shade, 'opacity="0.5"');
    out += path(`M${n(px)} ${n(baseY - ph * 0.22)} L${n(px + gap * 0.35)} ${n(baseY - ph * 0.26)} L${n(px + gap * 0.7)} ${n(baseY - ph * 0.22)}`, 'none', `stroke="${C.navyDark}" stroke-width="4"`);
  }
  return out;
}

/** A chandelier of candle lights hanging from `y`. */
export function chandelier(cx, y, r, colour) {
  let out = rect(cx - 1.5, 0, 3, y, C.goldLight, 'opacity="0.7"') + circle(cx, y, r * 0.18, colour);
  for (let i = 0; i < 7; i++) {
    const a = Math.PI * (0.1 + (0.8 * i) / 6);
    const lx = cx - Math.cos(a) * r;
    const ly = y + Math.sin(a) * r * 0.35;
    out += path(`M${n(cx)} ${n(y)} Q${n((cx + lx) / 2)} ${n(y + r * 0.4)} ${n(lx)} ${n(ly)}`, 'none', `stroke="${colour}" stroke-width="3"`);
    out += circle(lx, ly - 8, 7, C.goldPale) + circle(lx, ly - 8, 18, C.goldPale, 'opacity="0.25"');
  }
  return out;
}

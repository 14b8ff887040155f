import {
  arches,
  birds,
  C,
  chandelier,
  circle,
  crenelTower,
  cypress,
  dome,
  H,
  hills,
  linear,
  organPipes,
  path,
  poly,
  radial,
  rect,
  roseWindow,
  sky,
  spire,
  stars,
  sun,
  svg,
  temple,
  umbrellaPine,
  W,
  water,
  windows,
} from './shapes.mjs';

/**
 * Every tour picture, by the id the seed names it with (data/tour-content.ts).
 * Original drawings made for this repository: see media/tours/NOTICE.md.
 */

function compose(...parts) {
  const defs = parts.map((part) => (typeof part === 'string' ? '' : part.defs)).join('');
  const body = parts.map((part) => (typeof part === 'string' ? part : part.body)).join('');
  return svg(body, defs);
}

const dusk = (id) =>
  sky(id, [
    [0, C.navyDark],
    [0.55, C.navyMid],
    [0.85, C.rose],
    [1, C.goldPale],
  ]);
const day = (id) =>
  sky(id, [
    [0, '#9fc0d6'],
    [0.7, '#dfe9ee'],
    [1, C.cream],
  ]);
const warm = (id) =>
  sky(id, [
    [0, '#f0c58a'],
    [0.6, C.goldPale],
    [1, C.cream],
  ]);
const night = (id) =>
  sky(id, [
    [0, '#0c1a2e'],
    [1, C.navy],
  ]);
const interior = (id, glow = C.goldLight) => ({
  defs: radial(id, [
    [0, glow, 0.95],
    [0.55, C.navyMid, 1],
    [1, C.navyDark, 1],
  ]),
  body: rect(0, 0, W, H, `url(#${id})`),
});

export const SCENES = {
  /** Vienna at dusk: the spire of St Stephen's between Baroque domes. */
  'mhw-vie-skyline': () =>
    compose(
      dusk('s'),
      sun('sn', 1120, 640, 60, C.goldPale, C.goldLight),
      stars(40, 1, 300),
      hills(760, 30, C.navySoft, 2),
      dome(330, 760, 95, C.navy),
      rect(180, 700, 330, 70, C.navy),
      spire(690, 790, 90, 300, 330, C.navyDark),
      windows(700, 520, 70, 240, 2, 6, 3),
      dome(1000, 790, 70, C.navy),
      rect(860, 730, 300, 70, C.navy),
      windows(870, 740, 280, 40, 10, 1, 4),
      rect(0, 790, W, H - 790, C.navyDark),
      windows(0, 800, W, 60, 36, 1, 5, C.goldLight, C.navyDark, 0.3),
    ),
  /** A gilded concert hall: chandeliers over the stalls and an organ front. */
  'mhw-vie-hall': () =>
    compose(
      interior('g'),
      organPipes(420, 470, 600, 300, 15, C.goldLight, C.gold),
      rect(380, 470, 680, 40, C.gold),
      arches(60, 260, 320, 300, 3, C.navyDark),
      arches(1060, 260, 320, 300, 3, C.navyDark),
      chandelier(260, 180, 120, C.goldLight),
      chandelier(1180, 180, 120, C.goldLight),
      chandelier(720, 120, 90, C.goldLight),
      rect(0, 640, W, 20, C.gold),
      windows(0, 680, W, 280, 24, 5, 6, C.terracotta, '#7a3b2c', 0.9),
    ),
  /** A Doric temple on its ridge above the sea, Agrigento. */
  'tsg-sic-temple': () =>
    compose(
      warm('s'),
      sun('sn', 360, 260, 70, '#fff3d6', C.goldLight),
      water(640, C.sea, 7, C.goldPale),
      hills(690, 40, C.olive, 8),
      temple(760, 640, 460, 330, 6, C.stone, C.stoneDark),
      hills(840, 25, C.greenDark, 9),
      umbrellaPine(300, 860, 180, C.greenDark),
      cypress(1300, 880, 220),
      birds([
        [560, 200],
        [610, 230, 10],
        [660, 190, 12],
      ]),
    ),
  /** The red domes and gold mosaics of Norman Palermo. */
  'tsg-sic-mosaic': () =>
    compose(
      interior('g', C.goldPale),
      path('M420 960 L420 360 A300 300 0 0 1 1020 360 L1020 960 Z', C.gold),
      path('M470 960 L470 380 A250 250 0 0 1 970 380 L970 960 Z', C.goldLight),
      circle(720, 330, 90, C.cream),
      circle(720, 330, 70, C.terracotta),
      rect(705, 270, 30, 120, C.goldPale),
      rect(660, 315, 120, 30, C.goldPale),
      windows(490, 470, 460, 230, 10, 4, 10, C.navyMid, C.gold, 0.5),
      arches(470, 720, 500, 240, 4, C.navyDark),
      arches(40, 300, 330, 400, 2, C.navyDark),
      arches(1070, 300, 330, 400, 2, C.navyDark),
    ),
  /** The Festspielhaus on its green hill at sunset. */
  'mf-bay-hill': () =>
    compose(
      dusk('s'),
      sun('sn', 300, 560, 80, C.goldPale, C.rose),
      hills(700, 50, C.navySoft, 11),
      rect(560, 470, 420, 230, C.terracotta),
      poly(
        [
          [540, 470],
          [770, 360],
          [1000, 470],
        ],
        '#8e4a34',
      ),
      rect(700, 380, 140, 90, C.terracotta),
      windows(580, 520, 380, 150, 9, 3, 12, C.goldLight, '#7a3b2c', 0.7),
      hills(760, 35, C.green, 13),
      hills(860, 25, C.greenDark, 14),
      cypress(420, 820, 180),
      cypress(1120, 820, 200),
    ),
  /** The stage of an opera house, curtain raised on a starlit set. */
  'mf-bay-stage': () =>
    compose(
      night('s'),
      stars(70, 15, 520),
      circle(1040, 220, 60, C.goldPale),
      hills(620, 40, C.navyMid, 16),
      path('M0 0 L260 0 Q200 300 260 620 L0 620 Z', '#7a3b2c'),
      path('M1440 0 L1180 0 Q1240 300 1180 620 L1440 620 Z', '#7a3b2c'),
      rect(0, 0, W, 70, '#8e4a34'),
      rect(0, 620, W, 40, C.gold),
      rect(0, 660, W, 300, C.navyDark),
      windows(0, 700, W, 260, 26, 4, 17, C.navySoft, C.navyDark, 0.4),
    ),
  /** Greenwich from the river: Wren's twin domes and the Observatory on the hill. */
  'ld-gre-river': () =>
    compose(
      day('s'),
      hills(520, 40, C.green, 21),
      rect(1040, 400, 120, 80, C.cream),
      dome(1100, 410, 40, C.navySoft),
      rect(180, 560, 1080, 140, C.cream),
      windows(180, 580, 1080, 100, 36, 2, 22, C.navySoft, C.sand, 0.6),
      rect(180, 550, 1080, 14, C.stone),
      spire(400, 560, 60, 110, 0, C.cream),
      dome(430, 450, 48, C.cream, C.gold, 20),
      spire(980, 560, 60, 110, 0, C.cream),
      dome(1010, 450, 48, C.cream, C.gold, 20),
      water(700, C.sea, 23),
      birds([
        [260, 180],
        [300, 210, 10],
      ]),
    ),
  /** The Royal Observatory's dome and the meridian line at noon. */
  'ld-gre-observatory': () =>
    compose(
      day('s'),
      sun('sn', 1120, 200, 70, '#fff8e6', C.goldPale),
      hills(640, 30, C.green, 24),
      rect(420, 420, 520, 240, '#a1523b'),
      windows(440, 470, 480, 160, 8, 2, 25, C.cream, C.navyDark, 0.8),
      crenelTower(560, 420, 120, 90, '#a1523b'),
      dome(620, 330, 60, C.navySoft, C.gold, 10),
      rect(0, 800, W, 160, C.greenDark),
      rect(716, 660, 8, 300, C.goldLight),
      umbrellaPine(220, 800, 200, C.greenDark),
    ),
  /** An organ in a Leipzig church gallery, lit for an evening talk. */
  'ot-bac-organ': () =>
    compose(
      interior('g'),
      rect(320, 560, 800, 400, C.navyDark),
      organPipes(340, 560, 760, 420, 19, C.goldLight, C.gold),
      rect(300, 560, 840, 36, C.gold),
      arches(330, 620, 780, 300, 6, C.navy),
      arches(0, 200, 300, 420, 2, C.navyDark),
      arches(1140, 200, 300, 420, 2, C.navyDark),
    ),
  /** A score and a lamp on a desk: the talk comes to you. */
  'ot-bac-score': () =>
    compose(
      interior('g', C.goldPale),
      rect(0, 620, W, 340, '#5a3a28'),
      poly(
        [
          [300, 700],
          [720, 660],
          [720, 900],
          [260, 930],
        ],
        C.cream,
      ),
      poly(
        [
          [720, 660],
          [1140, 700],
          [1180, 930],
          [720, 900],
        ],
        C.sand,
      ),
      windows(330, 700, 360, 190, 1, 8, 31, C.navySoft, C.navySoft, 1),
      windows(760, 700, 360, 190, 1, 8, 32, C.navySoft, C.navySoft, 1),
      rect(1190, 300, 14, 330, C.gold),
      path('M1080 300 L1320 300 L1260 200 L1140 200 Z', C.gold),
      circle(1200, 320, 60, C.goldPale, 'opacity="0.5"'),
    ),
  /** Rome at evening: St Peter's dome above umbrella pines. */
  'la-rom-dome': () =>
    compose(
      warm('s'),
      sun('sn', 1150, 420, 70, '#fff3d6', C.rose),
      hills(720, 30, C.rose, 41),
      dome(640, 640, 150, C.stoneDark, C.gold, 90),
      rect(380, 640, 520, 100, C.stoneDark),
      windows(390, 660, 500, 70, 12, 1, 42, C.goldPale, C.navyDark, 0.5),
      rect(0, 740, W, 220, C.navy),
      umbrellaPine(200, 790, 280, C.greenDark),
      umbrellaPine(1100, 800, 240, C.greenDark),
      umbrellaPine(1300, 780, 300, C.greenDark),
      birds([
        [900, 260],
        [950, 300, 10],
      ]),
    ),
  /** Candlelight and shadow in a Roman chapel, Caravaggio's light. */
  'la-rom-chapel': () =>
    compose(
      interior('g', C.goldLight),
      rect(380, 180, 680, 560, C.navyDark),
      rect(400, 200, 640, 520, '#2b1d14'),
      path('M400 720 L400 200 L760 200 Q560 420 400 720 Z', C.goldLight, 'opacity="0.55"'),
      circle(640, 420, 70, C.rose, 'opacity="0.8"'),
      rect(560, 490, 160, 220, '#7a3b2c'),
      rect(380, 740, 680, 40, C.gold),
      rect(300, 780, 840, 180, C.stoneDark),
      rect(1160, 520, 14, 260, C.cream),
      circle(1167, 505, 16, C.goldPale),
      circle(1167, 505, 60, C.goldPale, 'opacity="0.25"'),
    ),
  /** The Barbican's towers over the lake at night. */
  'co-pro-towers': () =>
    compose(
      night('s'),
      stars(60, 51, 400),
      rect(140, 200, 170, 560, C.navyMid),
      windows(150, 220, 150, 520, 5, 22, 52),
      rect(520, 120, 190, 640, C.navyMid),
      windows(530, 140, 170, 600, 5, 25, 53),
      rect(1000, 240, 170, 520, C.navyMid),
      windows(1010, 260, 150, 480, 5, 20, 54),
      rect(0, 640, W, 120, C.navy),
      arches(0, 660, W, 100, 18, C.navyDark),
      water(760, '#183049', 55, C.goldLight),
    ),
  /** A grand piano under a spotlight. */
  'co-pro-piano': () =>
    compose(
      night('s'),
      {
        defs: radial('spot', [
          [0, C.goldPale, 0.8],
          [1, C.goldPale, 0],
        ]),
        body: path('M620 0 L820 0 L1160 960 L280 960 Z', 'url(#spot)'),
      },
      rect(0, 760, W, 200, '#3a2618'),
      path('M460 620 L1000 620 Q1060 540 980 480 Q860 420 740 500 Q680 540 600 540 L460 560 Z', C.navyDark),
      rect(460, 600, 560, 30, '#0a1322'),
      windows(470, 602, 540, 24, 36, 1, 56, C.cream, C.cream, 1),
      rect(490, 630, 16, 150, C.navyDark),
      rect(960, 630, 16, 150, C.navyDark),
      rect(700, 640, 120, 40, C.navyDark),
    ),
  /** Florence: Brunelleschi's dome and the tower of the Palazzo Vecchio. */
  'pg-flo-duomo': () =>
    compose(
      warm('s'),
      hills(560, 40, C.olive, 61),
      hills(640, 30, C.green, 62),
      dome(760, 660, 140, C.terracotta, C.cream, 70),
      rect(560, 600, 400, 80, C.sand),
      crenelTower(1000, 700, 70, 330, C.stone),
      spire(380, 700, 60, 280, 40, C.sand, C.terracotta),
      rect(0, 680, W, 280, C.sand),
      windows(0, 700, W, 240, 30, 4, 63, C.terracotta, C.rose, 0.5),
    ),
  /** A Medici villa among cypresses in the Tuscan hills. */
  'pg-flo-villa': () =>
    compose(
      day('s'),
      hills(480, 50, C.olive, 64),
      hills(600, 40, C.green, 65),
      rect(520, 420, 400, 200, C.goldPale),
      rect(520, 400, 400, 24, C.terracotta),
      rect(660, 330, 120, 80, C.goldPale),
      rect(650, 318, 140, 16, C.terracotta),
      arches(540, 500, 360, 120, 5, C.navySoft),
      hills(760, 30, C.greenDark, 66),
      cypress(380, 760, 300),
      cypress(450, 760, 240),
      cypress(1000, 760, 280),
      cypress(1070, 760, 330),
    ),
  /** The west front of a Gothic cathedral with its twin towers. */
  'un-tbc-facade': () =>
    compose(
      day('s'),
      rect(360, 300, 720, 560, C.stone),
      crenelTower(360, 860, 200, 640, C.stone),
      crenelTower(880, 860, 200, 640, C.stone),
      poly(
        [
          [560, 300],
          [720, 150],
          [880, 300],
        ],
        C.stone,
      ),
      roseWindow(720, 420, 110, [C.navy, C.sea, C.terracotta, C.gold]),
      arches(380, 700, 680, 160, 3, C.navyDark),
      arches(380, 300, 160, 260, 2, C.stoneDark),
      arches(900, 300, 160, 260, 2, C.stoneDark),
      rect(0, 860, W, 100, C.sand),
    ),
  /** A rose window in stained glass, lit from behind. */
  'un-tbc-rose': () =>
    compose(
      interior('g', C.navySoft),
      roseWindow(720, 480, 380, [C.navy, C.sea, C.terracotta, C.goldLight]),
      {
        defs: linear('beam', [
          [0, C.goldPale, 0.35],
          [1, C.goldPale, 0],
        ]),
        body: path('M560 700 L880 700 L1180 960 L260 960 Z', 'url(#beam)'),
      },
    ),
};

/** Every scene draws on the same canvas, so every picture has the same intrinsic size. */
export const CANVAS = { width: W, height: H };

// Written by apps/api/scripts/render-tour-pictures.mjs from its drawings; run it again rather than editing this file.

export interface TourPictureFile {
  /** media/tours/${fileStem}-${width}.avif|webp */
  fileStem: string;
  width: number;
  height: number;
  widths: number[];
}

export const TOUR_PICTURE_FILES = {
  'mhw-vie-skyline': { fileStem: 'mhw-vie-skyline.55413a9173', width: 1440, height: 960, widths: [480, 960, 1440] },
  'mhw-vie-hall': { fileStem: 'mhw-vie-hall.e91833f6ae', width: 1440, height: 960, widths: [480, 960, 1440] },
  'tsg-sic-temple': { fileStem: 'tsg-sic-temple.7dbfde103e', width: 1440, height: 960, widths: [480, 960, 1440] },
  'tsg-sic-mosaic': { fileStem: 'tsg-sic-mosaic.0bf081f2c8', width: 1440, height: 960, widths: [480, 960, 1440] },
  'mf-bay-hill': { fileStem: 'mf-bay-hill.32a2fa2a12', width: 1440, height: 960, widths: [480, 960, 1440] },
  'mf-bay-stage': { fileStem: 'mf-bay-stage.040868b102', width: 1440, height: 960, widths: [480, 960, 1440] },
  'ld-gre-river': { fileStem: 'ld-gre-river.e7b3f567a2', width: 1440, height: 960, widths: [480, 960, 1440] },
  'ld-gre-observatory': { fileStem: 'ld-gre-observatory.54fc3dddfb', width: 1440, height: 960, widths: [480, 960, 1440] },
  'ot-bac-organ': { fileStem: 'ot-bac-organ.c09bed0188', width: 1440, height: 960, widths: [480, 960, 1440] },
  'ot-bac-score': { fileStem: 'ot-bac-score.c8fbbc2136', width: 1440, height: 960, widths: [480, 960, 1440] },
  'la-rom-dome': { fileStem: 'la-rom-dome.47452a83ca', width: 1440, height: 960, widths: [480, 960, 1440] },
  'la-rom-chapel': { fileStem: 'la-rom-chapel.9d6506cd23', width: 1440, height: 960, widths: [480, 960, 1440] },
  'co-pro-towers': { fileStem: 'co-pro-towers.e463f1c252', width: 1440, height: 960, widths: [480, 960, 1440] },
  'co-pro-piano': { fileStem: 'co-pro-piano.2f22a63973', width: 1440, height: 960, widths: [480, 960, 1440] },
  'pg-flo-duomo': { fileStem: 'pg-flo-duomo.6d49432872', width: 1440, height: 960, widths: [480, 960, 1440] },
  'pg-flo-villa': { fileStem: 'pg-flo-villa.4a44485fe1', width: 1440, height: 960, widths: [480, 960, 1440] },
  'un-tbc-facade': { fileStem: 'un-tbc-facade.2209352e81', width: 1440, height: 960, widths: [480, 960, 1440] },
  'un-tbc-rose': { fileStem: 'un-tbc-rose.ebcbb999c9', width: 1440, height: 960, widths: [480, 960, 1440] },
} as const satisfies Record<string, TourPictureFile>;

export type TourPictureId = keyof typeof TOUR_PICTURE_FILES;

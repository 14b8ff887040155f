import type { HotelSeed } from './types.ts';

/** Hotel names carry accents the reservations system drops on its room options (spec: accent-insensitive match). */
export const HOTELS = {
  konigshof: { name: 'Hotel Königshof', city: 'Vienna', description: 'A Biedermeier town house two streets from the Staatsoper.' },
  monchsberg: { name: 'Gästehaus Mönchsberg', city: 'Salzburg', description: 'A quiet guest house below the fortress, ten minutes from Mozart’s birthplace.' },
  aretusa: { name: 'Hotel Villa Aretusa', city: 'Syracuse', description: 'A restored palazzo on the island of Ortigia.' },
  goldenerAnker: { name: 'Hotel Goldener Anker', city: 'Bayreuth', description: 'A family-run inn in the old town, a short walk from the Festspielhaus.' },
  ambrose: { name: 'The Ambrose Hotel', city: 'London', description: 'A Georgian hotel in Bloomsbury, close to the lecture hall.' },
  clerkenwell: { name: 'The Clerkenwell Hotel', city: 'London', description: 'A converted printworks a short walk from the Barbican.' },
  rucellai: { name: 'Palazzo Rucellai Suites', city: 'Florence', description: 'Apartments in a Renaissance palace near Santa Maria Novella.' },
  cathedrale: { name: 'Hôtel de la Cathédrale', city: 'Reims', description: 'A small hotel facing the west front of the cathedral.' },
} satisfies Record<string, HotelSeed>;

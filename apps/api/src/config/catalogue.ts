import { z } from 'zod';
import { defineSlice, setting } from './setting.ts';

export const catalogue = defineSlice({
  title: 'Catalogue',
  summary: 'How the staff console watches what is left to sell.',
  settings: {
    catalogue: {
      lowStockThreshold: setting(
        'LOW_STOCK_THRESHOLD',
        z.coerce.number().int().min(0).max(1000).default(3),
        "At most this many places, rooms, seats or units left on an open departure yet to start puts it on the console home's low stock list (0 to 1000; 3 by default)",
      ),
    },
  },
});

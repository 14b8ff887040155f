import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (offline) writes the SQL migrations the app applies at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});

import { describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../src/db/client.ts';
import { build, buildTestApp, createTestDatabase } from './helper.ts';

describe('GET /api/health', () => {
  const server = build();

  it('answers ok when the database answers', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 in the error shape when the database does not', async () => {
    const database = await createTestDatabase();
    const opened = await database.open();
    let closed = false;
    const connection: DatabaseConnection = {
      ...opened,
      close: async () => {
        if (!closed) await opened.close();
        closed = true;
      },
    };
    const app = await buildTestApp(database, { database: connection });
    try {
      await connection.close();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'SERVICE_FAILURE', message: 'The database is not answering.' } });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

import { ONLINE_MARKETING_SOURCE_ID, OTHER_MARKETING_SUBSOURCE_ID, type MarketingSource } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { MARKETING_SOURCES } from '../src/db/seed/data/marketing.ts';
import { build } from './helper.ts';

describe('GET /api/config/marketing-sources', () => {
  const server = build();

  it('lists the sources with their subsources, including Online (63) with Other (165)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/config/marketing-sources' });
    expect(response.statusCode).toBe(200);
    const items: MarketingSource[] = response.json().data.items;
    expect(items.map((source) => source.name)).toEqual(MARKETING_SOURCES.map((source) => source.name));
    const online = items.find((source) => source.id === ONLINE_MARKETING_SOURCE_ID);
    expect(online?.name).toBe('Online');
    expect(online?.subsources).toContainEqual({ id: OTHER_MARKETING_SUBSOURCE_ID, name: 'Other' });
    for (const source of items) expect(source.subsources.length).toBeGreaterThan(0);
  });
});

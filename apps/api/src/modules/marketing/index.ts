import type { CreateBookingBody } from '@tours/domain';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { marketingSources, marketingSubsources } from './schema.ts';

/**
 * 'How did you hear about us?': the marketing sources and subsources a
 * booking names. Read here; written only by the seed (and staff, later).
 */

/** Whether the source and subsource a booking names are ours and active. */
export async function isKnownSource(db: Database, source: CreateBookingBody['source']): Promise<boolean> {
  const [row] = await db
    .select({ id: marketingSubsources.id })
    .from(marketingSubsources)
    .innerJoin(marketingSources, eq(marketingSources.id, marketingSubsources.sourceId))
    .where(
      and(
        eq(marketingSubsources.id, source.subsource_id),
        eq(marketingSubsources.sourceId, source.id),
        eq(marketingSubsources.active, true),
        eq(marketingSources.active, true),
      ),
    );
  return Boolean(row);
}

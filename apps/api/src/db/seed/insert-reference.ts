import { CURRENCIES } from '@tours/domain';
import type { Database } from '../client.ts';
import { agentStaff, agents, marketingSources, marketingSubsources, promotionDiscounts, promotions } from '../schema/index.ts';
import { AGENTS } from './data/agents.ts';
import { MARKETING_SOURCES, PROMOTIONS } from './data/marketing.ts';
import { addDays } from './dates.ts';

export async function seedMarketing(db: Database, today: string): Promise<void> {
  await db.insert(marketingSources).values(MARKETING_SOURCES.map(({ id, name }, position) => ({ id, name, position })));
  await db.insert(marketingSubsources).values(
    MARKETING_SOURCES.flatMap((source) =>
      source.subsources.map(({ id, name }, position) => ({ id, sourceId: source.id, name, position })),
    ),
  );
  for (const promotion of PROMOTIONS) {
    const [row] = await db
      .insert(promotions)
      .values({
        code: promotion.code,
        description: promotion.description,
        validFrom: addDays(today, promotion.validFromDays),
        validTo: addDays(today, promotion.validToDays),
      })
      .returning({ id: promotions.id });
    await db
      .insert(promotionDiscounts)
      .values(CURRENCIES.map((currency) => ({ promotionId: row!.id, currency, amount: promotion.discount[currency] })));
  }
}

export async function seedAgents(db: Database): Promise<void> {
  for (const agent of AGENTS) {
    const [row] = await db.insert(agents).values({ code: agent.code, name: agent.name }).returning({ id: agents.id });
    await db.insert(agentStaff).values(agent.staff.map((staff) => ({ agentId: row!.id, name: staff.name, email: staff.email })));
  }
}

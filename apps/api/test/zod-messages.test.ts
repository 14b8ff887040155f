import { VALIDATION } from '@tours/domain';
import { describe, expect, it } from 'vitest';
import { build, expectApiError } from './helper.ts';

/**
 * The domain's schemas are built with zod's smaller build (zod/mini, issue 15),
 * which loads no locale: a check without a message of our own would say only
 * 'Invalid input'. The API loads classic zod, which installs the English
 * locale for every schema in the process, so a 400 answer's `fields` keep
 * zod's English text where the contract gives no message, and our own
 * messages wherever it does.
 */
describe("400 answers of the domain's contracts", () => {
  const server = build();
  const verify = (body: unknown) => server.app.inject({ method: 'POST', url: '/api/bookings/agents/verify', payload: body as object });

  it("say what zod's English locale says where the contract has no message of its own", async () => {
    const tooLong = await verify({ agent_id: 'A'.repeat(21), email: 'someone@example.com' });
    expectApiError(tooLong, 400, 'VALIDATION_FAILED');
    expect(tooLong.json().error.fields).toEqual({ agent_id: 'Too big: expected string to have <=20 characters' });

    const missing = await verify({ agent_id: 'AG1001' });
    expectApiError(missing, 400, 'VALIDATION_FAILED');
    expect(missing.json().error.fields).toEqual({ email: 'Invalid input: expected string, received undefined' });
  });

  it('say our own message where the contract gives one', async () => {
    const empty = await verify({ agent_id: '  ', email: '' });
    expectApiError(empty, 400, 'VALIDATION_FAILED');
    expect(empty.json().error.fields).toEqual({ agent_id: VALIDATION.agentIdRequired, email: VALIDATION.staffEmailRequired });
  });
});

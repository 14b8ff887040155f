/**
 * A multi-step flow with compensation, as Medusa runs its money flows: steps
 * run in order, each may leave something behind, and when a step fails the
 * steps already done are compensated in reverse order before the error goes
 * on. Database work inside a step is one transaction, so a failed step undoes
 * itself; compensation is for what a finished step committed or did outside
 * the database and must not simply be forgotten.
 */
export interface WorkflowStep<Context> {
  name: string;
  invoke(context: Context): Promise<void>;
  /** Undoes, or makes safe, what `invoke` did; runs only if a later step fails. */
  compensate?(context: Context, failure: WorkflowError): Promise<void>;
}

/** Which step failed, with the original error as the cause. */
export class WorkflowError extends Error {
  override name = 'WorkflowError';
  constructor(
    readonly step: string,
    override readonly cause: unknown,
  ) {
    super(`Step '${step}' failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export async function runWorkflow<Context>(steps: readonly WorkflowStep<Context>[], context: Context): Promise<void> {
  const done: WorkflowStep<Context>[] = [];
  for (const step of steps) {
    try {
      await step.invoke(context);
    } catch (error) {
      const failure = new WorkflowError(step.name, error);
      for (const finished of done.reverse()) {
        // A compensation that fails must not hide the original failure; it is reported alongside it.
        await finished.compensate?.(context, failure).catch((compensationError: unknown) => {
          throw new AggregateError([error, compensationError], `Step '${step.name}' failed and compensating '${finished.name}' failed too`);
        });
      }
      throw failure;
    }
    done.push(step);
  }
}

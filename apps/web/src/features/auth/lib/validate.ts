/** What the contract's Zod schemas offer (typed structurally: the web app does not depend on zod itself). */
interface Schema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** The first message a contract schema gives for a value, or null when the value passes. */
export function fieldError(schema: Schema, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

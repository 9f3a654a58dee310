import { BoostBodySchema, DEFAULT_CTA_LABEL } from '@campus/contract';
import type { FieldSchema } from '@/lib/use-form.ts';

/** A valid address, so that checking the label alone does not trip over an empty URL. */
const SOME_URL = 'https://www.example.com';

/**
 * One field of the boost form checked by the contract's BoostBodySchema (the server's own
 * rules), so the page shows the spec's words: 'Website is required.', 'Website URL must have
 * https & www.', 'Button label is required.'.
 */
export function boostFieldSchema(field: 'url' | 'label'): FieldSchema {
  return {
    safeParse(value: unknown) {
      const result = BoostBodySchema.safeParse({
        goal: 'website',
        url: field === 'url' ? value : SOME_URL,
        label: field === 'label' ? value : DEFAULT_CTA_LABEL,
      });
      if (result.success) return { success: true };
      const issues = result.error.issues.filter((issue) => issue.path[0] === field);
      return issues.length > 0 ? { success: false, error: { issues } } : { success: true };
    },
  };
}

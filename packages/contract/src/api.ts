import { z } from 'zod';

/** Every error the API answers has this body; `code` is stable, `message` is for people. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  uptimeSeconds: z.number(),
});

/** GET /api/health/live: the process answers (no database involved). */
export const LivenessResponseSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

/** GET /api/health/ready: 200 when this instance should get traffic, else 503 with the same shape. */
export const ReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['ok', 'down']),
  /** The LISTEN connection live events arrive on. */
  events: z.enum(['ok', 'down']),
  draining: z.boolean(),
});

/** Bounds on what any request may carry, checked at the edge before a route sees it (docs/security.md#hostile-input). */
export const REQUEST_LIMITS = {
  /** Deepest nesting of objects and arrays in a JSON body; the API's own bodies need under 10. */
  jsonMaxDepth: 64,
} as const;

/**
 * Writes (POST, PUT, PATCH, DELETE under /api, except /api/auth/* which has its own limiter)
 * one account — or one address when signed out — may make per window (docs/security.md#hostile-input).
 * Routes with a tighter need set their own limit.
 */
export const WRITE_RATE_LIMIT = {
  max: 60,
  windowMs: 60_000,
} as const;

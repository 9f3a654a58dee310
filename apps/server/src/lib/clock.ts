/** Time as the services see it; tests pass their own to move past expiry without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What time it is, asked through one provider so tests can move through days without waiting for them. */
export interface Clock {
  now(): Date;
}

export const EXPENSES_CLOCK = Symbol('EXPENSES_CLOCK');

export const systemClock: Clock = { now: () => new Date() };

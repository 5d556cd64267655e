/**
 * The item and key shapes of the single table. Their own module, so the table helpers and the paging
 * helpers both depend on it and never on each other (no import cycle).
 */
export type Item = Record<string, unknown>;
export type Key = { PK: string; SK: string };

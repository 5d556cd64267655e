/**
 * A run may take minutes; its lock outlives the longest Lambda invocation (15 min) and is renewed
 * between dates, so a crashed run frees the sync within minutes and a live one never loses it.
 * A module of its own: regenerate.ts (in the accounts, performance and programs bundles) needs the
 * TTL without loading runs.ts and the S3 and Step Functions SDKs it imports.
 */
export const LOCK_TTL_MS = 16 * 60_000;

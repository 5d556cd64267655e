import type { ListStatus } from '@shared/accounts/account';

/** Spec 000 §2: the account id is shown without its first four characters. */
export function shortAccountId(accountId: string): string {
  return accountId.length > 4 ? accountId.slice(4) : accountId;
}

const LIST_STATUSES: readonly ListStatus[] = ['active', 'passed', 'failed', 'held'];

/**
 * A `?status=` value the server filters by, else undefined; a plain list, so the route module that
 * prefetches reads it without loading zod.
 */
export function listStatusParam(value: string | null): ListStatus | undefined {
  return LIST_STATUSES.find((status) => status === value);
}

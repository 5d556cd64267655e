/** Spec 000 §2: the account id is shown without its first four characters. */
export function shortAccountId(accountId: string): string {
  return accountId.length > 4 ? accountId.slice(4) : accountId;
}

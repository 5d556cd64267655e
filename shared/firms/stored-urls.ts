import { webUrlProblem } from '../common/fields';

/**
 * URL fields of a stored firm that its schema no longer accepts: a firm saved before URL
 * fields took only http and https may hold `javascript:` or `data:`. Such a value is dropped when the
 * firm is read, so the firm still opens (its schema would refuse it) and no screen renders it as a
 * link; the next save stores the firm without it. Answers the firm and the paths of what it dropped
 * (for a log line: the paths, never the values).
 */
export function withoutUnsafeUrls<T extends Record<string, unknown>>(
  firm: T,
): { firm: T; dropped: string[] } {
  const dropped: string[] = [];
  const clean = (holder: unknown, key: string, path: string): unknown => {
    if (typeof holder !== 'object' || holder === null || Array.isArray(holder)) return holder;
    const value = (holder as Record<string, unknown>)[key];
    if (
      typeof value !== 'string' ||
      value.trim() === '' ||
      webUrlProblem(value.trim()) !== 'scheme'
    ) {
      return holder;
    }
    dropped.push(path);
    const { [key]: _dropped, ...rest } = holder as Record<string, unknown>;
    return rest;
  };
  const listOf = (value: unknown): unknown[] | undefined =>
    Array.isArray(value) ? value : undefined;
  let result = clean(firm, 'website', 'website') as Record<string, unknown>;
  const brokers = listOf(result.brokers);
  if (brokers) {
    result = {
      ...result,
      brokers: brokers.map((broker, at) => {
        const cleaned = clean(broker, 'website', `brokers.${at}.website`) as Record<
          string,
          unknown
        >;
        const accounts = listOf(cleaned?.mgrAccount);
        return accounts
          ? {
              ...cleaned,
              mgrAccount: accounts.map((account, index) =>
                clean(account, 'url', `brokers.${at}.mgrAccount.${index}.url`),
              ),
            }
          : cleaned;
      }),
    };
  }
  const software = result.managerSoftware;
  if (Array.isArray(software)) {
    result = {
      ...result,
      managerSoftware: software.map((entry, at) =>
        clean(entry, 'serverUrl', `managerSoftware.${at}.serverUrl`),
      ),
    };
  } else if (software !== undefined) {
    result = {
      ...result,
      managerSoftware: clean(software, 'serverUrl', 'managerSoftware.serverUrl'),
    };
  }
  return { firm: result as T, dropped };
}

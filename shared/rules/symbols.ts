/**
 * Futures symbols: the product root of a contract (`ESZ5` → `ES`, `MNQH6` → `MNQ`, `6EH26` → `6E`).
 * Roots are cached: a book trades few symbols and the engine asks for the root of every fill.
 */

/** A contract is its root, a month code (F G H J K M N Q U V X Z) and a one- or two-digit year. */
const CONTRACT_PATTERN = /^(.+)[FGHJKMNQUVXZ]\d{1,2}$/;
const MAX_CACHED_SYMBOLS = 50_000;

/** A symbol as the engine compares it: upper-cased, and its product root. */
export interface SymbolInfo {
  symbol: string;
  root: string;
}

const known = new Map<string, SymbolInfo>();

/** The normalized symbol and product root of a symbol as written; a root is its own root. */
export function symbolInfo(written: string): SymbolInfo {
  let info = known.get(written);
  if (info === undefined) {
    const symbol = written.trim().toUpperCase();
    info = { symbol, root: CONTRACT_PATTERN.exec(symbol)?.[1] ?? symbol };
    if (known.size >= MAX_CACHED_SYMBOLS) known.clear();
    known.set(written, info);
  }
  return info;
}

/** The upper-cased product root of a symbol (`ESZ5` → `ES`). */
export function productRoot(symbol: string): string {
  return symbolInfo(symbol).root;
}

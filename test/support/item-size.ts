import type { Item } from '../../functions/lib/db/table';

/** The attributes a write stores: the document client leaves undefined ones out. */
const stored = (value: Item) => Object.entries(value).filter(([, e]) => e !== undefined);

/** DynamoDB's item size rule: attribute names and values in UTF-8, 3 + 1 per element for lists/maps. */
function sizeOf(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') {
    const digits = String(Math.abs(value)).replace('.', '').replace(/^0+/, '').length;
    return Math.ceil(digits / 2) + 1;
  }
  if (typeof value === 'boolean' || value === null) return 1;
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, e) => sum + 1 + sizeOf(e), 0);
  return (
    3 +
    stored(value as Item).reduce(
      (sum, [name, e]) => sum + 1 + Buffer.byteLength(name, 'utf8') + sizeOf(e),
      0,
    )
  );
}

/** An item's size in bytes as DynamoDB bills reads and writes (and counts toward the 400 KB limit). */
export const itemSize = (item: Item) =>
  stored(item).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name, 'utf8') + sizeOf(value),
    0,
  );

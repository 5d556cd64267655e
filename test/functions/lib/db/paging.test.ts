import { decodeCursor, encodeCursor } from '../../../../functions/lib/db/paging';
import { ValidationError } from '../../../../functions/lib/errors';

describe('cursors', () => {
  it('round-trips a key and is URL-safe', () => {
    const key = { PK: 'ACCOUNT#A+/=1', SK: 'DAY#20260302', GSI1PK: 'X' };

    const cursor = encodeCursor(key) as string;

    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
  });

  it('has no cursor after the last page', () => {
    expect(encodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor('')).toBeUndefined();
  });

  it.each([
    'not-a-cursor',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('{"PK":{}}').toString('base64url'),
  ])('refuses %p as a 400 naming the cursor', (cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(ValidationError);
    try {
      decodeCursor(cursor);
    } catch (error) {
      expect((error as ValidationError).details).toEqual([
        { field: 'cursor', message: 'The cursor is not valid' },
      ]);
    }
  });
});

import { ZodError } from 'zod';
import { batchPutAll } from '../../../../functions/lib/db/batch-writer';
import {
  accountKeys,
  commentKeys,
  dayKeys,
  KEY_ATTRIBUTES,
} from '../../../../functions/lib/db/keys';
import { encodeCursor } from '../../../../functions/lib/db/paging';
import { getItem } from '../../../../functions/lib/db/table';
import { ValidationError } from '../../../../functions/lib/errors';
import { commentRepository } from '../../../../functions/lib/repositories/comment-repository';
import { useFreshTable } from '../../../support/fresh-table';

const START = Date.parse('2026-03-02T14:00:00.000Z');
const minute = (n: number) => new Date(START + n * 60_000);

function expectNoTableAttributes(value: object) {
  for (const name of KEY_ATTRIBUTES) expect(value).not.toHaveProperty(name);
}

describe('commentRepository', () => {
  useFreshTable();

  beforeAll(async () => {
    // Other items of the same partitions, which the comment query must not return.
    await batchPutAll([
      { ...accountKeys.profile('ACC-1'), accountId: 'ACC-1' },
      { ...dayKeys.performance('ACC-1', '20260302'), AcctBal: 50_000 },
      { ...accountKeys.profile('ACC-2'), accountId: 'ACC-2' },
    ]);
    for (let n = 0; n < 60; n += 1) {
      await commentRepository.add('ACC-1', { author: 'Risk desk', text: `note ${n}` }, minute(n));
    }
    await commentRepository.add('ACC-2', { author: 'Ops', text: 'other account' }, minute(30));
  });

  it('adds a comment under the account, keyed by time and id, and answers it', async () => {
    const comment = await commentRepository.add(
      'ACC-3',
      { author: 'Jane', text: 'Called the trader' },
      minute(0),
    );

    expect(comment).toEqual({
      commentId: expect.any(String),
      accountId: 'ACC-3',
      author: 'Jane',
      text: 'Called the trader',
      createdAt: '2026-03-02T14:00:00.000Z',
    });
    await expect(
      getItem(commentKeys.comment('ACC-3', comment.createdAt, comment.commentId)),
    ).resolves.toMatchObject({ text: 'Called the trader' });
  });

  it('stamps the current time when none is given', async () => {
    const before = new Date().toISOString();

    const comment = await commentRepository.add('ACC-4', { author: 'Jane', text: 'Now' });

    expect(comment.createdAt >= before).toBe(true);
    await expect(commentRepository.listByAccount('ACC-4')).resolves.toEqual({ items: [comment] });
  });

  it('validates before writing: a blank author or text is refused and nothing is stored', async () => {
    await expect(
      commentRepository.add('ACC-5', { author: '', text: 'text' }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      commentRepository.add('ACC-5', { author: 'Jane', text: '' }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(commentRepository.listByAccount('ACC-5')).resolves.toEqual({ items: [] });
  });

  it('reads 60 comments 25 at a time with cursors, newest first, without gaps or repeats', async () => {
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await commentRepository.listByAccount('ACC-1', { limit: 25, cursor });
      pages.push(page.items);
      cursor = page.nextCursor;
    } while (cursor);

    expect(pages.map((page) => page.length)).toEqual([25, 25, 10]);
    const texts = pages.flat().map((comment) => comment.text);
    expect(texts).toEqual(Array.from({ length: 60 }, (_, index) => `note ${59 - index}`));
    expect(pages.flat().every((comment) => comment.accountId === 'ACC-1')).toBe(true);
    pages.flat().forEach(expectNoTableAttributes);
  });

  it('answers 25 by default, and ends without a cursor on the last page', async () => {
    const first = await commentRepository.listByAccount('ACC-1');
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));

    const other = await commentRepository.listByAccount('ACC-2');
    expect(other.items.map((comment) => comment.text)).toEqual(['other account']);
    expect(other.nextCursor).toBeUndefined();
  });

  it('refuses a cursor that is not one of ours with a 400 naming the cursor', async () => {
    const refusal = commentRepository.listByAccount('ACC-1', { cursor: 'not-a-cursor' });

    await expect(refusal).rejects.toBeInstanceOf(ValidationError);
    await expect(refusal).rejects.toMatchObject({ details: [{ field: 'cursor' }] });
    await expect(
      commentRepository.listByAccount('ACC-1', { cursor: encodeCursor({ PK: { nested: 1 } }) }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

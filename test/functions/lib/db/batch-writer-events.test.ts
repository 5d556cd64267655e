import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { NotificationEventInput } from '@shared/notifications/events';
import { BatchWriter } from '../../../../functions/lib/db/batch-writer';
import { DiscardingWriter } from '../../../../functions/lib/judging/rejudge';

/*
 * Events announced to the writer follow its writes: emitted after the flush that stored the items
 * put before them, never when that flush fails, never by the writer that keeps nothing.
 */

const event = (key: string): NotificationEventInput => ({
  type: 'account.passed',
  key,
  accountId: 'EVAL-1',
  traderId: 'T1',
  text: 'Passed on 03/03/2026: every benchmark met.',
  link: '/summaries/account/EVAL-1',
  data: {},
});

describe('BatchWriter announcements', () => {
  const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const mock = mockClient(documentClient);
  const emitted: string[] = [];
  const emit = async (announced: NotificationEventInput) => {
    // The items put before the announcement are stored by the time it is emitted.
    expect(mock.commandCalls(BatchWriteCommand).length).toBeGreaterThan(0);
    emitted.push(announced.key);
  };
  const options = { client: documentClient, table: 'T', sleep: () => Promise.resolve(), emit };

  beforeEach(() => {
    mock.reset();
    emitted.length = 0;
  });

  it('emits what was announced once the flush stored the items, each once', async () => {
    mock.on(BatchWriteCommand).resolves({ UnprocessedItems: {} });
    const writer = new BatchWriter(options);
    await writer.put({ PK: 'ACCOUNT#EVAL-1', SK: 'PERF#20260303' });
    writer.announce(event('a'));
    writer.announce(event('b'));
    expect(emitted).toEqual([]);

    await writer.flush();
    expect(emitted.sort()).toEqual(['a', 'b']);
    await writer.flush();
    expect(emitted).toHaveLength(2);
  });

  it('emits nothing when the flush fails', async () => {
    mock.on(BatchWriteCommand).rejects(new Error('The table is gone'));
    const writer = new BatchWriter(options);
    await writer.put({ PK: 'ACCOUNT#EVAL-1', SK: 'PERF#20260303' });
    writer.announce(event('a'));

    await expect(writer.flush()).rejects.toThrow('The table is gone');
    expect(emitted).toEqual([]);
  });

  it('the discarding writer of the impact preview announces nothing', async () => {
    const writer: BatchWriter = new DiscardingWriter(options);
    await writer.put({ PK: 'ACCOUNT#EVAL-1', SK: 'PERF#20260303' });
    writer.announce(event('a'));

    await writer.flush();
    expect(emitted).toEqual([]);
    expect(mock.commandCalls(BatchWriteCommand)).toHaveLength(0);
  });
});

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../functions/lib/aws/dynamodb';

/**
 * Runs `work` while every command the table's client sends passes through `observe` with its answer,
 * so a test can count what a route reads (the answer's items, the Queries of a key).
 */
async function observingTableCalls(
  work: () => Promise<unknown>,
  observe: (command: unknown, answer: unknown) => void,
): Promise<void> {
  const client = dynamoDocumentClient();
  const send = client.send.bind(client);
  const spy = jest.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
    const answer: unknown = await send(command as never);
    observe(command, answer);
    return answer;
  }) as never);
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
}

/** Items the table's reads answered (Query items and BatchGet responses) while `work` ran. */
export async function itemsRead(work: () => Promise<unknown>): Promise<number> {
  let items = 0;
  await observingTableCalls(work, (_command, answer) => {
    const { Items, Responses } = answer as {
      Items?: unknown[];
      Responses?: Record<string, unknown[]>;
    };
    items += Items?.length ?? 0;
    for (const list of Object.values(Responses ?? {})) items += list.length;
  });
  return items;
}

/**
 * Queries of the accounts' GSI2 groups (`ACCOUNTS#<phase>#<status>`, what reading every account
 * takes) that `work` made.
 */
export async function accountGroupQueries(work: () => Promise<unknown>): Promise<number> {
  let queries = 0;
  await observingTableCalls(work, (command) => {
    if (!(command instanceof QueryCommand)) return;
    const values = Object.values(command.input.ExpressionAttributeValues ?? {});
    if (values.some((value) => typeof value === 'string' && value.startsWith('ACCOUNTS#')))
      queries += 1;
  });
  return queries;
}

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { impactPreviewSchema, type ImpactPreview } from '@shared/programs/program-impact';
import { programSchema } from '@shared/programs/program';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { impactPreviewKeys, withoutKeys } from '../db/keys';
import { getItem, putItem, putNew, tableName } from '../db/table';

/** The stored preview: what the API answers, and the unsaved version the background judges. */
const storedPreviewSchema = impactPreviewSchema.extend({ program: programSchema });
export type StoredImpactPreview = z.infer<typeof storedPreviewSchema>;

/**
 * Impact previews (docs/data-model.md "impact preview of a program version"): one item per preview,
 * `IMPACTPREVIEW#<previewId> / PREVIEW`, written when it starts, its progress updated in place, and
 * rewritten whole when it ends.
 */
export const impactPreviewRepository = {
  async create(preview: StoredImpactPreview): Promise<void> {
    const item = { ...impactPreviewKeys.preview(preview.previewId), ...preview };
    await putNew(item, `Impact preview ${preview.previewId} already exists`);
  },

  /** Access pattern "one impact preview": Get `IMPACTPREVIEW#<previewId> / PREVIEW`. */
  async get(previewId: string): Promise<StoredImpactPreview | undefined> {
    const item = await getItem(impactPreviewKeys.preview(previewId));
    return item ? storedPreviewSchema.parse(withoutKeys(item)) : undefined;
  },

  /** How many accounts are judged so far, while the preview runs (a finished one is left alone). */
  async saveProgress(previewId: string, judged: number, total: number): Promise<void> {
    try {
      await dynamoDocumentClient().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: impactPreviewKeys.preview(previewId),
          UpdateExpression: 'SET judged = :judged, #total = :total',
          ConditionExpression: '#status = :running AND judged < :judged',
          ExpressionAttributeNames: { '#status': 'status', '#total': 'total' },
          ExpressionAttributeValues: { ':judged': judged, ':total': total, ':running': 'running' },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  },

  async finish(preview: StoredImpactPreview): Promise<void> {
    await putItem({ ...impactPreviewKeys.preview(preview.previewId), ...preview });
  },
};

/** The preview as the API answers it: without the unsaved version it judged. */
export function previewAnswer(stored: StoredImpactPreview): ImpactPreview {
  const { program: _program, ...preview } = stored;
  return preview;
}

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { impactPreviewSchema, type ImpactPreview } from '@shared/programs/program-impact';
import { programSchema } from '@shared/programs/program';
import { dynamoDocumentClient } from '../aws/dynamodb';
import { impactPreviewKeys, withoutKeys } from '../db/keys';
import { getItem, putItem, putNew, tableName } from '../db/table';
import { TTL_ATTRIBUTE } from '../db/table-definition';

/** The stored preview: what the API answers, and the unsaved version the background judges. */
const storedPreviewSchema = impactPreviewSchema.extend({ program: programSchema });
export type StoredImpactPreview = z.infer<typeof storedPreviewSchema>;

/**
 * How long a preview is kept: long enough to read it back while the edit is under way, short enough
 * that previews of edits never saved do not pile up. DynamoDB's time to live removes it after that
 * (within a day or two); until then a read treats it as gone.
 */
export const IMPACT_PREVIEW_KEPT_DAYS = 7;

/** The preview's item: its keys, the preview, and when it expires (epoch seconds). */
function previewItem(preview: StoredImpactPreview) {
  const expiresAt =
    Math.floor(Date.parse(preview.startedAt) / 1000) + IMPACT_PREVIEW_KEPT_DAYS * 24 * 3600;
  return {
    ...impactPreviewKeys.preview(preview.previewId),
    ...preview,
    [TTL_ATTRIBUTE]: expiresAt,
  };
}

/**
 * Impact previews (docs/data-model.md "impact preview of a program version"): one item per preview,
 * `IMPACTPREVIEW#<previewId> / PREVIEW`, written when it starts, its progress updated in place, and
 * rewritten whole when it ends; kept {@link IMPACT_PREVIEW_KEPT_DAYS} days.
 */
export const impactPreviewRepository = {
  async create(preview: StoredImpactPreview): Promise<void> {
    await putNew(previewItem(preview), `Impact preview ${preview.previewId} already exists`);
  },

  /**
   * Access pattern "one impact preview": Get `IMPACTPREVIEW#<previewId> / PREVIEW`; an expired
   * preview the time to live has not removed yet reads as absent.
   */
  async get(previewId: string, now = Date.now()): Promise<StoredImpactPreview | undefined> {
    const item = await getItem(impactPreviewKeys.preview(previewId));
    if (!item) return undefined;
    const expiresAt = item[TTL_ATTRIBUTE];
    if (typeof expiresAt === 'number' && expiresAt * 1000 <= now) return undefined;
    return storedPreviewSchema.parse(withoutKeys(item));
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
    await putItem(previewItem(preview));
  },
};

/** The preview as the API answers it: without the unsaved version it judged. */
export function previewAnswer(stored: StoredImpactPreview): ImpactPreview {
  const { program: _program, ...preview } = stored;
  return preview;
}

import * as z from 'zod';
import { actionResultSchema, idSchema } from '../common/fields';
import {
  adminReleaseListSchema,
  adminReleaseSchema,
  releaseStatsSchema,
  whatsNewSchema,
} from './release';

/**
 * Path parameters and answers of the What's New routes (spec 001 §7): every answer carries its
 * content under `data`, as the spec's client reads it (`data`, `data.releases`).
 */

export const releasePathSchema = z.object({ id: idSchema('id') });
export type ReleasePath = z.infer<typeof releasePathSchema>;

/** `GET /api/whats-new`. */
export const whatsNewResponseSchema = z.object({ data: whatsNewSchema });
export type WhatsNewResponse = z.infer<typeof whatsNewResponseSchema>;

/** `GET /api/whats-new/admin/releases`. */
export const adminReleaseListResponseSchema = z.object({ data: adminReleaseListSchema });
export type AdminReleaseListResponse = z.infer<typeof adminReleaseListResponseSchema>;

/** `GET /api/whats-new/admin/stats`. */
export const releaseStatsResponseSchema = z.object({ data: releaseStatsSchema });
export type ReleaseStatsResponse = z.infer<typeof releaseStatsResponseSchema>;

/** Create, edit, publish and unpublish answer the release as stored. */
export const releaseResponseSchema = z.object({ data: adminReleaseSchema });
export type ReleaseResponse = z.infer<typeof releaseResponseSchema>;

/** `POST /api/whats-new/mark-shown` and `DELETE …/releases/{id}`. */
export const releaseActionResultSchema = actionResultSchema;
export type ReleaseActionResult = z.infer<typeof releaseActionResultSchema>;

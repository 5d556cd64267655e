import { z } from 'zod';
import { countSchema, isoTimestampSchema, requiredTextSchema } from '../common/fields';
import { tradingDateSchema } from '../rules/day-input';

/** Spec 001 §3 What's New item categories; the modal shows any other as `other`. */
export const whatsNewCategorySchema = z.enum([
  'feature',
  'improvement',
  'bugfix',
  'security',
  'deprecation',
  'other',
]);
export type WhatsNewCategory = z.infer<typeof whatsNewCategorySchema>;

export const whatsNewPrioritySchema = z.enum(['critical', 'high', 'medium', 'low']);
export type WhatsNewPriority = z.infer<typeof whatsNewPrioritySchema>;

/** Release versions read like 1.3.0; the modal compares them with the last version a user saw. */
export const releaseVersionSchema = z
  .string({ error: 'Version is required' })
  .trim()
  .regex(/^\d+\.\d+\.\d+$/, { error: 'Version must look like 1.3.0' });

export const whatsNewItemSchema = z.object({
  id: z.string().min(1),
  title: requiredTextSchema('Item title is required'),
  description: z.string().default(''),
  category: whatsNewCategorySchema,
  date: tradingDateSchema,
  priority: whatsNewPrioritySchema,
  tags: z.array(z.string().trim().min(1)).default([]),
});
export type WhatsNewItem = z.infer<typeof whatsNewItemSchema>;

/** A release as staff manage it (spec 001 §3 "Admin release"). Drafts are unpublished. */
export const adminReleaseSchema = z.object({
  id: z.string().min(1),
  version: releaseVersionSchema,
  releaseDate: tradingDateSchema,
  title: requiredTextSchema('Title is required'),
  summary: z.string().default(''),
  isActive: z.boolean(),
  isPublished: z.boolean(),
  items: z.array(whatsNewItemSchema).default([]),
  createdAt: isoTimestampSchema.optional(),
  updatedAt: isoTimestampSchema.optional(),
});
export type AdminRelease = z.infer<typeof adminReleaseSchema>;

/** The release a user is shown (spec 001 §3 `currentRelease`). */
export const whatsNewReleaseSchema = adminReleaseSchema.pick({
  version: true,
  releaseDate: true,
  title: true,
  summary: true,
  items: true,
});
export type WhatsNewRelease = z.infer<typeof whatsNewReleaseSchema>;

/**
 * `GET /api/whats-new` data: the latest active published release (null when there is none), whether
 * the user has not seen it yet, and whether the modal may open by itself.
 */
export const whatsNewSchema = z.object({
  currentRelease: whatsNewReleaseSchema.nullable(),
  hasUnreadUpdates: z.boolean(),
  userPreferences: z.object({ preferences: z.object({ autoShowModal: z.boolean() }) }),
});
export type WhatsNew = z.infer<typeof whatsNewSchema>;

/** `GET /api/whats-new/admin/releases` data. */
export const adminReleaseListSchema = z.object({ releases: z.array(adminReleaseSchema) });
export type AdminReleaseList = z.infer<typeof adminReleaseListSchema>;

/** `GET /api/whats-new/admin/stats` data. */
export const releaseStatsSchema = z.object({
  totalReleases: countSchema,
  activeReleases: countSchema,
  publishedReleases: countSchema,
  totalItems: countSchema,
});
export type ReleaseStats = z.infer<typeof releaseStatsSchema>;

/** `POST /api/whats-new/mark-shown` body. */
export const markShownBodySchema = z.object({ version: releaseVersionSchema });
export type MarkShownBody = z.infer<typeof markShownBodySchema>;

/**
 * Body of creating or editing a release. Publishing has its own calls, so a new release is a draft;
 * items without an id get one from the server.
 */
export const releaseBodySchema = z.object({
  version: releaseVersionSchema,
  releaseDate: tradingDateSchema,
  title: requiredTextSchema('Title is required'),
  summary: z.string().trim().default(''),
  isActive: z.boolean().default(true),
  items: z.array(whatsNewItemSchema.extend({ id: z.string().min(1).optional() })).default([]),
});
export type ReleaseBody = z.infer<typeof releaseBodySchema>;

/** Spec 001 §9 constants of the modal. */
export const WHATS_NEW_FALLBACK_VERSION = '1.3.0';
export const WHATS_NEW_MODAL_DELAY_MS = 1000;
export const WHATS_NEW_PREVIEW_ITEMS = 3;
export const WHATS_NEW_STORAGE_KEYS = {
  lastSeenVersion: 'lastWhatsNewVersion',
  shownThisSession: 'whatsNewShownThisSession',
} as const;

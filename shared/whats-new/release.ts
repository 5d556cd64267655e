import * as z from 'zod';
import {
  boundedTextSchema,
  calendarDateSchema,
  countSchema,
  idSchema,
  INPUT_LIMITS,
  isoTimestampSchema,
} from '../common/fields';

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

/** The longest version a release may carry: three numbers of up to 6 digits and two dots. */
export const RELEASE_VERSION_MAX = 20;

/**
 * Release versions are semantic, major.minor.patch, like 1.3.0 (no leading zeros, so one version has
 * one spelling and uniqueness means something); the modal compares them with the last version a user
 * saw.
 */
export const releaseVersionSchema = z
  .string({ error: 'Version is required' })
  .trim()
  .min(1, { error: 'Version is required', abort: true })
  .max(RELEASE_VERSION_MAX, {
    error: `Version must be at most ${RELEASE_VERSION_MAX} characters`,
    abort: true,
  })
  .regex(/^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/, {
    error: 'Version must be semantic, like 1.3.0',
  });

/** Trimmed text that must not be empty, at most `max` characters; one message for missing and blank. */
function requiredBoundedText(message: string, field: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

/** Tags of an item: trimmed, blank ones dropped, duplicates ignored (as rule tags, spec 001 §5). */
const tagsSchema = z
  .array(boundedTextSchema('Tag', INPUT_LIMITS.name), { error: 'Tags must be a list' })
  .max(INPUT_LIMITS.arrayItems, {
    error: `An item holds at most ${INPUT_LIMITS.arrayItems} tags`,
  })
  .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))]);

export const whatsNewItemSchema = z.object({
  id: idSchema('Item id'),
  title: requiredBoundedText('Item title is required', 'Item title', INPUT_LIMITS.name),
  description: boundedTextSchema('Item description').trim().default(''),
  category: whatsNewCategorySchema,
  date: calendarDateSchema('Item date'),
  priority: whatsNewPrioritySchema,
  tags: tagsSchema.default([]),
});
export type WhatsNewItem = z.infer<typeof whatsNewItemSchema>;

/** A release as staff manage it (spec 001 §3 "Admin release"). Drafts are unpublished. */
export const adminReleaseSchema = z.object({
  id: idSchema('Release id'),
  version: releaseVersionSchema,
  releaseDate: calendarDateSchema('Release date'),
  title: requiredBoundedText('Title is required', 'Title', INPUT_LIMITS.name),
  summary: boundedTextSchema('Summary').default(''),
  isActive: z.boolean(),
  isPublished: z.boolean(),
  items: z.array(whatsNewItemSchema).default([]),
  createdAt: isoTimestampSchema.optional(),
  updatedAt: isoTimestampSchema.optional(),
  /** When it was last published: breaks a tie of release date and version (none, as versions are unique). */
  publishedAt: isoTimestampSchema.optional(),
});
export type AdminRelease = z.infer<typeof adminReleaseSchema>;

/** Compares two semantic versions number by number (2.10.0 is after 2.9.0). */
export function compareReleaseVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Newest first: by release date, then by version, then by publish time (releases of
 * one day were ordered by their random ids, so a later version could stay hidden).
 */
export function newestReleaseFirst(
  a: Pick<AdminRelease, 'releaseDate' | 'version' | 'publishedAt'>,
  b: Pick<AdminRelease, 'releaseDate' | 'version' | 'publishedAt'>,
): number {
  if (a.releaseDate !== b.releaseDate) return a.releaseDate < b.releaseDate ? 1 : -1;
  const byVersion = compareReleaseVersions(b.version, a.version);
  if (byVersion !== 0) return byVersion;
  return (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '');
}

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
export const markShownBodySchema = z.strictObject({ version: releaseVersionSchema });
export type MarkShownBody = z.infer<typeof markShownBodySchema>;

/**
 * Body of creating or editing a release. Publishing has its own calls, so a new release is a draft;
 * items without an id get one from the server.
 */
const releaseItemBodySchema = z.strictObject({
  ...whatsNewItemSchema.shape,
  id: idSchema('Item id').optional(),
  category: z.enum(whatsNewCategorySchema.options, {
    error: `Category must be one of ${whatsNewCategorySchema.options.join(', ')}`,
  }),
  priority: z.enum(whatsNewPrioritySchema.options, {
    error: `Priority must be one of ${whatsNewPrioritySchema.options.join(', ')}`,
  }),
});
export type ReleaseItemBody = z.input<typeof releaseItemBodySchema>;

export const releaseBodySchema = z.strictObject({
  version: releaseVersionSchema,
  releaseDate: calendarDateSchema('Release date'),
  title: requiredBoundedText('Title is required', 'Title', INPUT_LIMITS.name),
  summary: boundedTextSchema('Summary').trim().default(''),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
  items: z
    .array(releaseItemBodySchema, { error: 'Items must be a list' })
    .max(INPUT_LIMITS.arrayItems, {
      error: `A release holds at most ${INPUT_LIMITS.arrayItems} items`,
    })
    .default([]),
});
export type ReleaseBody = z.infer<typeof releaseBodySchema>;

/** Spec 001 §9 constants of the modal. */
export {
  WHATS_NEW_FALLBACK_VERSION,
  WHATS_NEW_MODAL_DELAY_MS,
  WHATS_NEW_PREVIEW_ITEMS,
  WHATS_NEW_STORAGE_KEYS,
} from './modal-constants';

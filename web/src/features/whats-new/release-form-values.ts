import * as z from 'zod';
import {
  releaseBodySchema,
  type AdminRelease,
  type ReleaseBody,
  type WhatsNewCategory,
  type WhatsNewPriority,
} from '@shared/whats-new/release';
import { fromDateInput, todayDate, toDateInput } from './release-display';

/**
 * The release form's values: the API body's fields under the same names (so a 400's details land
 * on them), with dates as the `YYYY-MM-DD` of date inputs and tags as comma-separated text.
 */
export interface ReleaseItemFormValues {
  id?: string;
  title: string;
  description: string;
  category: WhatsNewCategory;
  priority: WhatsNewPriority;
  date: string;
  tags: string;
}

export interface ReleaseFormValues {
  version: string;
  releaseDate: string;
  title: string;
  summary: string;
  isActive: boolean;
  items: ReleaseItemFormValues[];
}

/** The body the form's values stand for: dates as `YYYYMMDD`, tags as a list. */
export function releaseBodyOf(values: ReleaseFormValues) {
  return {
    ...values,
    releaseDate: fromDateInput(values.releaseDate),
    items: values.items.map((item) => ({
      ...item,
      date: fromDateInput(item.date),
      tags: item.tags.split(','),
    })),
  };
}

/** The form's values, converted, then validated by the API's own body schema. */
export const releaseFormSchema = z.preprocess(
  (values: ReleaseFormValues) => releaseBodyOf(values),
  releaseBodySchema,
);

export function newItemValues(): ReleaseItemFormValues {
  return {
    title: '',
    description: '',
    category: 'feature',
    priority: 'medium',
    date: toDateInput(todayDate()),
    tags: '',
  };
}

export function releaseFormValues(release?: AdminRelease): ReleaseFormValues {
  if (!release) {
    return {
      version: '',
      releaseDate: toDateInput(todayDate()),
      title: '',
      summary: '',
      isActive: true,
      items: [newItemValues()],
    };
  }
  return {
    version: release.version,
    releaseDate: toDateInput(release.releaseDate),
    title: release.title,
    summary: release.summary,
    isActive: release.isActive,
    items: release.items.map((item) => ({
      id: item.id,
      title: item.title,
      description: item.description,
      category: item.category,
      priority: item.priority,
      date: toDateInput(item.date),
      tags: item.tags.join(', '),
    })),
  };
}

export type ReleaseFormOutput = ReleaseBody;

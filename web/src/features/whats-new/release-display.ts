import type { IconType } from 'react-icons';
import {
  LuBug,
  LuCircleAlert,
  LuRocket,
  LuShieldCheck,
  LuSparkles,
  LuTrendingUp,
} from 'react-icons/lu';
import {
  whatsNewCategorySchema,
  type WhatsNewCategory,
  type WhatsNewPriority,
} from '@shared/whats-new/release';

/** `YYYYMMDD` to the `YYYY-MM-DD` of a date input, and back. */
export function toDateInput(date: string): string {
  return date.length === 8 ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}` : '';
}
export function fromDateInput(value: string): string {
  return value.replaceAll('-', '');
}

/** Today as `YYYYMMDD`, in the browser's time zone (the day staff see on their calendar). */
export function todayDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
}

/** Spec 001 §3: any category outside the list shows as `other`. */
export function categoryOf(category: string): WhatsNewCategory {
  const parsed = whatsNewCategorySchema.safeParse(category);
  return parsed.success ? parsed.data : 'other';
}

export const CATEGORY_DISPLAY: Record<
  WhatsNewCategory,
  { icon: IconType; label: string; color: string }
> = {
  feature: { icon: LuRocket, label: 'Feature', color: 'blue' },
  improvement: { icon: LuTrendingUp, label: 'Improvement', color: 'green' },
  bugfix: { icon: LuBug, label: 'Bug fix', color: 'orange' },
  security: { icon: LuShieldCheck, label: 'Security', color: 'red' },
  deprecation: { icon: LuCircleAlert, label: 'Deprecation', color: 'yellow' },
  other: { icon: LuSparkles, label: 'Other', color: 'gray' },
};

export const PRIORITY_COLOR: Record<WhatsNewPriority, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'blue',
  low: 'gray',
};

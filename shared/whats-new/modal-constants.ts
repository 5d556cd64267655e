/**
 * Spec 001 §9 constants of the What's New modal, without zod: the admin shell (on every first
 * screen) reads them, the release schemas load with the modal. release.ts re-exports them.
 */
export const WHATS_NEW_FALLBACK_VERSION = '1.3.0';
export const WHATS_NEW_MODAL_DELAY_MS = 1000;
export const WHATS_NEW_PREVIEW_ITEMS = 3;
export const WHATS_NEW_STORAGE_KEYS = {
  lastSeenVersion: 'lastWhatsNewVersion',
  shownThisSession: 'whatsNewShownThisSession',
} as const;

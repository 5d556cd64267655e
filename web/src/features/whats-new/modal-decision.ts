import type { WhatsNew, WhatsNewRelease } from '@shared/whats-new/release';
import { WHATS_NEW_STORAGE_KEYS } from '@shared/whats-new/modal-constants';
import { FALLBACK_RELEASE } from './fallback-release';

/**
 * Which release the modal opens by itself with, if any (spec 001 §4): none when the user turned
 * auto-show off or there is no release; otherwise the current release when there are unread updates
 * or the version stored in this browser differs. A failed fetch falls back to the built-in release,
 * shown unless this browser has recorded its version.
 */
export function releaseToShow(
  answer: { data: WhatsNew } | { failed: true },
  lastSeenVersion: string | null,
): WhatsNewRelease | undefined {
  if ('failed' in answer) {
    return lastSeenVersion === FALLBACK_RELEASE.version ? undefined : FALLBACK_RELEASE;
  }
  const { currentRelease, hasUnreadUpdates, userPreferences } = answer.data;
  if (currentRelease === null || !userPreferences.preferences.autoShowModal) return undefined;
  return hasUnreadUpdates || lastSeenVersion !== currentRelease.version
    ? currentRelease
    : undefined;
}

/** Browser storage of the modal: the last version seen (local) and the once-per-session flag. */
export const whatsNewStorage = {
  lastSeenVersion: () => readStorage(localStorage, WHATS_NEW_STORAGE_KEYS.lastSeenVersion),
  recordSeen: (version: string) =>
    writeStorage(localStorage, WHATS_NEW_STORAGE_KEYS.lastSeenVersion, version),
  shownThisSession: () =>
    readStorage(sessionStorage, WHATS_NEW_STORAGE_KEYS.shownThisSession) !== null,
  markShownThisSession: () =>
    writeStorage(sessionStorage, WHATS_NEW_STORAGE_KEYS.shownThisSession, 'true'),
  /** The sidebar item (spec 000 §2): forget both, so the modal opens again after the reload. */
  reset: () => {
    removeStorage(localStorage, WHATS_NEW_STORAGE_KEYS.lastSeenVersion);
    removeStorage(sessionStorage, WHATS_NEW_STORAGE_KEYS.shownThisSession);
  },
};

// Storage can be unavailable (private modes, blocked cookies): the modal then just behaves as new.
function readStorage(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}
function writeStorage(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Nothing to keep it in; the modal may show again, which is harmless.
  }
}
function removeStorage(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // As above.
  }
}

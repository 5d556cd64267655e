import { WHATS_NEW_FALLBACK_VERSION } from '@shared/whats-new/modal-constants';
import type { WhatsNewRelease } from '@shared/whats-new/release';

/**
 * The built-in release the modal shows when `GET /api/whats-new` fails (spec 001 §7, §8: the failure
 * falls back silently). It describes this product's own latest changes.
 */
export const FALLBACK_RELEASE: WhatsNewRelease = {
  version: WHATS_NEW_FALLBACK_VERSION,
  releaseDate: '20260301',
  title: 'Firms, release notes and a faster back office',
  summary:
    'Manage firms with their brokers, management accounts and software, read release notes here, and find your way around faster.',
  items: [
    {
      id: 'fallback-firms',
      title: 'Firm management',
      description:
        'Create, edit and delete firms with their brokers, management accounts and manager software. Passwords stay masked until you reveal them.',
      category: 'feature',
      date: '20260301',
      priority: 'high',
      tags: ['firms'],
    },
    {
      id: 'fallback-whats-new',
      title: "What's New",
      description:
        "Release notes open once per session after an update; reopen them any time from the sidebar's What's New item.",
      category: 'feature',
      date: '20260301',
      priority: 'medium',
      tags: ['release notes'],
    },
    {
      id: 'fallback-security',
      title: 'Secrets stay on the detail page',
      description: 'Firm lists and searches never carry passwords or keys.',
      category: 'security',
      date: '20260301',
      priority: 'medium',
      tags: ['security', 'firms'],
    },
  ],
};

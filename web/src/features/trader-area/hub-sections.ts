import { paths } from '@/config/paths';

/**
 * The trader hub's five sections (spec 001 §2.24): each loads a page of the membership site in a
 * frame, whose URL is the configuration's `memberPages[section]` (member home, signup, profile,
 * payment history, evaluations).
 */
export const HUB_SECTIONS = [
  {
    id: 'accounts',
    title: 'Trading Accounts',
    description: 'Your evaluation and funded accounts with their current status.',
  },
  {
    id: 'purchase-programs',
    title: 'Purchase Programs',
    description: 'Choose an evaluation program and start trading.',
  },
  {
    id: 'profile',
    title: 'Profile',
    description: 'Your personal details, address and broker credentials.',
  },
  {
    id: 'payment-history',
    title: 'Payment History',
    description: 'Every payment, renewal and refund on your membership.',
  },
  {
    id: 'bullpen',
    title: 'BullPen',
    description: 'Your evaluations and where each one stands.',
  },
] as const;

export type HubSection = (typeof HUB_SECTIONS)[number];
export type HubSectionId = HubSection['id'];

export const DEFAULT_HUB_SECTION: HubSectionId = 'accounts';

export function isHubSection(value: unknown): value is HubSectionId {
  return HUB_SECTIONS.some((section) => section.id === value);
}

export function hubSection(id: HubSectionId): HubSection {
  return HUB_SECTIONS.find((section) => section.id === id) ?? HUB_SECTIONS[0];
}

/** Spec 001 §9: the tab-switch loading flag clears after 1000 ms (or when the frame loads). */
export const SECTION_SWITCH_MS = 1000;

/** Spec 001 §2.24: frames may run scripts, post forms, keep their origin, open popups and navigate the top. */
export const FRAME_SANDBOX =
  'allow-scripts allow-forms allow-same-origin allow-popups allow-top-navigation';
/** The hub's frame also allows modals. */
export const HUB_FRAME_SANDBOX = `${FRAME_SANDBOX} allow-modals`;

/**
 * Where a trader who opens `/traders/{name}` goes when `{name}` is neither a hub section nor their
 * own trader id: the hub's default section, with a note naming what was asked for.
 * `undefined` when the address is not such a case.
 */
export function unknownSectionRedirect(
  pathname: string,
  ownTraderId: string | undefined,
): { to: string; state: { unknownSection: string } } | undefined {
  const match = /^\/traders\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(match[1]);
  } catch {
    name = match[1];
  }
  if (name === ownTraderId || isHubSection(name.toLowerCase())) return undefined;
  return {
    to: paths.traderAreaPage.href({ page: DEFAULT_HUB_SECTION }),
    state: { unknownSection: name },
  };
}

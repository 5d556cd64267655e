import type { IconType } from 'react-icons';
import {
  LuBuilding,
  LuBuilding2,
  LuBug,
  LuChartLine,
  LuCirclePlus,
  LuDollarSign,
  LuFilePlus,
  LuGauge,
  LuHistory,
  LuLayers,
  LuListChecks,
  LuMegaphone,
  LuRefreshCw,
  LuShieldAlert,
  LuTable,
  LuUserCog,
  LuUserRound,
  LuUsers,
  LuWallet,
} from 'react-icons/lu';

export interface NavItem {
  label: string;
  to: string;
  icon: IconType;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

/** The admin sidebar of spec 000 §2; every item is shown to everyone, the API enforces access. */
export const navSections: NavSection[] = [
  {
    title: 'Top Level',
    items: [
      { label: 'Traders', to: '/traders', icon: LuUsers },
      { label: 'Trader Manager', to: '/trader-manager', icon: LuUserCog },
      { label: 'Accounts', to: '/accounts', icon: LuWallet },
    ],
  },
  {
    title: 'Performance',
    items: [
      { label: 'Latest Performance', to: '/performance/today', icon: LuChartLine },
      // Not in the spec's sidebar (decision in docs/decisions.md): staff reach these screens here.
      { label: 'Account Dashboard', to: '/performance/dashboard', icon: LuGauge },
      { label: 'Firm Daily Summary', to: '/summaries/firm', icon: LuTable },
    ],
  },
  {
    title: 'Trading Programs',
    items: [
      { label: 'Programs', to: '/programs', icon: LuLayers },
      { label: 'Create Program', to: '/programs/create', icon: LuCirclePlus },
      { label: 'Create Rule', to: '/rules/demo', icon: LuFilePlus },
      { label: 'Rules Management', to: '/rules/management', icon: LuListChecks },
    ],
  },
  {
    title: 'Admin Tools',
    items: [
      { label: 'Daily Sync', to: '/sync/daily', icon: LuRefreshCw },
      { label: 'Held Breaches', to: '/sync/held-breaches', icon: LuShieldAlert },
      { label: 'Audit Trail', to: '/audit', icon: LuHistory },
      { label: 'Users', to: '/users', icon: LuUserRound },
      { label: 'Auth Debug', to: '/debug', icon: LuBug },
      { label: "What's New Admin", to: '/whats-new-admin', icon: LuMegaphone },
    ],
  },
  {
    title: 'Firm',
    items: [
      { label: 'Firms', to: '/firms', icon: LuBuilding2 },
      { label: 'Create Firm', to: '/firms/create', icon: LuBuilding },
      { label: 'Daily Revenue', to: '/firm/daily-revenue', icon: LuDollarSign },
    ],
  },
];

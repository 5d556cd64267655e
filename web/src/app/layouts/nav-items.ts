import type { IconType } from 'react-icons';
import {
  LuBuilding,
  LuBuilding2,
  LuBanknote,
  LuBell,
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
  LuScale,
  LuShieldAlert,
  LuTable,
  LuUserCog,
  LuUserRound,
  LuUsers,
  LuWallet,
  LuWebhook,
} from 'react-icons/lu';
import { paths } from '@/config/paths';

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
      { label: 'Traders', to: paths.traders.href(), icon: LuUsers },
      { label: 'Trader Manager', to: paths.traderManager.href(), icon: LuUserCog },
      { label: 'Accounts', to: paths.accounts.href(), icon: LuWallet },
      // Not in the spec's sidebar: the payout queue staff work through (requests, then payments).
      { label: 'Payouts', to: paths.payouts.href(), icon: LuBanknote },
    ],
  },
  {
    title: 'Performance',
    items: [
      { label: 'Latest Performance', to: paths.latestPerformance.href(), icon: LuChartLine },
      // Not in the spec's sidebar (decision in docs/decisions.md): staff reach these screens here.
      { label: 'Account Dashboard', to: paths.accountDashboard.href(), icon: LuGauge },
      { label: 'Firm Daily Summary', to: paths.firmDailySummary.href(), icon: LuTable },
    ],
  },
  {
    title: 'Trading Programs',
    items: [
      { label: 'Programs', to: paths.programs.href(), icon: LuLayers },
      { label: 'Create Program', to: paths.programCreate.href(), icon: LuCirclePlus },
      { label: 'Create Rule', to: paths.ruleCreate.href(), icon: LuFilePlus },
      { label: 'Rules Management', to: paths.rulesManagement.href(), icon: LuListChecks },
    ],
  },
  {
    title: 'Admin Tools',
    items: [
      { label: 'Daily Sync', to: paths.dailySync.href(), icon: LuRefreshCw },
      { label: 'Held Breaches', to: paths.heldBreaches.href(), icon: LuShieldAlert },
      { label: 'Reconciliation', to: paths.reconciliation.href(), icon: LuScale },
      { label: 'Notifications', to: paths.notifications.href(), icon: LuBell },
      { label: 'Webhooks', to: paths.webhooks.href(), icon: LuWebhook },
      { label: 'Audit Trail', to: paths.audit.href(), icon: LuHistory },
      { label: 'Users', to: paths.users.href(), icon: LuUserRound },
      { label: 'Auth Debug', to: paths.authDebug.href(), icon: LuBug },
      { label: "What's New Admin", to: paths.whatsNewAdmin.href(), icon: LuMegaphone },
    ],
  },
  {
    title: 'Firm',
    items: [
      { label: 'Firms', to: paths.firms.href(), icon: LuBuilding2 },
      { label: 'Create Firm', to: paths.firmCreate.href(), icon: LuBuilding },
      { label: 'Daily Revenue', to: paths.dailyRevenue.href(), icon: LuDollarSign },
    ],
  },
];

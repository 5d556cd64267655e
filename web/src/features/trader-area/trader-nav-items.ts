import type { IconType } from 'react-icons';
import {
  LuBadgeDollarSign,
  LuChartCandlestick,
  LuCircleUser,
  LuLayoutDashboard,
  LuLogIn,
  LuMessagesSquare,
  LuNewspaper,
  LuRadar,
  LuReceipt,
  LuShieldCheck,
  LuShoppingCart,
  LuUserCog,
  LuUsers,
  LuWallet,
  LuWarehouse,
  LuLayers,
  LuHouse,
} from 'react-icons/lu';

export interface TraderNavItem {
  label: string;
  to: string;
  icon: IconType;
}

/**
 * The trader-side sidebar's buttons (spec 000 §2 'Trader-side sidebar'). The dashboard link is the
 * trader's own: it is built from the session's trader id when known, else from the stored broker user
 * id, else it falls back to /trader-interface.
 */
export function traderNavItems(dashboardId: string | null): TraderNavItem[] {
  return [
    { label: 'Trader Manager', to: '/trader-manager', icon: LuUserCog },
    { label: 'Trading Accounts', to: '/traders/accounts', icon: LuWallet },
    {
      label: 'My Dashboard',
      to: dashboardId
        ? `/traders/trader-dashboard/${encodeURIComponent(dashboardId)}`
        : '/trader-interface',
      icon: LuLayoutDashboard,
    },
    { label: 'Trader Login', to: '/trader-login', icon: LuLogIn },
    { label: 'Purchase Programs', to: '/traders/purchase-programs', icon: LuShoppingCart },
    { label: 'Profile', to: '/traders/profile', icon: LuCircleUser },
    { label: 'Payment History', to: '/traders/payment-history', icon: LuReceipt },
    { label: 'Amember Dashboard', to: '/amember-dashboard', icon: LuBadgeDollarSign },
    { label: 'BullPen', to: '/traders/bullpen', icon: LuWarehouse },
    { label: 'TradeChat', to: '/traders/tradechat', icon: LuMessagesSquare },
    { label: 'MiM', to: '/traders/mim', icon: LuLayers },
    { label: 'SpyGate', to: '/traders/spygate', icon: LuRadar },
    { label: 'Wrap', to: '/traders/wrap', icon: LuShieldCheck },
    { label: 'LiveSquawk', to: '/traders/livesquawk', icon: LuNewspaper },
  ];
}

/** Shown only to role admin (spec 000 §2, §6). */
export const ADMINISTRATION_ITEMS: TraderNavItem[] = [
  { label: 'Admin Panel', to: '/', icon: LuHouse },
  { label: 'All Traders', to: '/traders', icon: LuUsers },
  { label: 'Account Management', to: '/accounts', icon: LuChartCandlestick },
];

import type { IconType } from 'react-icons';
import {
  LuBadgeDollarSign,
  LuBanknote,
  LuBell,
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
import { paths } from '@/config/paths';

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
    { label: 'Trader Manager', to: paths.traderManager.href(), icon: LuUserCog },
    {
      label: 'Trading Accounts',
      to: paths.traderAreaPage.href({ page: 'accounts' }),
      icon: LuWallet,
    },
    {
      label: 'My Dashboard',
      to: dashboardId
        ? paths.traderDashboard.href({ id: dashboardId })
        : paths.traderInterface.href(),
      icon: LuLayoutDashboard,
    },
    // Not in the spec's sidebar: the trader's payout requests.
    { label: 'Payouts', to: paths.traderPayouts.href(), icon: LuBanknote },
    { label: 'Trader Login', to: paths.traderLogin.href(), icon: LuLogIn },
    {
      label: 'Purchase Programs',
      to: paths.traderAreaPage.href({ page: 'purchase-programs' }),
      icon: LuShoppingCart,
    },
    { label: 'Profile', to: paths.traderAreaPage.href({ page: 'profile' }), icon: LuCircleUser },
    {
      label: 'Payment History',
      to: paths.traderAreaPage.href({ page: 'payment-history' }),
      icon: LuReceipt,
    },
    {
      label: 'Notifications',
      to: paths.traderAreaPage.href({ page: 'notifications' }),
      icon: LuBell,
    },
    { label: 'Amember Dashboard', to: paths.amemberDashboard.href(), icon: LuBadgeDollarSign },
    { label: 'BullPen', to: paths.traderAreaPage.href({ page: 'bullpen' }), icon: LuWarehouse },
    {
      label: 'TradeChat',
      to: paths.traderAreaPage.href({ page: 'tradechat' }),
      icon: LuMessagesSquare,
    },
    { label: 'MiM', to: paths.traderAreaPage.href({ page: 'mim' }), icon: LuLayers },
    { label: 'SpyGate', to: paths.traderAreaPage.href({ page: 'spygate' }), icon: LuRadar },
    { label: 'Wrap', to: paths.traderAreaPage.href({ page: 'wrap' }), icon: LuShieldCheck },
    {
      label: 'LiveSquawk',
      to: paths.traderAreaPage.href({ page: 'livesquawk' }),
      icon: LuNewspaper,
    },
  ];
}

/** Shown only to role admin (spec 000 §2, §6). */
export const ADMINISTRATION_ITEMS: TraderNavItem[] = [
  { label: 'Admin Panel', to: paths.home.href(), icon: LuHouse },
  { label: 'All Traders', to: paths.traders.href(), icon: LuUsers },
  { label: 'Account Management', to: paths.accounts.href(), icon: LuChartCandlestick },
];

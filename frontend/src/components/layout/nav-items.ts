import type { IconName } from './icons.js';

export interface NavItem {
  to: string;
  /** Page key of the access map (libs/contracts). */
  page: string;
  labelKey: string;
  icon: IconName;
}

/** The sidebar links of spec part 1 §2, in order, with purchases (issue 29) after the inventory. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', page: 'dashboard', labelKey: 'nav.dashboard', icon: 'dashboard' },
  { to: '/pos', page: 'pos', labelKey: 'nav.pos', icon: 'pos' },
  { to: '/inventory', page: 'products', labelKey: 'nav.inventory', icon: 'inventory' },
  { to: '/purchases', page: 'purchases', labelKey: 'nav.purchases', icon: 'purchases' },
  { to: '/customers', page: 'customers', labelKey: 'nav.customers', icon: 'customers' },
  { to: '/staff', page: 'staff', labelKey: 'nav.staff', icon: 'staff' },
  { to: '/reports', page: 'reports', labelKey: 'nav.reports', icon: 'reports' },
  { to: '/expenses', page: 'expenses', labelKey: 'nav.expenses', icon: 'expenses' },
  { to: '/settings', page: 'settings', labelKey: 'nav.settings', icon: 'settings' },
];

import * as backupsTexts from '../features/backups/texts.js';
import * as expensesTexts from '../features/expenses/texts.js';
import * as inventoryTexts from '../features/inventory/texts.js';
import * as permissionsTexts from '../features/permissions/texts.js';
import * as productFormTexts from '../features/product-form/texts.js';
import * as purchasesTexts from '../features/purchases/texts.js';
import * as reportsTexts from '../features/reports/texts.js';
import * as settingsTexts from '../features/settings/texts.js';
import * as staffTexts from '../features/staff/texts.js';
import * as stocktakesTexts from '../features/stocktakes/texts.js';
import * as transactionsTexts from '../features/transactions/texts.js';
import * as transfersTexts from '../features/transfers/texts.js';
import type { Texts } from './types.js';

/**
 * The texts of the screens a till does not show (the dashboard, stock, purchases, reports, settings…), in both
 * languages: a chunk of their own, loaded with the first of those screens (loadBackOfficeTexts), so a till opens
 * without them. The till's own texts, the shell's and sign-in's are in en.ts and ku.ts.
 */
export const backOfficeEn = {
  inventory: inventoryTexts.en,
  productForm: productFormTexts.en,
  transfers: transfersTexts.en,
  purchases: purchasesTexts.en,
  stocktakes: stocktakesTexts.en,
  transactions: transactionsTexts.en,
  staff: staffTexts.en,
  settings: settingsTexts.en,
  userPermissions: permissionsTexts.en,
  expenses: expensesTexts.en,
  reports: reportsTexts.en,
  backups: backupsTexts.en,
};

export type BackOfficeCatalogue = typeof backOfficeEn;

export const backOfficeKu: Texts<BackOfficeCatalogue> = {
  inventory: inventoryTexts.ku,
  productForm: productFormTexts.ku,
  transfers: transfersTexts.ku,
  purchases: purchasesTexts.ku,
  stocktakes: stocktakesTexts.ku,
  transactions: transactionsTexts.ku,
  staff: staffTexts.ku,
  settings: settingsTexts.ku,
  userPermissions: permissionsTexts.ku,
  expenses: expensesTexts.ku,
  reports: reportsTexts.ku,
  backups: backupsTexts.ku,
};

import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLayout } from '../components/layout/app-layout.js';
import { Spinner } from '../components/ui/spinner.js';
import { LoginPage } from '../features/auth/routes/login-page.js';
import { NotFoundPage } from '../features/errors/routes/not-found-page.js';
import { RouteError } from '../features/errors/routes/route-error.js';
import { loadBackOfficeTexts } from '../i18n/index.js';

// Each screen is its own chunk: the till downloads the shell plus its own code only. The router loads a
// screen's chunk while it navigates (no Suspense fallback, so no fallback throttling delays the till). Every screen
// but the till also waits for the other screens' texts (one chunk, loaded with the first of them).
function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), loadBackOfficeTexts()]))[0];
}
const dashboardRoute = withTexts(async () => ({ Component: (await import('../features/dashboard/routes/dashboard-page.js')).default }));
const posRoute = async () => ({ Component: (await import('../features/pos/routes/pos-page.js')).default });
const productsRoute = withTexts(async () => ({ Component: (await import('../features/inventory/routes/products-page.js')).default }));
const productFormRoute = withTexts(async () => ({
  Component: (await import('../features/product-form/routes/product-form-page.js')).default,
}));
const transfersRoute = withTexts(async () => ({ Component: (await import('../features/transfers/routes/transfers-page.js')).default }));
const purchasesRoute = withTexts(async () => ({ Component: (await import('../features/purchases/routes/purchases-page.js')).default }));
const stocktakesRoute = withTexts(async () => ({ Component: (await import('../features/stocktakes/routes/stocktakes-page.js')).default }));
const stocktakeRoute = withTexts(async () => ({ Component: (await import('../features/stocktakes/routes/stocktake-page.js')).default }));
const addCategoryRoute = withTexts(async () => ({
  Component: (await import('../features/product-form/routes/add-category-page.js')).default,
}));
const customersRoute = withTexts(async () => ({ Component: (await import('../features/customers/routes/customers-page.js')).default }));
const transactionsRoute = withTexts(async () => ({
  Component: (await import('../features/transactions/routes/transactions-page.js')).default,
}));
const transactionDetailRoute = withTexts(async () => ({
  Component: (await import('../features/transactions/routes/transaction-detail-page.js')).default,
}));
const staffRoute = withTexts(async () => ({ Component: (await import('../features/staff/routes/staff-page.js')).default }));
const settingsHubRoute = withTexts(async () => ({ Component: (await import('../features/settings/routes/settings-hub-page.js')).default }));
const generalSettingsRoute = withTexts(async () => ({
  Component: (await import('../features/settings/routes/general-settings-page.js')).default,
}));
const loyaltySettingsRoute = withTexts(async () => ({
  Component: (await import('../features/settings/routes/loyalty-settings-page.js')).default,
}));
const branchSettingsRoute = withTexts(async () => ({
  Component: (await import('../features/settings/routes/branch-settings-page.js')).default,
}));
const receiptSettingsRoute = withTexts(async () => ({
  Component: (await import('../features/settings/routes/receipt-settings-page.js')).default,
}));
const paymentSettingsRoute = withTexts(async () => ({
  Component: (await import('../features/settings/routes/payment-settings-page.js')).default,
}));
const userPermissionsRoute = withTexts(async () => ({
  Component: (await import('../features/permissions/routes/user-permissions-page.js')).default,
}));
const expensesRoute = withTexts(async () => ({ Component: (await import('../features/expenses/routes/expenses-page.js')).default }));
const expenseFormRoute = withTexts(async () => ({ Component: (await import('../features/expenses/routes/expense-form-page.js')).default }));
const shiftsRoute = withTexts(async () => ({ Component: (await import('../features/shifts/routes/shifts-page.js')).default }));
const reportsRoute = withTexts(async () => ({ Component: (await import('../features/reports/routes/reports-page.js')).default }));

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="center-screen">
      <Spinner label={t('common.loading')} />
    </div>
  );
}

/** The route table of spec part 2 §2 (the expense form's route, not shown there: /expenses/add and /expenses/edit/:id). */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown while the first screen's code loads on a cold start.
    hydrateFallbackElement: <Loading />,
    children: [
      { index: true, lazy: dashboardRoute },
      { path: 'pos', lazy: posRoute },
      { path: 'inventory', element: <Navigate to="/inventory/products" replace /> },
      { path: 'inventory/products', lazy: productsRoute },
      { path: 'inventory/products/add', lazy: productFormRoute },
      { path: 'inventory/products/edit/:id', lazy: productFormRoute },
      { path: 'inventory/categories/add', lazy: addCategoryRoute },
      { path: 'inventory/transfers', lazy: transfersRoute },
      { path: 'inventory/stocktakes', lazy: stocktakesRoute },
      { path: 'inventory/stocktakes/:id', lazy: stocktakeRoute },
      { path: 'purchases', lazy: purchasesRoute },
      { path: 'customers', lazy: customersRoute },
      { path: 'staff', lazy: staffRoute },
      { path: 'reports', lazy: reportsRoute },
      { path: 'shifts', lazy: shiftsRoute },
      { path: 'expenses', lazy: expensesRoute },
      { path: 'expenses/add', lazy: expenseFormRoute },
      { path: 'expenses/edit/:id', lazy: expenseFormRoute },
      { path: 'transactions', lazy: transactionsRoute },
      { path: 'transactions/:id', lazy: transactionDetailRoute },
      { path: 'settings', lazy: settingsHubRoute },
      { path: 'settings/general', lazy: generalSettingsRoute },
      { path: 'settings/loyalty', lazy: loyaltySettingsRoute },
      { path: 'settings/users', lazy: userPermissionsRoute },
      { path: 'settings/branches', lazy: branchSettingsRoute },
      { path: 'settings/payments', lazy: paymentSettingsRoute },
      { path: 'settings/receipts', lazy: receiptSettingsRoute },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

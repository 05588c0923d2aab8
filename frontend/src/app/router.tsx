import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLayout } from '../components/layout/app-layout.js';
import { Spinner } from '../components/ui/spinner.js';
import { LoginPage } from '../features/auth/routes/login-page.js';
import { NotFoundPage } from '../features/errors/routes/not-found-page.js';
import { RouteError } from '../features/errors/routes/route-error.js';
import { PlaceholderPage } from '../features/placeholders/routes/placeholder-page.js';

// Each screen is its own chunk: the till downloads the shell plus its own code only. The router loads a
// screen's chunk while it navigates (no Suspense fallback, so no fallback throttling delays the till).
const dashboardRoute = async () => ({ Component: (await import('../features/dashboard/routes/dashboard-page.js')).default });
const posRoute = async () => ({ Component: (await import('../features/pos/routes/pos-page.js')).default });

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="center-screen">
      <Spinner label={t('common.loading')} />
    </div>
  );
}

const placeholder = (path: string, titleKey: string): RouteObject => ({ path, element: <PlaceholderPage titleKey={titleKey} /> });

/** The route table of spec part 2 §2. Screens of issue 6 are placeholders until they land. */
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
      placeholder('inventory/products', 'pages.products'),
      placeholder('inventory/products/add', 'pages.addProduct'),
      placeholder('inventory/products/edit/:id', 'pages.editProduct'),
      placeholder('inventory/categories/add', 'pages.addCategory'),
      placeholder('customers', 'nav.customers'),
      placeholder('staff', 'nav.staff'),
      placeholder('reports', 'nav.reports'),
      placeholder('expenses', 'nav.expenses'),
      placeholder('transactions', 'nav.transactions'),
      placeholder('transactions/:id', 'pages.transactionDetail'),
      placeholder('settings', 'nav.settings'),
      placeholder('settings/general', 'pages.generalSettings'),
      placeholder('settings/loyalty', 'pages.loyaltySettings'),
      placeholder('settings/users', 'pages.userPermissions'),
      placeholder('settings/payments', 'pages.paymentSettings'),
      placeholder('settings/receipts', 'pages.receiptSettings'),
      placeholder('settings/notifications', 'pages.notificationSettings'),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

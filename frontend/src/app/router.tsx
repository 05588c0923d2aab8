import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppLayout } from '../components/layout/app-layout.js';
import { Spinner } from '../components/ui/spinner.js';
import { LoginPage } from '../features/auth/routes/login-page.js';
import { NotFoundPage } from '../features/errors/routes/not-found-page.js';
import { RouteError } from '../features/errors/routes/route-error.js';
import { PlaceholderPage } from '../features/placeholders/routes/placeholder-page.js';

// Each screen is its own chunk: the till downloads the shell plus its own code only.
const DashboardPage = lazy(() => import('../features/dashboard/routes/dashboard-page.js'));
const PosPage = lazy(() => import('../features/pos/routes/pos-page.js'));

function Loading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

function lazyElement(Component: ComponentType): ReactNode {
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
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
    children: [
      { index: true, element: lazyElement(DashboardPage) },
      { path: 'pos', element: lazyElement(PosPage) },
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

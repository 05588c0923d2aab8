import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canAccessPage, effectivePermissions, pageKeyForPath, PERMISSION_REFRESH_MS } from '@dukan/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { keepUser } from '../../app/session.js';
import { sharedApi } from '../../app/shared-api.js';
import {
  signedOut,
  userLoaded,
  useLogoutMutation,
  useMeQuery,
  useSavePreferencesMutation,
  type SignedInUser,
} from '../../features/auth/index.js';
import { isLanguage } from '../../i18n/index.js';
import { AccessRestricted } from '../ui/access-restricted.js';
import { Spinner } from '../ui/spinner.js';
import { useToast } from '../ui/use-toast.js';
import { BranchPicker } from './branch-picker.js';
import { Icon } from './icons.js';
import { Sidebar } from './sidebar.js';

function permissionFingerprint(user: Pick<SignedInUser, 'role' | 'permissions'>): string {
  return JSON.stringify([user.role, effectivePermissions(user)]);
}

/** Signed-in frame: checks the stored token, refreshes permissions every 30 s, and guards each page. */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { token, user, status } = useAppSelector((s) => s.auth);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logout] = useLogoutMutation();
  const [savePreferences] = useSavePreferencesMutation();

  const me = useMeQuery(undefined, { skip: !token, pollingInterval: PERMISSION_REFRESH_MS, skipPollingIfUnfocused: false });
  const userRef = useRef(user);
  userRef.current = user;
  const confirmed = useRef(false);

  // Each answer of /api/auth/me (a poll counts even when the user did not change): what it brings is shown at once.
  const onMeAnswered = useEffectEvent((data: SignedInUser) => {
    const previous = userRef.current;
    const first = !confirmed.current;
    confirmed.current = true;
    // First check of a stored token: the interface takes the user's language.
    if (first && isLanguage(data.languagePreference) && data.languagePreference !== i18n.language) {
      void i18n.changeLanguage(data.languagePreference);
    }
    // The screen showed other permissions (a change on the server, or the user kept from the last visit).
    if (previous && permissionFingerprint(previous) !== permissionFingerprint(data)) {
      toast.info(t('permissions.updated'));
    }
    dispatch(userLoaded(data));
    keepUser(data);
  });
  useEffect(() => {
    if (me.data) onMeAnswered(me.data);
  }, [me.data, me.fulfilledTimeStamp]);

  useEffect(() => {
    if (status === 'checking' && me.isError) dispatch(signedOut({ reason: t('auth.sessionEnded') }));
  }, [status, me.isError, dispatch, t]);

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  // Opening the till: its product list starts downloading at once, alongside the till's code.
  const onTill = location.pathname.toLowerCase() === '/pos';
  useEffect(() => {
    if (!onTill || status !== 'signed-in') return;
    dispatch(sharedApi.util.prefetch('tillProducts', undefined, { ifOlderThan: 60 }));
    dispatch(sharedApi.util.prefetch('categories', undefined, { ifOlderThan: 60 }));
  }, [onTill, status, dispatch]);

  const toggleLanguage = useCallback(() => {
    const next = i18n.language === 'ku' ? 'en' : 'ku';
    void i18n.changeLanguage(next);
    void savePreferences({ languagePreference: next });
  }, [i18n, savePreferences]);

  const onLogout = useCallback(() => {
    void logout()
      .unwrap()
      .catch(() => undefined)
      .finally(() => {
        dispatch(signedOut());
        void navigate('/login', { replace: true });
      });
  }, [logout, dispatch, navigate]);

  if (!token || status === 'signed-out') {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (!user) {
    return (
      <div className="center-screen">
        <Spinner label={t('auth.checkingSession')} />
      </div>
    );
  }

  const page = pageKeyForPath(location.pathname);
  const allowed = page === null || canAccessPage(user, page);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <header className="mobile-bar">
        <button
          type="button"
          className="icon-button"
          onClick={() => setDrawerOpen(true)}
          aria-label={t('nav.openMenu')}
          data-testid="open-menu"
        >
          <Icon name="menu" />
        </button>
        <span className="brand-name">{t('common.appName')}</span>
      </header>
      <Sidebar
        user={user}
        drawerOpen={drawerOpen}
        onCloseDrawer={() => setDrawerOpen(false)}
        onToggleLanguage={toggleLanguage}
        onLogout={onLogout}
      />
      <main id="main" className="main" tabIndex={-1}>
        <BranchPicker user={user} />
        {allowed ? <Outlet /> : <AccessRestricted />}
      </main>
    </div>
  );
}

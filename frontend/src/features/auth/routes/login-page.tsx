import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canAccessPage, pageKeyForPath, type PermissionSubject } from '@dukan/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { errorText, serverMessage } from '../../../app/api.js';
import { writeToken } from '../../../app/session.js';
import { isLanguage } from '../../../i18n/index.js';
import { useLoginMutation } from '../api/auth-api.js';
import { Icon } from '../../../components/layout/icons.js';
import { signedIn } from '../auth-slice.js';
import { FirstRunNotice } from '../../desktop/index.js';

/**
 * Where signing in leads: back to the page that asked for it (the last user's, when a session ended), but only if
 * this user may open it; else the dashboard.
 */
export function landingFor(user: PermissionSubject | null | undefined, from: string | undefined): string {
  if (!from || from === '/login' || !from.startsWith('/') || from.startsWith('//')) return '/';
  const page = pageKeyForPath(from.split(/[?#]/)[0]!);
  return page === null || canAccessPage(user, page) ? from : '/';
}

/** Translation keys, so the messages follow a language switch. */
interface FieldErrors {
  username?: string;
  password?: string;
}

/** Why signing in failed: one of our texts (by key), or the server's words with the language they are in. */
type LoginFailure = { key: string } | { text: string; language: string; fallbackKey: string };

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { status, endedBecause } = useAppSelector((s) => s.auth);
  const [login, { isLoading }] = useLoginMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [showPassword, setShowPassword] = useState(false);
  const [showForgot, setShowForgot] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  // After a language switch the server's words (in the old language) give way to our own text for the same failure.
  const formError = !failure
    ? null
    : 'key' in failure
      ? t(failure.key)
      : failure.language === i18n.language
        ? failure.text
        : t(failure.fallbackKey);

  const from = (location.state as { from?: string } | null)?.from;
  const signedInUser = useAppSelector((s) => s.auth.user);
  if (status === 'signed-in') return <Navigate to={landingFor(signedInUser, from)} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const errors: FieldErrors = {};
    if (!username.trim()) errors.username = 'auth.usernameRequired';
    if (!password) errors.password = 'auth.passwordRequired';
    setFieldErrors(errors);
    setFailure(null);
    if (errors.username || errors.password) return;
    try {
      const res = await login({ username: username.trim(), password }).unwrap();
      if (!res.success || !res.token || !res.data) {
        setFailure(
          res.message ? { text: res.message, language: i18n.language, fallbackKey: 'auth.loginFailed' } : { key: 'auth.loginFailed' },
        );
        return;
      }
      writeToken(res.token, remember, res.data);
      if (isLanguage(res.data.languagePreference) && res.data.languagePreference !== i18n.language) {
        await i18n.changeLanguage(res.data.languagePreference);
      }
      dispatch(signedIn({ token: res.token, user: res.data }));
      void navigate(landingFor(res.data, from), { replace: true });
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      const fallbackKey =
        status === 401 ? 'auth.invalidCredentials' : typeof status === 'number' ? 'auth.authError' : 'auth.loginFailedRetry';
      const fromServer = serverMessage(err);
      if (fromServer) setFailure({ text: fromServer, language: i18n.language, fallbackKey });
      else setFailure({ text: errorText(err, t(fallbackKey)), language: i18n.language, fallbackKey });
    }
  }

  return (
    <div className="auth-screen">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <div className="auth-brand">
          <span className="brand-mark big" aria-hidden="true">
            D
          </span>
          <div>
            <h1 id="login-title">{t('common.appName')}</h1>
            <p className="muted">{t('common.tagline')}</p>
          </div>
        </div>
        <h2>{t('auth.title')}</h2>
        <p className="muted">{t('auth.subtitle')}</p>
        <FirstRunNotice />
        {(formError || endedBecause) && (
          <div className="form-error" role="alert" data-testid="login-error">
            {formError ?? endedBecause}
          </div>
        )}
        <label className="field">
          <span>{t('auth.username')}</span>
          <input
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-invalid={!!fieldErrors.username}
            dir="auto"
          />
          {fieldErrors.username && <span className="field-error">{t(fieldErrors.username)}</span>}
        </label>
        <label className="field">
          <span>{t('auth.password')}</span>
          <span className="input-with-button">
            <input
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={!!fieldErrors.password}
              dir="ltr"
            />
            <button
              type="button"
              className="icon-button"
              onClick={() => setShowPassword((s) => !s)}
              aria-pressed={showPassword}
              aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
              title={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
            >
              <Icon name={showPassword ? 'eyeOff' : 'eye'} />
            </button>
          </span>
          {fieldErrors.password && <span className="field-error">{t(fieldErrors.password)}</span>}
        </label>
        <div className="row between">
          <label className="checkbox">
            <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <span>{t('auth.rememberMe')}</span>
          </label>
          <button type="button" className="link-button" onClick={() => setShowForgot((s) => !s)} aria-expanded={showForgot}>
            {t('auth.forgotPassword')}
          </button>
        </div>
        {showForgot && (
          <p className="info-box" role="note" data-testid="forgot-help">
            {t('auth.forgotPasswordHelp')}
          </p>
        )}
        <button type="submit" className="button primary block" disabled={isLoading} data-testid="login-submit">
          {isLoading ? t('auth.submitting') : t('auth.submit')}
        </button>
        <LanguageSwitch />
      </form>
    </div>
  );
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div className="auth-language" role="group" aria-label={t('language.label')}>
      {(['en', 'ku'] as const).map((lng) => (
        <button
          key={lng}
          type="button"
          className={`chip ${i18n.language === lng ? 'active' : ''}`}
          aria-pressed={i18n.language === lng}
          lang={lng === 'ku' ? 'ckb' : 'en'}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}

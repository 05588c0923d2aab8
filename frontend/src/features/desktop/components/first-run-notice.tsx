import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { desktopBridge } from '../../../app/desktop.js';
import '../desktop.css';

/** On the very first start in the desktop shell: the administrator account the server made, shown in the window only. */
export function FirstRunNotice() {
  const { t } = useTranslation();
  const [account, setAccount] = useState<{ username: string; password: string } | null>(null);
  useEffect(() => {
    let live = true;
    desktopBridge()
      ?.getFirstRunAdmin?.()
      .then((a) => live && setAccount(a ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!account) return null;
  return (
    <section className="first-run" role="note" aria-labelledby="first-run-title" data-testid="first-run">
      <h3 id="first-run-title">{t('desktop.firstRun.title')}</h3>
      <p>{t('desktop.firstRun.text')}</p>
      <dl>
        <dt>{t('desktop.firstRun.username')}</dt>
        <dd dir="ltr" data-testid="first-run-username">
          {account.username}
        </dd>
        <dt>{t('desktop.firstRun.password')}</dt>
        <dd dir="ltr" data-testid="first-run-password">
          <code>{account.password}</code>
        </dd>
      </dl>
    </section>
  );
}

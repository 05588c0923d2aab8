// The Electron shell's own menu, in English and Kurdish; it follows the page's language.

export const MENU_TEXTS = {
  en: {
    app: 'Dukan',
    reload: 'Reload',
    restartServer: 'Restart server',
    checkForUpdates: 'Check for updates',
    openLogs: 'Open the log folder',
    openData: 'Open the data folder',
    quit: 'Quit Dukan',
    edit: 'Edit',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    selectAll: 'Select all',
    view: 'View',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    resetZoom: 'Actual size',
    fullScreen: 'Full screen',
    help: 'Help',
    about: 'Dukan {version}',
    devTools: 'Developer tools',
  },
  ku: {
    app: 'دوکان',
    reload: 'نوێکردنەوەی پەڕە',
    restartServer: 'ڕاژەکار دووبارە دەست پێبکەرەوە',
    checkForUpdates: 'پشکنینی نوێکردنەوە',
    openLogs: 'کردنەوەی بوخچەی تۆمارەکان',
    openData: 'کردنەوەی بوخچەی زانیارییەکان',
    quit: 'داخستنی دوکان',
    edit: 'دەستکاری',
    undo: 'گەڕانەوە',
    redo: 'دووبارەکردنەوە',
    cut: 'بڕین',
    copy: 'لەبەرگرتنەوە',
    paste: 'لکاندن',
    selectAll: 'هەڵبژاردنی هەموو',
    view: 'پیشاندان',
    zoomIn: 'گەورەکردن',
    zoomOut: 'بچووککردنەوە',
    resetZoom: 'قەبارەی ئاسایی',
    fullScreen: 'پڕ بە شاشە',
    help: 'یارمەتی',
    about: 'دوکان {version}',
    devTools: 'ئامرازەکانی گەشەپێدەر',
  },
};

/** @param {string | null | undefined} lang the page's <html lang> ('ckb' for Kurdish) @returns {'en' | 'ku'} */
export function menuLanguage(lang) {
  return lang && /^(ku|ckb)/i.test(lang) ? 'ku' : 'en';
}

/**
 * @typedef {object} MenuActions
 * @property {() => void} reload
 * @property {() => void} restartServer
 * @property {() => void} checkForUpdates
 * @property {() => void} openLogFolder
 * @property {() => void} openDataFolder
 * @property {() => void} quit
 */

/**
 * Electron's menu template (plain objects, so it is tested without Electron).
 * @param {'en' | 'ku'} language @param {string} version @param {MenuActions} actions
 */
export function appMenu(language, version, actions) {
  const t = MENU_TEXTS[language];
  return [
    {
      label: t.app,
      submenu: [
        { label: t.reload, accelerator: 'CmdOrCtrl+R', click: actions.reload },
        { label: t.restartServer, click: actions.restartServer },
        { label: t.checkForUpdates, click: actions.checkForUpdates },
        { type: 'separator' },
        { label: t.openLogs, click: actions.openLogFolder },
        { label: t.openData, click: actions.openDataFolder },
        { type: 'separator' },
        { label: t.quit, accelerator: 'CmdOrCtrl+Q', click: actions.quit },
      ],
    },
    {
      label: t.edit,
      submenu: [
        { role: 'undo', label: t.undo },
        { role: 'redo', label: t.redo },
        { type: 'separator' },
        { role: 'cut', label: t.cut },
        { role: 'copy', label: t.copy },
        { role: 'paste', label: t.paste },
        { role: 'selectAll', label: t.selectAll },
      ],
    },
    {
      label: t.view,
      submenu: [
        { role: 'zoomIn', label: t.zoomIn },
        { role: 'zoomOut', label: t.zoomOut },
        { role: 'resetZoom', label: t.resetZoom },
        { type: 'separator' },
        { role: 'togglefullscreen', label: t.fullScreen },
      ],
    },
    {
      label: t.help,
      submenu: [
        { label: t.about.replace('{version}', version), enabled: false },
        { role: 'toggleDevTools', label: t.devTools },
      ],
    },
  ];
}

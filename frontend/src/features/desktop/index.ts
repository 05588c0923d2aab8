// What other features may use of the desktop shell: the first-run notice on the sign-in page, and the sidebar's
// button showing the shell's server, backups and updates.
export { FirstRunNotice } from './components/first-run-notice.js';
export { DesktopStatusButton } from './components/desktop-status-button.js';

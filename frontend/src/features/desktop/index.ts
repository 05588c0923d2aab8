// What other features may use of the desktop shell: the first-run notice on the sign-in page.
export { FirstRunNotice } from './components/first-run-notice.js';

import type { ESLint } from 'eslint';

/** The workspace's own ESLint plugin: its one rule, `feature-exports`. */
declare const plugin: ESLint.Plugin;
export default plugin;

// What the supervisor says of the server it runs, and its refusal to run twice on one data folder.

/** @typedef {'starting' | 'running' | 'restarting' | 'failed' | 'stopping' | 'stopped'} ServerState */
/**
 * @typedef {object} ServerStatus
 * @property {ServerState} state
 * @property {number | null} port     where the server answers
 * @property {number | null} pid
 * @property {number} restarts        since the shell started
 * @property {number} failures        deaths in a row, reset once the server has run for a while
 * @property {string | null} detail   why it last stopped, in the log's words
 * @property {string} since           ISO time of the last change
 */

export class AlreadyRunningError extends Error {
  /** @param {{ pid: number, [key: string]: unknown }} holder */
  constructor(holder) {
    super(`Dukan is already running on this data folder (process ${holder.pid})`);
    this.holder = holder;
  }
}

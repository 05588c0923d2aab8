import { EventEmitter } from 'node:events';
import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Redactor } from './secrets.mjs';

/** The spec's server log view: the last 100 lines. */
export const LOG_LINES = 100;

const LEVELS = /** @type {Record<number, string>} */ ({ 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' });

/**
 * A JSON log line of the server (pino) as a person reads it: time, level, message, and an error's own message.
 * Anything else is kept as it came.
 * @param {string} raw
 */
export function readableLine(raw) {
  const line = raw.replace(/\s+$/, '');
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line);
    if (typeof entry !== 'object' || entry === null || typeof entry.msg !== 'string') return line;
    const time = typeof entry.time === 'string' ? entry.time.slice(11, 19) : '';
    const level = LEVELS[entry.level] ?? String(entry.level ?? '');
    const err = entry.err && typeof entry.err.message === 'string' ? `: ${entry.err.message}` : '';
    return `${time} ${level} ${entry.msg}${err}`.trim();
  } catch {
    return line;
  }
}

/**
 * The last lines of the server and the shell, redacted, kept in memory for the view and appended to a log file
 * that rotates (dukan.log, dukan.log.1, …) so a shop's disk never fills up.
 */
export class LogView extends EventEmitter {
  /**
   * @param {{ dir?: string | null, limit?: number, maxBytes?: number, keep?: number, redactor?: Redactor }} [options]
   */
  constructor({ dir = null, limit = LOG_LINES, maxBytes = 1_000_000, keep = 3, redactor = new Redactor() } = {}) {
    super();
    this.limit = limit;
    this.maxBytes = maxBytes;
    this.keep = keep;
    this.redactor = redactor;
    this.file = dir ? join(dir, 'dukan.log') : null;
    if (dir) mkdirSync(dir, { recursive: true });
    this.size = this.file && existsSync(this.file) ? statSync(this.file).size : 0;
    /** @type {string[]} */
    this.buffer = [];
  }

  /** @param {string} raw one line of output, or the shell's own words */
  push(raw) {
    const text = this.redactor.redact(readableLine(raw));
    if (text.trim() === '') return;
    this.buffer.push(text);
    if (this.buffer.length > this.limit) this.buffer.splice(0, this.buffer.length - this.limit);
    this.write(`${new Date().toISOString()} ${text}\n`);
    this.emit('line', text);
  }

  /** @returns {string[]} */
  lines() {
    return [...this.buffer];
  }

  /** @param {string} entry */
  write(entry) {
    if (!this.file) return;
    try {
      if (this.size + Buffer.byteLength(entry) > this.maxBytes) this.rotate();
      appendFileSync(this.file, entry, { mode: 0o600 });
      this.size += Buffer.byteLength(entry);
    } catch {
      // A full or read-only disk must not stop the shop: the view still has the lines.
    }
  }

  rotate() {
    if (!this.file) return;
    rmSync(`${this.file}.${this.keep}`, { force: true });
    for (let i = this.keep - 1; i >= 1; i--) {
      if (existsSync(`${this.file}.${i}`)) renameSync(`${this.file}.${i}`, `${this.file}.${i + 1}`);
    }
    if (existsSync(this.file)) renameSync(this.file, `${this.file}.1`);
    this.size = 0;
  }
}

/**
 * Splits a stream's chunks into whole lines.
 * @param {(line: string) => void} onLine
 */
export function lineSplitter(onLine) {
  let rest = '';
  return {
    /** @param {Buffer | string} chunk */
    write(chunk) {
      const parts = (rest + chunk.toString()).split(/\r?\n/);
      rest = parts.pop() ?? '';
      for (const part of parts) onLine(part);
    },
    end() {
      if (rest) onLine(rest);
      rest = '';
    },
  };
}

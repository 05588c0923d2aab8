/** A port nothing listens on now and never handed out before by this process (free-port.mjs). */
export function freePort(): Promise<number>;

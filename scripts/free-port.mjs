// A TCP port for a process about to be started (a test's cluster, a benchmark's app, a replica), from get-port.
import getPort from 'get-port';

// Below Linux's ephemeral range (32768–60999, where outgoing connections take their local ports), so no connection
// can take a port handed out here before its process listens on it; shuffled, so test processes running side by
// side do not all try the same port first.
const candidates = Array.from({ length: 32_767 - 20_000 + 1 }, (_, i) => 20_000 + i);
for (let i = candidates.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
}

/** A port nothing listens on now and never handed out before by this process (get-port's `reserve`). */
export function freePort() {
  return getPort({ port: candidates, host: '127.0.0.1', reserve: true });
}

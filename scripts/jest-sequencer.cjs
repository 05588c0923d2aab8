// Jest's order of test files: the long ones first, so that they run beside the many short ones instead of after
// them. Jest's own order knows a file's duration only from an earlier run on the same checkout (a fresh clone, as
// CI makes, has none); the tiers say it from the start: the fault tier's outages and kills, the image's processes,
// the browser, the few long unit files, then the API and integration tiers. Within a tier, jest's own order (its recorded durations, else file size).
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = [
  /\/e2e\/faults\//,
  /\/infra\/test\/.*\.int-spec\.ts$/,
  /\/e2e\//,
  // The desktop shell's window (Xvfb and Chromium) and the property tests are long for their tiers.
  /\/desktop\/test\/browser-shell\.spec\.mjs$/,
  /\.property\.spec\.ts$/,
  /\/gateway\/test\//,
  /\.int-spec\.ts$/,
];
const rank = (path) => {
  const i = FIRST.findIndex((re) => re.test(path.replace(/\\/g, '/')));
  return i === -1 ? FIRST.length : i;
};

class TiersFirst extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const position = new Map(ordered.map((t, i) => [t, i]));
    return [...ordered].sort((a, b) => rank(a.path) - rank(b.path) || position.get(a) - position.get(b));
  }
}

module.exports = TiersFirst;

import { configureLogger } from '../logging/logger.js';
import { Periodic } from './periodic.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('Periodic', () => {
  // The failing run below is logged as a warning: not into the suite's output.
  beforeAll(() => configureLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', service: 'test' }));

  it('runs once at a time: a run asked while one is in progress joins it', async () => {
    let release!: () => void;
    let runs = 0;
    const p = new Periodic('test', 60_000, async () => {
      runs += 1;
      if (runs === 1) await new Promise<void>((r) => (release = r));
    });
    const a = p.run();
    const b = p.run();
    await tick();
    expect(runs).toBe(1);
    release();
    await Promise.all([a, b]);
    await p.run(); // once it ended, a new run starts
    expect(runs).toBe(2);
  });

  it('survives a failing run, and runs again on its timer until stopped', async () => {
    let runs = 0;
    const p = new Periodic('test', 10, async () => {
      runs += 1;
      if (runs === 1) throw new Error('database away');
    });
    await p.start({ now: true });
    expect(runs).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    await p.stop();
    const after = runs;
    expect(after).toBeGreaterThan(1);
    await new Promise((r) => setTimeout(r, 40));
    expect(runs).toBe(after);
  });
});

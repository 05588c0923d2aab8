import { eventually } from './eventually.js';

/** A probe that answers `answers` in turn, then the last one again. */
function probeOf<T>(answers: (T | Error)[]) {
  let calls = 0;
  const probe = async () => {
    const a = answers[Math.min(calls++, answers.length - 1)]!;
    if (a instanceof Error) throw a;
    return a;
  };
  return { probe, calls: () => calls };
}

describe('eventually', () => {
  it('answers the first truthy value', async () => {
    const p = probeOf([null, false, 0, 'ready']);
    await expect(eventually(p.probe, 1_000, 1)).resolves.toBe('ready');
    expect(p.calls()).toBe(4);
  });

  it('fails at once on a probe that throws, unless told to try again', async () => {
    await expect(eventually(probeOf([new Error('refused'), 'ready']).probe, 1_000, 1)).rejects.toThrow('refused');
    await expect(eventually(probeOf([new Error('refused'), 'ready']).probe, { everyMs: 1, retryOnError: true })).resolves.toBe('ready');
  });

  it('names what it waited for and the last error when time runs out', async () => {
    await expect(eventually(probeOf([null]).probe, 20, 5)).rejects.toThrow('condition not reached in time');
    await expect(
      eventually(probeOf([new Error('503')]).probe, { timeoutMs: 20, everyMs: 5, what: 'the sale', retryOnError: true }),
    ).rejects.toThrow('Timed out waiting for the sale: Error: 503');
  });
});

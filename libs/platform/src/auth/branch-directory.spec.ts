import { DomainError } from '../errors/domain-error.js';
import { CachedBranchDirectory, type KnownBranch } from './branch-directory.js';

/** Settings' answers in turn (the last one repeats), counting the questions; `fail` makes the next ones fail. */
function settings(...answers: KnownBranch[][]) {
  const s = { asked: 0, fail: false };
  const load = async () => {
    s.asked += 1;
    if (s.fail) throw new Error('settings down');
    return answers[Math.min(s.asked - 1, answers.length - 1)]!;
  };
  return { s, load };
}

describe('CachedBranchDirectory', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it.each([
    ['main', 'active'],
    ['old', 'inactive'],
    ['nowhere', 'unknown'],
  ])('says %s is %s', async (id, state) => {
    const { s, load } = settings([
      { id: 'main', name: 'Branch main', active: true },
      { id: 'old', name: 'Branch old', active: false },
    ]);
    const d = new CachedBranchDirectory(load, { ttlMs: 30_000, missRetryMs: 1_000, now });
    expect(await d.state('main')).toBe('active');
    clock += 1_000;
    expect(await d.state(id)).toBe(state);
    expect(s.asked).toBe(id === 'nowhere' ? 2 : 1);
  });

  it('names a branch as settings does, and none it does not know', async () => {
    const { load } = settings([
      { id: 'main', name: 'Main shop', active: true },
      { id: 'erbil', name: 'هەولێر', active: false },
    ]);
    const d = new CachedBranchDirectory(load, { ttlMs: 30_000, missRetryMs: 1_000, now });
    expect(await d.name('main')).toBe('Main shop');
    expect(await d.name('erbil')).toBe('هەولێر');
    expect(await d.name('nowhere')).toBeNull();
  });

  it('asks again on a miss at most once a second, so a branch made a moment ago is found', async () => {
    const { s, load } = settings(
      [{ id: 'main', name: 'Branch main', active: true }],
      [
        { id: 'main', name: 'Branch main', active: true },
        { id: 'new', name: 'Branch new', active: true },
      ],
    );
    const d = new CachedBranchDirectory(load, { ttlMs: 30_000, missRetryMs: 1_000, now });
    expect(await d.state('main')).toBe('active');
    expect(await d.state('new')).toBe('unknown'); // asked less than a second ago
    clock += 1_000;
    expect(await d.state('new')).toBe('active');
    expect(s.asked).toBe(2);
  });

  it('asks again after forget (a branch event) and after the TTL', async () => {
    const { s, load } = settings(
      [{ id: 'b', name: 'Branch b', active: true }],
      [{ id: 'b', name: 'Branch b', active: false }],
      [{ id: 'b', name: 'Branch b', active: true }],
    );
    const d = new CachedBranchDirectory(load, { ttlMs: 30_000, missRetryMs: 1_000, now });
    expect(await d.state('b')).toBe('active');
    d.forget();
    expect(await d.state('b')).toBe('inactive');
    clock += 29_999;
    expect(await d.state('b')).toBe('inactive');
    clock += 1;
    expect(await d.state('b')).toBe('active');
    expect(s.asked).toBe(3);
  });

  it('keeps the last list while settings cannot answer; with none yet, refuses with 503', async () => {
    const { s, load } = settings([{ id: 'b', name: 'Branch b', active: true }]);
    const d = new CachedBranchDirectory(load, { ttlMs: 30_000, missRetryMs: 1_000, now });
    s.fail = true;
    const refused = await d.state('b').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(503);
    s.fail = false;
    expect(await d.state('b')).toBe('active');
    s.fail = true;
    clock += 60_000;
    expect(await d.state('b')).toBe('active');
  });
});

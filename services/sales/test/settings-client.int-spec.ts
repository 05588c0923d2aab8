// The rate sales records for a cashier while settings answers, while it is away, and after it announces a change.
import { configureLogger, DomainError, type EventBus } from '@dukan/platform';
import type { SalesConfig } from '../src/config.js';
import { SettingsClient } from '../src/settings/settings.client.js';
import { startFakeSettings, type FakeSettings } from './helpers.js';

const TOKEN = 'internal-token-for-this-test';
let settings: FakeSettings;
let announce: () => void;
let client: SettingsClient;

// Settings going away is logged as a warning: not into the suite's output.
beforeAll(() => configureLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', service: 'test' }));

beforeEach(async () => {
  settings = await startFakeSettings(() => TOKEN);
  // Nothing kept fresh: every sale asks settings, as just after a restart.
  const config = { SETTINGS_URL: settings.url, INTERNAL_TOKEN: TOKEN, SETTINGS_TIMEOUT_MS: 1000, SETTINGS_CACHE_MS: 0 } as SalesConfig;
  const bus = { watch: async (_subjects: unknown, listener: () => void) => void (announce = listener) } as unknown as EventBus;
  client = new SettingsClient(config, bus);
  await client.onModuleInit();
});
afterEach(() => settings.close());

it('asks settings for each sale, and records its rate', async () => {
  expect(await client.exchangeRate('cashier-1', 1450)).toBe(1450);
  settings.userRates.set('cashier-1', 1310);
  expect(await client.exchangeRate('cashier-1', 1310)).toBe(1310);
  expect(settings.calls).toBe(2);
});

it('while settings is away, the rate it last gave that cashier stands, so the till goes on selling', async () => {
  expect(await client.exchangeRate('cashier-1', 1450)).toBe(1450);
  settings.mode = 'down';
  expect(await client.exchangeRate('cashier-1', 1450)).toBe(1450);
  // A cashier settings never answered for cannot be checked: refused.
  await expect(client.exchangeRate('cashier-2', 1450)).rejects.toBeInstanceOf(DomainError);
});

it('after settings announces a change, what it said before no longer stands', async () => {
  expect(await client.exchangeRate('cashier-1', 1450)).toBe(1450);
  announce();
  settings.mode = 'down';
  await expect(client.exchangeRate('cashier-1', 1450)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
});

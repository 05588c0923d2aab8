import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { logger, systemContext } from '@dukan/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config.js';
import { UsersService } from './users.service.js';

/**
 * On a fresh install, creates `admin` with DUKAN_ADMIN_PASSWORD, or with a random password that is
 * printed once and written to the data folder. There is no fixed default password.
 */
@Injectable()
export class FirstRun implements OnApplicationBootstrap {
  constructor(
    private readonly ds: DataSource,
    private readonly users: UsersService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const qr = this.ds.createQueryRunner();
    await qr.connect();
    try {
      await qr.query(`SELECT pg_advisory_lock(hashtext('dukan-identity-first-run'))`);
      if ((await this.users.count()) > 0) return;
      const generated = !this.config.DUKAN_ADMIN_PASSWORD;
      const password = this.config.DUKAN_ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
      // The installer acts as an administrator: only admins may create admins.
      const installer = systemContext({
        user: { id: 'system', username: 'system', role: 'admin', permissions: null, tokenVersion: 0, languagePreference: 'en' },
      });
      await this.users.create(installer, {
        username: 'admin',
        firstName: 'Admin',
        lastName: 'User',
        email: 'admin@dukan.local',
        password,
        role: 'admin',
      });
      if (generated) {
        const file = join(this.config.DUKAN_DATA_DIR, 'admin-password.txt');
        mkdirSync(this.config.DUKAN_DATA_DIR, { recursive: true });
        writeFileSync(file, `${password}\n`, { mode: 0o600 });
        const banner = `\n  Dukan first run: sign in as "admin" with password ${password}\n  (also saved in ${file}; change it after signing in)\n`;
        process.stdout.write(banner);
      }
      logger().info({ generated }, 'first admin account created');
    } finally {
      await qr.query(`SELECT pg_advisory_unlock(hashtext('dukan-identity-first-run'))`).catch(() => undefined);
      await qr.release();
    }
  }
}

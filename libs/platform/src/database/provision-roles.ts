// Creates the cluster's per-service database roles, then exits: docker-compose's db-roles job runs it
// before the services start (`node libs/platform/dist/database/provision-roles.js`).
//   DATABASE_ADMIN_URL        a connection that may create roles (the database's owner, a superuser)
//   <SERVICE>_DB_PASSWORD     the password of each service's role (IDENTITY_DB_PASSWORD … SETTINGS_DB_PASSWORD)
//   DB_ROLE_PREFIX            role names are <prefix><service> (default dukan_)
import { z } from 'zod';
import { SERVICES } from '@dukan/contracts';
import { ConfigError, parseConfig } from '../config/config.js';
import { provisionServiceRoles, serviceRoleName } from './service-roles.js';

const passwordOf = (service: string) => `${service.toUpperCase()}_DB_PASSWORD`;
const schema = z.object({
  DATABASE_ADMIN_URL: z.string().min(1),
  DB_ROLE_PREFIX: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default('dukan_'),
  ...Object.fromEntries(SERVICES.map((s) => [passwordOf(s), z.string().min(16)])),
});

try {
  const config = parseConfig(schema, process.env) as Record<string, string>;
  await provisionServiceRoles(
    config.DATABASE_ADMIN_URL!,
    SERVICES.map((service) => ({ service, role: serviceRoleName(service, config.DB_ROLE_PREFIX), password: config[passwordOf(service)]! })),
  );
  process.stdout.write(`database roles ready: ${SERVICES.map((s) => serviceRoleName(s, config.DB_ROLE_PREFIX)).join(', ')}\n`);
} catch (e) {
  process.stderr.write(`${e instanceof ConfigError ? e.message : String(e)}\n`);
  process.exit(1);
}

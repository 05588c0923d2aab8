import { Module, type DynamicModule } from '@nestjs/common';
import {
  defaultKeyPaths,
  KnownBranches,
  loadOrCreateKeyPair,
  SESSION_VALIDATOR,
  ServicePlatformModule,
  TokenSigner,
} from '@dukan/platform';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { InternalAuthController } from './auth/internal.controller.js';
import { DbSessionValidator } from './auth/session-validator.provider.js';
import { ThrottleService } from './auth/throttle.service.js';
import { IDENTITY_CONFIG, type IdentityConfig } from './config.js';
import { IdentityInit1767225600100 } from './migrations/1767225600100-identity-init.js';
import { RefreshFloor1779321600100 } from './migrations/1779321600100-refresh-floor.js';
import { ThrottlePairs1779408000100 } from './migrations/1779408000100-throttle-pairs.js';
import { UserBranches1779494400100 } from './migrations/1779494400100-user-branches.js';
import { UserSearch1796500000100 } from './migrations/1796500000100-user-search.js';
import { CanonicalUserPhones1797300000100 } from './migrations/1797300000100-canonical-user-phones.js';
import { PermissionsController } from './permissions/permissions.controller.js';
import { FirstRun } from './users/first-run.js';
import { User } from './users/user.entity.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';

/** Users, passwords, permission overrides, token versions and login throttling: /api/auth/*. */
@Module({})
export class IdentityModule {
  static register(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServicePlatformModule.forService({
          service: 'identity',
          entities: [User],
          migrations: [
            IdentityInit1767225600100,
            RefreshFloor1779321600100,
            ThrottlePairs1779408000100,
            UserBranches1779494400100,
            UserSearch1796500000100,
            CanonicalUserPhones1797300000100,
          ],
        }),
      ],
      controllers: [AuthController, UsersController, PermissionsController, InternalAuthController],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        {
          provide: TokenSigner,
          useFactory: () =>
            new TokenSigner(loadOrCreateKeyPair(defaultKeyPaths(config.DUKAN_DATA_DIR)).privateKey, {
              issuer: config.JWT_ISSUER,
              audience: config.JWT_AUDIENCE,
            }),
        },
        UsersService,
        KnownBranches,
        AuthService,
        ThrottleService,
        DbSessionValidator,
        { provide: SESSION_VALIDATOR, useExisting: DbSessionValidator },
        FirstRun,
      ],
      exports: [SESSION_VALIDATOR],
    };
  }
}

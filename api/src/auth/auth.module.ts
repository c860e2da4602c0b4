import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, JWT_SECRET } from '../core/tokens';
import { UsersRepository } from './users.repository';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard, OptionalJwtAuthGuard } from './jwt-auth.guard';
import { LiveAccounts } from './live-accounts';
import { LoginRateLimiter } from './login-rate-limiter';
import { PasswordHasher } from './password-hasher';
import { SignInListeners } from './sign-in-listeners';
import { TokenService } from './token.service';

/** Global so every feature module can put JwtAuthGuard on its routes. */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [JWT_SECRET, APP_CONFIG],
      useFactory: (secret: string, config: AppConfig) => {
        // A key object, not the text: given text, jsonwebtoken first tries to parse it as a PEM key and
        // throws that attempt away on every sign and verify, about 1 ms of CPU per signed-in request.
        const key = createSecretKey(Buffer.from(secret));
        return {
          secretOrKeyProvider: () => key,
          signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn as `${number}d` },
          verifyOptions: { algorithms: ['HS256'] },
        };
      },
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    PasswordHasher,
    TokenService,
    LoginRateLimiter,
    LiveAccounts,
    JwtAuthGuard,
    OptionalJwtAuthGuard,
    UsersRepository,
    SignInListeners,
  ],
  exports: [
    AuthService,
    TokenService,
    LiveAccounts,
    JwtAuthGuard,
    OptionalJwtAuthGuard,
    PasswordHasher,
    UsersRepository,
    SignInListeners,
  ],
})
export class AuthModule {}

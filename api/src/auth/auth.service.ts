import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  latinSkeleton,
  type LoginInput,
  type SignupInput,
  type UserRecord,
  usernameKey,
} from '@skillers/domain';
import { DuplicateKeyError, newId } from '@skillers/store';
import { RateLimits, SIGNUP_ACCOUNT_LIMIT } from '../common/rate-limits';
import { AppEvents } from '../core/events/app-events.service';
import { UsersRepository } from './users.repository';
import { LoginRateLimiter } from './login-rate-limiter';
import { PasswordHasher } from './password-hasher';
import { SignInListeners } from './sign-in-listeners';
import { TokenService } from './token.service';

const emailTaken = () => new ConflictException({ message: AUTH_MESSAGES.emailTaken, field: 'email' });
const usernameTaken = () =>
  new ConflictException({ message: AUTH_MESSAGES.usernameTaken, field: 'username' });
const usernameLookAlike = () =>
  new ConflictException({ message: AUTH_MESSAGES.usernameLookAlike, field: 'username' });

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly limiter: LoginRateLimiter,
    private readonly limits: RateLimits,
    private readonly signIns: SignInListeners,
    private readonly events: AppEvents,
  ) {}

  /**
   * Creates the account; unless `confirmed` (the demo seed's account, never mailed), its address waits for
   * the confirmation link mailed to it.
   */
  async signup(input: SignupInput, { confirmed = false } = {}): Promise<{ message: string }> {
    // The email arrives trimmed and lower-cased, the username NFKC-normalised; usernames are unique
    // regardless of case.
    await this.limits.consume(
      SIGNUP_ACCOUNT_LIMIT,
      `email:${input.email}`,
      `username:${usernameKey(input.username)}`,
    );
    if (await this.users.findByEmail(input.email)) throw emailTaken();
    if (await this.users.findByUsername(input.username)) throw usernameTaken();
    // A name in look-alike letters of another alphabet ("раураl") may not pass for an existing Latin one.
    const skeleton = latinSkeleton(input.username);
    if (skeleton !== usernameKey(input.username) && (await this.users.findByUsername(skeleton)))
      throw usernameLookAlike();
    const user: UserRecord = {
      _id: newId(),
      username: input.username,
      usernameKey: usernameKey(input.username),
      email: input.email,
      passwordHash: await this.hasher.hash(input.password),
      createdAt: new Date().toISOString(),
      ...(!confirmed && { emailVerified: false }),
    };
    try {
      await this.users.insert(user);
    } catch (error) {
      // Two sign-ups racing for the same name: the store's unique index decides.
      if (error instanceof DuplicateKeyError)
        throw error.fields.includes('email') ? emailTaken() : usernameTaken();
      throw error;
    }
    if (!confirmed)
      await this.events.publish('email.unverified', {
        userId: user._id,
        username: user.username,
        email: user.email,
      });
    return { message: AUTH_MESSAGES.signedUp };
  }

  async login(input: LoginInput, ip: string): Promise<{ message: string; token: string }> {
    // The attempt is counted before the (slow) password check, so parallel guesses cannot all pass.
    const attempt = await this.limiter.reserve(ip, input.email);
    const user = await this.users.findByEmail(input.email);
    if (!user) throw new UnauthorizedException({ message: AUTH_MESSAGES.userNotFound, field: 'email' });
    if (!(await this.hasher.verify(user.passwordHash, input.password)))
      throw new UnauthorizedException({ message: AUTH_MESSAGES.wrongPassword, field: 'password' });
    await attempt.refund();
    await this.signIns.signedIn(user._id);
    return {
      message: AUTH_MESSAGES.loggedIn,
      token: await this.tokens.sign({
        id: user._id,
        username: user.username,
        tokenVersion: user.tokenVersion,
      }),
    };
  }
}

import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LiveAccounts } from './live-accounts';

export interface TokenPayload {
  /** The user id, under the name the web app reads. */
  id: string;
  sub: string;
  username: string;
  /** The account's token version when signed; absent in tokens signed before versions existed (0). */
  ver?: number;
  /** Expiry, in seconds since the epoch (set by the signer). */
  exp?: number;
}

export interface AuthenticatedUser {
  id: string;
  username: string;
  /** The token version the session was signed with. */
  tokenVersion: number;
  /** When the token expires, in milliseconds since the epoch: a socket is closed then. */
  expiresAt?: number;
}

/** Signs and checks bearer tokens; the algorithm is pinned in the module so `alg: none` never passes. */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly accounts: LiveAccounts,
  ) {}

  sign(user: Pick<AuthenticatedUser, 'id' | 'username'> & { tokenVersion?: number }): Promise<string> {
    const payload: TokenPayload = {
      id: user.id,
      sub: user.id,
      username: user.username,
      ver: user.tokenVersion ?? 0,
    };
    return this.jwt.signAsync(payload);
  }

  /**
   * The user the token names, or null when it is malformed, tampered with, names an account that no
   * longer exists or was signed before the account's password was reset or changed; `{ expired: true }` when
   * it has expired.
   */
  async verify(token: string): Promise<(AuthenticatedUser & { expired?: false }) | { expired: true } | null> {
    let payload: TokenPayload;
    try {
      payload = await this.jwt.verifyAsync<TokenPayload>(token);
    } catch (error) {
      return (error as Error).name === 'TokenExpiredError' ? { expired: true } : null;
    }
    if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null;
    const tokenVersion = payload.ver ?? 0;
    if (!Number.isInteger(tokenVersion) || !(await this.accounts.isLive(payload.sub, tokenVersion)))
      return null;
    return {
      id: payload.sub,
      username: payload.username,
      tokenVersion,
      ...(typeof payload.exp === 'number' && { expiresAt: payload.exp * 1000 }),
    };
  }
}

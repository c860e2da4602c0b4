import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

export interface TokenPayload {
  /** The user id, under the name the web app reads. */
  id: string;
  sub: string;
  username: string;
}

export interface AuthenticatedUser {
  id: string;
  username: string;
}

/** Signs and checks bearer tokens; the algorithm is pinned in the module so `alg: none` never passes. */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  sign(user: AuthenticatedUser): Promise<string> {
    const payload: TokenPayload = { id: user.id, sub: user.id, username: user.username };
    return this.jwt.signAsync(payload);
  }

  /** The user the token names, or null when it is malformed, tampered with or expired. */
  async verify(token: string): Promise<(AuthenticatedUser & { expired?: false }) | { expired: true } | null> {
    try {
      const payload = await this.jwt.verifyAsync<TokenPayload>(token);
      if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null;
      return { id: payload.sub, username: payload.username };
    } catch (error) {
      return (error as Error).name === 'TokenExpiredError' ? { expired: true } : null;
    }
  }
}

import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { HTTP_MESSAGES } from '@skillers/domain';
import type { Request } from 'express';
import { type AuthenticatedUser, TokenService } from './token.service';

export type AuthenticatedRequest = Request & { user?: AuthenticatedUser };

const bearerToken = (request: Request): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

/** Requires a valid bearer token and puts its user on the request. */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(private readonly tokens: TokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedException(HTTP_MESSAGES.unauthorized);
    const result = await this.tokens.verify(token);
    if (!result) throw new UnauthorizedException(HTTP_MESSAGES.unauthorized);
    if ('expired' in result && result.expired) throw new UnauthorizedException(HTTP_MESSAGES.sessionExpired);
    request.user = result as AuthenticatedUser;
    return true;
  }
}

/** Lets visitors through, but still reads the user when a valid token is sent. */
@Injectable()
export class OptionalJwtAuthGuard implements CanActivate {
  constructor(private readonly tokens: TokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request);
    const result = token ? await this.tokens.verify(token) : null;
    if (result && !('expired' in result && result.expired)) request.user = result as AuthenticatedUser;
    return true;
  }
}

import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RateLimits, type RateLimitRule } from '../common/rate-limits';
import { type AuthenticatedRequest, OptionalJwtAuthGuard } from './jwt-auth.guard';

const USER_LIMIT_RULE = 'userLimitRule';

@Injectable()
export class PerUserLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.get<RateLimitRule[] | undefined>(USER_LIMIT_RULE, context.getHandler());
    const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
    // Visitors are counted by the per-address limit only; routes that need a user refuse them anyway.
    if (rules && user) for (const rule of rules) await this.limits.consume(rule, user.id);
    return true;
  }
}

/**
 * Counts the signed-in user's calls against each rule in turn, on top of any per-address limit; the
 * first rule that refuses stops the call, uncounted by the rules after it. It reads the bearer token itself, so it does not depend
 * on the order of the route's other guards.
 */
export const PerUserLimit = (...rules: [RateLimitRule, ...RateLimitRule[]]) =>
  applyDecorators(SetMetadata(USER_LIMIT_RULE, rules), UseGuards(OptionalJwtAuthGuard, PerUserLimitGuard));

const VISITOR_LIMIT_RULE = 'visitorLimitRule';

@Injectable()
export class PerVisitorLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(VISITOR_LIMIT_RULE, context.getHandler());
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (rule && !request.user) await this.limits.consume(rule, `ip:${request.ip}`);
    return true;
  }
}

/**
 * Counts calls without a valid token per client address against `rule`, before the body is validated,
 * so a refused visitor costs little; signed-in callers are not counted by it.
 */
export const PerVisitorLimit = (rule: RateLimitRule) =>
  applyDecorators(
    SetMetadata(VISITOR_LIMIT_RULE, rule),
    UseGuards(OptionalJwtAuthGuard, PerVisitorLimitGuard),
  );

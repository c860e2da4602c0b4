import { Injectable, Logger } from '@nestjs/common';

type SignInListener = (userId: string) => Promise<void>;

/**
 * Work other modules do when a user signs in (freshness: last active, lapse notices). A listener that fails
 * is logged and never fails the sign-in.
 */
@Injectable()
export class SignInListeners {
  private readonly logger = new Logger(SignInListeners.name);
  private readonly listeners: SignInListener[] = [];

  add(listener: SignInListener): void {
    this.listeners.push(listener);
  }

  async signedIn(userId: string): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(userId);
      } catch (error) {
        this.logger.warn(`Sign-in work for ${userId} failed: ${(error as Error).message}`);
      }
    }
  }
}

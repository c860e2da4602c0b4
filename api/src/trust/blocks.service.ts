import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { CHAT_MESSAGES, type PublicUser, TRUST_MESSAGES } from '@skillers/domain';
import { UsersRepository } from '../auth/users.repository';
import { toPublicUser } from '../users/users.service';
import { BlocksRepository } from './blocks.repository';

@Injectable()
export class BlocksService {
  constructor(
    private readonly blocks: BlocksRepository,
    private readonly users: UsersRepository,
  ) {}

  async list(userId: string): Promise<{ blocked: PublicUser[] }> {
    const records = await this.blocks.blockedBy(userId);
    const users = await this.users.findByIds(records.map((record) => record.blockedId));
    const byId = new Map(users.map((user) => [user._id, user]));
    return {
      blocked: records.flatMap((record) => {
        const user = byId.get(record.blockedId);
        return user ? [toPublicUser(user)] : [];
      }),
    };
  }

  async block(userId: string, blockedId: string): Promise<{ message: string; blocked: boolean }> {
    if (blockedId === userId) throw new BadRequestException(TRUST_MESSAGES.cannotBlockYourself);
    if (!(await this.users.findById(blockedId))) throw new NotFoundException(CHAT_MESSAGES.userNotFound);
    await this.blocks.block(userId, blockedId);
    return { message: TRUST_MESSAGES.blocked, blocked: true };
  }

  /** Unblocking someone not blocked is harmless, like unsaving. */
  async unblock(userId: string, blockedId: string): Promise<{ message: string; blocked: boolean }> {
    await this.blocks.unblock(userId, blockedId);
    return { message: TRUST_MESSAGES.unblocked, blocked: false };
  }
}

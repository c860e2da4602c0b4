import type { Socket } from 'socket.io';

/** Open chat connections one user may hold in one API process (tabs, devices, reconnects). */
export const SOCKETS_PER_USER = 20;

/**
 * Counts each user's open sockets in this process. The count is taken in the handshake, in one
 * synchronous step, so connections opened all at once cannot overshoot it; it drops on disconnect.
 */
export class SocketsPerUser {
  private readonly counts = new Map<string, number>();

  constructor(readonly limit = SOCKETS_PER_USER) {}

  /** Counts the socket for the user, or answers false when the user already holds the limit. */
  open(userId: string, socket: Socket): boolean {
    const count = this.counts.get(userId) ?? 0;
    if (count >= this.limit) return false;
    this.counts.set(userId, count + 1);
    // A socket whose connection closes before the handshake ends never emits `disconnect`: release on
    // whichever comes first.
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      socket.conn.off('close', release);
      this.release(userId);
    };
    socket.once('disconnect', release);
    socket.conn.once('close', release);
    return true;
  }

  private release(userId: string): void {
    const count = (this.counts.get(userId) ?? 1) - 1;
    if (count <= 0) this.counts.delete(userId);
    else this.counts.set(userId, count);
  }
}

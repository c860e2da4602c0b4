import type { JobHandler } from './job-queue.port';

/** The one handler of every job name, shared by both adapters so they refuse and report alike. */
export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler<unknown>>();

  register<P>(name: string, handler: JobHandler<P>): void {
    if (this.handlers.has(name)) throw new Error(`Job "${name}" already has a handler`);
    // Payloads are stored untyped; the name ties each one back to the type its handler declared.
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  /** Throws when no handler is registered, which fails the job visibly instead of dropping it. */
  handlerFor(name: string): JobHandler<unknown> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler is registered for job "${name}"`);
    return handler;
  }
}

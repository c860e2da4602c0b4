import { Injectable } from '@nestjs/common';

export const PORT_NAMES = ['store', 'search', 'queue', 'embedder'] as const;
export type PortName = (typeof PORT_NAMES)[number];

export interface PortStatus {
  adapter: string;
  ready: boolean;
  detail?: string;
}

type StatusProbe = () => Promise<PortStatus>;

/** Ports register a probe when their adapter is wired in; the health check asks each one. */
@Injectable()
export class PortStatusRegistry {
  private readonly probes = new Map<PortName, StatusProbe>();

  register(port: PortName, probe: StatusProbe): void {
    this.probes.set(port, probe);
  }

  async statuses(): Promise<Record<PortName, PortStatus>> {
    const entries = await Promise.all(
      PORT_NAMES.map(async (port): Promise<[PortName, PortStatus]> => {
        const probe = this.probes.get(port);
        if (!probe) return [port, { adapter: 'none', ready: false, detail: 'not wired into this build yet' }];
        try {
          return [port, await probe()];
        } catch (error) {
          return [port, { adapter: 'unknown', ready: false, detail: (error as Error).message }];
        }
      }),
    );
    return Object.fromEntries(entries) as Record<PortName, PortStatus>;
  }
}

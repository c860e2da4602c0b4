import { Controller, Get } from '@nestjs/common';
import { PortStatusRegistry } from '../core/port-status';

@Controller('health')
export class HealthController {
  constructor(private readonly ports: PortStatusRegistry) {}

  @Get()
  async health() {
    const ports = await this.ports.statuses();
    const wired = Object.values(ports).filter((port) => port.adapter !== 'none');
    return { status: wired.every((port) => port.ready) ? 'ok' : 'degraded', ports };
  }
}

import { Controller, Get, Headers, Res } from '@nestjs/common';
import type { Response } from 'express';
import { OptionsService } from './options.service';

@Controller('options')
export class OptionsController {
  constructor(private readonly options: OptionsService) {}

  @Get()
  list(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() response: Response): void {
    response.setHeader('ETag', this.options.etag);
    response.setHeader('Cache-Control', this.options.cacheControl);
    if (this.options.isCurrent(ifNoneMatch)) {
      response.status(304).end();
      return;
    }
    response.type('application/json').send(this.options.body());
  }
}

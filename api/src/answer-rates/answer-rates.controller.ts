import { Controller, Get, Query } from '@nestjs/common';
import { type AnswerRates, type AnswerRatesQuery, answerRatesQuerySchema } from '@skillers/domain';
import { ZodPipe } from '../common/zod-body.pipe';
import { AnswerRatesService } from './answer-rates.service';

/** `GET /answer-rates?userIds=`: public, as the cards that show them are. */
@Controller('answer-rates')
export class AnswerRatesController {
  constructor(private readonly rates: AnswerRatesService) {}

  @Get()
  async ratesOf(@Query(new ZodPipe(answerRatesQuerySchema)) query: AnswerRatesQuery): Promise<AnswerRates> {
    return { rates: Object.fromEntries(await this.rates.ratesOf(query.userIds)) };
  }
}

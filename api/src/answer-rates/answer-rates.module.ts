import { Module } from '@nestjs/common';
import { AnswerRatesController } from './answer-rates.controller';
import { AnswerRatesService } from './answer-rates.service';
import { ContactAnswersRepository } from './contact-answers.repository';

@Module({
  controllers: [AnswerRatesController],
  providers: [ContactAnswersRepository, AnswerRatesService],
  exports: [AnswerRatesService],
})
export class AnswerRatesModule {}

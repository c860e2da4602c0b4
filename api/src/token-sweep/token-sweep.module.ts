import { Module } from '@nestjs/common';
import { ExpiredTokenSweep } from './expired-token-sweep.service';

/** Removes mailed single-use links (password resets, email confirmations) once they have expired. */
@Module({ providers: [ExpiredTokenSweep] })
export class TokenSweepModule {}

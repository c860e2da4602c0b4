import { Inject, Injectable } from '@nestjs/common';
import type { ReportRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class ReportsRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  get reports() {
    return this.store.collection<ReportRecord>(COLLECTIONS.reports);
  }
}

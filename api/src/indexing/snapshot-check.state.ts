import { Injectable } from '@nestjs/common';

/**
 * Whether the sections of the loaded index snapshot that are checked after the start (its vector rows and
 * search texts, `RestoredIndex.verify`) are still being checked, or, found damaged, the index is being built
 * again from the store: `/api/ready` says no meanwhile.
 */
@Injectable()
export class SnapshotCheck {
  private checking = false;

  begin(): void {
    this.checking = true;
  }

  end(): void {
    this.checking = false;
  }

  pending(): boolean {
    return this.checking;
  }
}

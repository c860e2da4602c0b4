import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the calling thread alone, where the system allows it (Linux, where a
 * thread's nice value is its own and `/proc/thread-self` names it). The alerts are background work: on a
 * machine with few cores they share them with the main thread, which answers requests and runs the index
 * jobs, and should win the processor when both want it. Elsewhere nothing changes, since lowering the
 * process's priority would slow the main thread too. Returns whether it was lowered.
 */
export const lowerThisThreadsPriority = (): boolean => {
  let threadId: number;
  try {
    threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return false;
  }
  if (!Number.isInteger(threadId) || threadId <= 0) return false;
  try {
    setPriority(threadId, constants.priority.PRIORITY_BELOW_NORMAL);
    return true;
  } catch {
    return false;
  }
};

// CPU time per thread of this process, or of another process, read from Linux's /proc (user + system, in
// clock ticks of 10 ms): process.cpuUsage adds up every thread, so it cannot tell the indexing thread's share
// from a worker's, and it cannot read a child process.
// Elsewhere than Linux every reading is undefined and the bench prints "n/a".
import { readdirSync, readFileSync } from 'node:fs';

const TASKS = '/proc/self/task';
/** USER_HZ, 100 on every Linux build this runs on. */
const MS_PER_TICK = 10;

/** The ids of this process's threads now, or an empty list off Linux. */
export const threadIds = () => {
  try {
    return readdirSync(TASKS).map(Number);
  } catch {
    return [];
  }
};

/** User and system clock ticks of a /proc `stat` file (a process's or a thread's). */
const statTicks = (path) => {
  // The fields after the name, which is in parentheses and may hold spaces: utime and stime are the 12th and
  // 13th of them.
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** CPU milliseconds another process has used so far, all its threads (Linux only). */
export const processCpuMs = (pid) => statTicks(`/proc/${pid}/stat`) * MS_PER_TICK;

/** CPU milliseconds the threads used so far (added up), or undefined if none could be read. */
export const threadCpuMs = (ids) => {
  let ticks = 0;
  let read = 0;
  for (const id of ids) {
    try {
      ticks += statTicks(`${TASKS}/${id}/stat`);
      read++;
    } catch {
      // The thread ended.
    }
  }
  return read === 0 ? undefined : ticks * MS_PER_TICK;
};

/** One key per job name and id; JSON keeps names and ids that contain separators apart. */
export const jobKey = (name: string, jobId: string): string => JSON.stringify([name, jobId]);

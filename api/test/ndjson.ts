import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';

/** Reads a streamed NDJSON answer line by line as it arrives, handing each parsed line on. */
export const readNdjson = async <T>(
  response: Response,
  onLine: (line: T) => void = () => {},
): Promise<T[]> => {
  const lines: T[] = [];
  const input = Readable.fromWeb(response.body as ReadableStream<Uint8Array>);
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    if (!text) continue;
    const line = JSON.parse(text) as T;
    lines.push(line);
    onLine(line);
  }
  return lines;
};

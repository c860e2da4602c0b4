// Throughput of the embedder service's POST /embed against calling the transformers.js pipeline directly.
// Build first (`npx tsc -b tsconfig.build.json`), then run `node bench/embedder-throughput.mjs [batch sizes]`
// (default 64 and 256 texts per call).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The shared static model by default, so the run needs no download; EMBEDDER_MODEL(_PATH) pick another.
const MODEL = process.env.EMBEDDER_MODEL ?? 'skillers/static-wordpiece-100d';
const MODEL_PATH = resolve(process.env.EMBEDDER_MODEL_PATH ?? join(root, '../shared/models'));
const TEXTS = 2048;
const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
// Many short rounds rather than a few long ones: on a shared VM the CPU a process gets drifts within seconds,
// and each pass is compared with the direct pass of its own round.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const IN_FLIGHT = 4;
const { HttpEmbedder } = createRequire(import.meta.url)('@skillers/embedding');
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const subjects = [
  'A mobile app',
  'An online shop',
  'A research tool',
  'A community site',
  'A game',
  'A dashboard',
];
const purposes = ['for local farmers', 'for remote teams', 'for students', 'for small cafes', 'for hikers'];
const asks = [
  'needs a designer',
  'looks for a backend developer',
  'wants a marketer',
  'seeks a data analyst',
];
// Every sentence differs (its number), so nothing is answered from a cache.
const sentences = Array.from(
  { length: TEXTS },
  (_, i) => `${subjects[i % 6]} ${purposes[(i * 7) % 5]} ${asks[(i * 3) % 4]}, idea ${i}.`,
);
const batchesOf = (size) => {
  const batches = [];
  for (let start = 0; start < TEXTS; start += size) batches.push(sentences.slice(start, start + size));
  return batches;
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const timed = async (run) => {
  const started = performance.now();
  const vectors = await run();
  return { seconds: (performance.now() - started) / 1000, vectors };
};

const { pipeline, env } = await import('@xenova/transformers');
env.allowRemoteModels = false;
env.localModelPath = `${MODEL_PATH}/`;
const extractor = await pipeline('feature-extraction', MODEL, {
  quantized: existsSync(join(MODEL_PATH, MODEL, 'onnx', 'model_quantized.onnx')),
});
const direct = async (batches) => {
  const vectors = [];
  for (const batch of batches) {
    const output = await extractor(batch, { pooling: 'mean', normalize: true });
    vectors.push(...output.tolist());
  }
  return vectors;
};

// The service runs as it does in a container: its own process, started from its built entry point.
const dataDir = mkdtempSync(join(tmpdir(), 'embedder-bench-'));
const child = spawn(process.execPath, [join(root, 'embedder/dist/main.js')], {
  env: {
    ...process.env,
    PORT: '0',
    DATA_DIR: dataDir,
    EMBEDDER_MODEL: MODEL,
    EMBEDDER_MODEL_PATH: MODEL_PATH,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
const url = await new Promise((found, fail) => {
  let log = '';
  child.stdout.on('data', (chunk) => {
    log += chunk;
    const match = /listening on (http:\/\/[^ ]+)/.exec(log);
    if (match) found(match[1]);
  });
  child.once('exit', (code) => fail(new Error(`The service exited with ${code}`)));
});
for (let tries = 0; (await fetch(`${url}/health`)).status !== 200; tries++) {
  if (tries > 100) throw new Error('The service did not become ready');
  await new Promise((wait) => setTimeout(wait, 100));
}
const embedJson = async (texts) => {
  const response = await fetch(`${url}/embed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ texts }),
  });
  if (!response.ok) throw new Error(`POST /embed answered ${response.status}`);
  return (await response.json()).vectors;
};
// The API's client: it asks for the binary answer (32-bit floats) and decodes it.
const client = new HttpEmbedder({ url, model: MODEL });
const embedBinary = (texts) => client.embed(texts);
const oneAtATime = (embed) => async (batches) => {
  const vectors = [];
  for (const batch of batches) vectors.push(...(await embed(batch)));
  return vectors;
};
// Several clients at once, as several indexer workers or API nodes would call it.
const concurrent = (embed) => async (batches) => {
  const answers = new Array(batches.length);
  let next = 0;
  const caller = async () => {
    while (next < batches.length) {
      const index = next++;
      answers[index] = await embed(batches[index]);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, caller));
  return answers.flat();
};

try {
  const passes = [
    ['transformers.js pipeline, in process', direct],
    ['POST /embed JSON, one call at a time', oneAtATime(embedJson)],
    [`POST /embed JSON, ${IN_FLIGHT} calls in flight`, concurrent(embedJson)],
    ['POST /embed binary, one call at a time', oneAtATime(embedBinary)],
    [`POST /embed binary, ${IN_FLIGHT} calls in flight`, concurrent(embedBinary)],
  ];
  console.log(`${MODEL}: ${TEXTS} sentences, median of ${ROUNDS} rounds; load average at start ${load()}`);
  for (const size of SIZES.length ? SIZES : [64, 256]) {
    const batches = batchesOf(size);
    for (const [, run] of passes) await run(batches); // warm-up: first-run allocation is not timed
    const results = passes.map(([name]) => ({ name, seconds: [] }));
    let reference;
    let largestDifference = 0;
    // Rounds interleave the passes, so a change in the machine's load touches them all alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, [, run]] of passes.entries()) {
        const { seconds, vectors } = await timed(() => run(batches));
        results[index].seconds.push(seconds);
        reference ??= vectors;
        for (let row = 0; row < TEXTS; row++) {
          for (let col = 0; col < reference[row].length; col++) {
            largestDifference = Math.max(
              largestDifference,
              Math.abs(vectors[row][col] - reference[row][col]),
            );
          }
        }
      }
    }
    console.log(
      `\n${size} texts per call                            texts/s  of direct (median of the rounds' shares)`,
    );
    for (const { name, seconds } of results) {
      const rate = TEXTS / median(seconds);
      // The share within each round (the direct pass ran moments before), then its median over the rounds.
      const share = median(seconds.map((taken, round) => results[0].seconds[round] / taken));
      console.log(
        `${name.padEnd(40)} ${rate.toFixed(0).padStart(7)}  ${(100 * share).toFixed(0).padStart(6)} %`,
      );
    }
    console.log(`largest difference between the passes' vectors: ${largestDifference.toExponential(2)}`);
    console.log(`load average ${load()}`);
  }
} finally {
  stop();
}

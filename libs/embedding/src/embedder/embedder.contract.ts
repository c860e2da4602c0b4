import { afterAll, describe, expect, it } from 'vitest';
import { dot } from '@skillers/domain';
import { type Embedder, EmbedderUnavailableError } from './embedder.port';

export interface EmbedderContractSetup {
  /** An embedder of `model`, able to embed once ready. */
  open: () => Promise<Embedder>;
  /** An embedder of the same model that cannot embed: its model missing, or its service unreachable. */
  openUnavailable: () => Promise<Embedder>;
  model: string;
  dimension: number;
}

/**
 * Behaviour every Embedder adapter must show; each adapter's spec runs it against a real model (the shared
 * one) or a real embedder service, so the API, the worker and `/sort` can take either.
 */
export const describeEmbedderContract = (adapterName: Embedder['adapter'], setup: EmbedderContractSetup) => {
  describe(`Embedder contract: ${adapterName}`, () => {
    let opened: Embedder | undefined;
    const embedder = async () => (opened ??= await setup.open());
    afterAll(async () => {
      await opened?.close?.();
    });

    it('names its adapter and model, and is ready with the model’s dimension', async () => {
      const subject = await embedder();
      expect(subject.adapter).toBe(adapterName);
      expect(subject.modelId).toBe(setup.model);
      expect(await subject.isReady()).toBe(true);
      expect(await subject.status()).toEqual({
        adapter: adapterName,
        model: setup.model,
        ready: true,
        dimension: setup.dimension,
      });
      expect(subject.dimension()).toBe(setup.dimension);
    });

    it('gives one unit-length vector per text, of the model’s dimension', async () => {
      const vectors = await (
        await embedder()
      ).embed(['I build web apps in React', 'Organic farming in Poland']);
      expect(vectors).toHaveLength(2);
      for (const vector of vectors) {
        expect(vector).toHaveLength(setup.dimension);
        expect(Math.sqrt(dot(vector, vector))).toBeCloseTo(1, 5);
      }
    });

    it('places related sentences closer than unrelated ones', async () => {
      const [web, frontend, farming] = await (
        await embedder()
      ).embed([
        'I build web apps in React',
        'Frontend developer with React experience',
        'Organic farming in Poland',
      ]);
      expect(dot(web, frontend)).toBeGreaterThan(dot(web, farming) + 0.3);
    });

    it('keeps input order across batches and concurrent calls: a text gets the same vector every way', async () => {
      const subject = await embedder();
      // More than one batch of either adapter (64 in process, 256 per service call).
      const texts = Array.from(
        { length: 300 },
        (_, n) => `project number ${n} about ${n % 2 ? 'farming' : 'music'}`,
      );
      const whole = await subject.embed(texts);
      const parts = (
        await Promise.all(
          [texts.slice(0, 70), texts.slice(70, 71), texts.slice(71)].map((part) => subject.embed(part)),
        )
      ).flat();
      const [alone] = await subject.embed([texts[299]]);
      expect(whole).toHaveLength(300);
      expect(parts).toHaveLength(300);
      parts.forEach((vector, index) => expect(dot(vector, whole[index])).toBeCloseTo(1, 4));
      expect(dot(alone, whole[299])).toBeCloseTo(1, 4);
      // Neighbouring texts differ, so a shifted answer could not pass the checks above.
      expect(dot(whole[1], whole[2])).toBeLessThan(0.99);
    });

    it('answers an empty list with no vectors', async () => {
      expect(await (await embedder()).embed([])).toEqual([]);
    });

    it('without its model or service: not ready, says why, and rejects embeds as unavailable', async () => {
      const unavailable = await setup.openUnavailable();
      try {
        await expect(unavailable.embed(['anything'])).rejects.toBeInstanceOf(EmbedderUnavailableError);
        expect(await unavailable.isReady()).toBe(false);
        const status = await unavailable.status();
        expect(status).toMatchObject({ adapter: adapterName, model: setup.model, ready: false });
        expect(status.error).toEqual(expect.any(String));
      } finally {
        await unavailable.close?.();
      }
    });
  });
};

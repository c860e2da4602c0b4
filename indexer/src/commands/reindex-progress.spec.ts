import { describe, expect, it } from 'vitest';
import { CollectedOutput } from './collected-output.testing';
import { ReindexProgress } from './reindex-progress';

describe('reindex progress', () => {
  it('draws one bar per kind reported on a terminal, up to its total', () => {
    const terminal = new CollectedOutput(true);
    const progress = new ReindexProgress(terminal);
    for (let done = 0; done <= 40; done += 10) progress.update({ kind: 'project', done, total: 40 });
    progress.stop();
    expect(terminal.text).toMatch(/projects\s+█+ 40\/40/);
    expect(terminal.text).not.toContain('skiller profiles');
  });

  it('writes nothing off a terminal, so scripted runs log only the summary', () => {
    const file = new CollectedOutput(false);
    const progress = new ReindexProgress(file);
    progress.update({ kind: 'teammate', done: 25, total: 25 });
    progress.stop();
    expect(file.text).toBe('');
  });
});

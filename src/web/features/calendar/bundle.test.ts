import { describe, expect, it } from 'vitest';
import { sharedPerTask } from './bundle';

/** A fetcher whose requests stay out until the test answers them, counting each one. */
function pendingFetcher() {
  const asked: string[] = [];
  const answers: Array<(v: string) => void> = [];
  const fetch = (url: string) => {
    asked.push(url);
    return new Promise<string>((resolve) => answers.push(resolve));
  };
  return { fetch, asked, answer: (i: number, v: string) => answers[i](v) };
}
const nextTask = () => new Promise((r) => setTimeout(r, 0));

describe('sharedPerTask', () => {
  it('gives the asks of one moment one request', async () => {
    const f = pendingFetcher();
    const load = sharedPerTask(f.fetch);
    const a = load('/w1');
    const b = load('/w1');
    const c = load('/w2');
    expect(f.asked).toEqual(['/w1', '/w2']);
    f.answer(0, 'one');
    f.answer(1, 'two');
    expect(await a).toBe('one');
    expect(await b).toBe('one');
    expect(await c).toBe('two');
  });

  it('sends a new request for an ask in a later moment, though the first is still out', async () => {
    const f = pendingFetcher();
    const load = sharedPerTask(f.fetch);
    const before = load('/w1'); // started before a change was saved
    await nextTask(); // the change is saved; the refresh asks again
    const after = load('/w1');
    expect(f.asked).toEqual(['/w1', '/w1']);
    f.answer(1, 'with the change');
    f.answer(0, 'without it');
    expect(await after).toBe('with the change');
    expect(await before).toBe('without it');
  });
});

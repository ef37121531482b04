import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceCalendarChange } from './calendar-events';
import { followHourChanges } from './hour-changes';

describe('followHourChanges', () => {
  // The unit suite runs in node: an EventTarget stands in for the browser's window.
  beforeEach(() => vi.stubGlobal('window', new EventTarget()));
  afterEach(() => vi.unstubAllGlobals());

  it('refetches the balances on each announced change, unless the sender refetched them already', () => {
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries').mockResolvedValue();
    const stop = followHourChanges(qc);
    announceCalendarChange();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/balances'] });
    announceCalendarChange({ refetched: true });
    expect(invalidate).toHaveBeenCalledTimes(1);
    stop();
    announceCalendarChange();
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it } from 'vitest';
import { idleCollectionPolicy } from './idle-collection';

const MB = 1024 * 1024;
const options = { idleUtilisation: 0.05, growthBytes: 64 * MB };

describe('idle collection policy', () => {
  it('collects once the server is idle and has grown by the threshold since its lowest reading', () => {
    const policy = idleCollectionPolicy(options);
    expect(policy.tick({ utilisation: 0.01, residentBytes: 180 * MB })).toBe(false);
    expect(policy.tick({ utilisation: 0.9, residentBytes: 300 * MB })).toBe(false); // busy: never
    expect(policy.tick({ utilisation: 0.04, residentBytes: 243 * MB })).toBe(false); // 63 MB: not yet
    expect(policy.tick({ utilisation: 0.05, residentBytes: 244 * MB })).toBe(true);
  });

  it('measures growth from what the last collection left, not from the start', () => {
    const policy = idleCollectionPolicy(options);
    policy.tick({ utilisation: 0, residentBytes: 180 * MB });
    policy.collected(230 * MB); // 50 MB the collection could not give back
    expect(policy.tick({ utilisation: 0, residentBytes: 280 * MB })).toBe(false);
    expect(policy.tick({ utilisation: 0, residentBytes: 294 * MB })).toBe(true);
  });

  it('follows memory down between collections', () => {
    const policy = idleCollectionPolicy(options);
    policy.tick({ utilisation: 0, residentBytes: 200 * MB });
    policy.tick({ utilisation: 0.5, residentBytes: 150 * MB });
    expect(policy.tick({ utilisation: 0, residentBytes: 214 * MB })).toBe(true);
  });
});

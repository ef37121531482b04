import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_NODE_ARGS } from './server-command.mjs';

/**
 * The supervisor examples in deploy/ start node themselves, so they repeat the flags `npm start` gives.
 * This fails when the two drift apart (a flag added to server-command.mjs and not to the examples).
 */
const command = [...SERVER_NODE_ARGS, SERVER_ENTRY];

describe('deploy examples start the server as npm start does', () => {
  it('systemd unit', () => {
    const unit = readFileSync('deploy/hoursight.service', 'utf8');
    const exec = unit.split('\n').find((l) => l.startsWith('ExecStart='));
    expect(exec?.split(' ').slice(1)).toEqual(command);
    expect(unit).toMatch(/^Restart=always$/m);
  });

  it('container image and compose restart policy', () => {
    const dockerfile = readFileSync('deploy/Dockerfile', 'utf8');
    const cmd = dockerfile.split('\n').find((l) => l.startsWith('CMD '));
    expect(JSON.parse(cmd!.slice(4))).toEqual(['node', ...command]);
    const compose = readFileSync('deploy/compose.yaml', 'utf8');
    expect(compose).toMatch(/^\s+restart: unless-stopped$/m);
    expect(compose).toContain('/healthz');
  });
});

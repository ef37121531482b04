/**
 * `npm test`: every check and every test suite, in phases. The steps of a phase run side by side (each
 * one's output is held and printed whole when it ends, so logs never interleave); a phase starts when the
 * previous one passed. Prints each step's time, and exits with the first failure's code.
 *   node scripts/test-all.mjs
 */
import { spawn } from 'node:child_process';

const npm = (script) => ({ name: script, cmd: 'npm', args: ['run', '--silent', script] });

const PHASES = [
  // Checks and the build they do not depend on: small, and together they keep both cores busy.
  [npm('typecheck'), npm('lint'), npm('test:unit'), { name: 'build', cmd: process.execPath, args: ['scripts/build-if-stale.mjs'] }],
  [npm('test:size'), npm('test:int')],
  [npm('test:e2e')],
];

function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code) => resolve({ step, code: code ?? 1, seconds: (Date.now() - started) / 1000, output: Buffer.concat(out).toString() }));
  });
}

const total = Date.now();
for (const phase of PHASES) {
  const results = await Promise.all(
    phase.map((step) =>
      run(step).then((r) => {
        process.stdout.write(`\n── ${r.step.name} ${'─'.repeat(Math.max(0, 60 - r.step.name.length))}\n${r.output}`);
        process.stdout.write(`── ${r.step.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds.toFixed(1)} s\n`);
        return r;
      }),
    ),
  );
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    console.error(`\nnpm test: ${failed.step.name} failed after ${((Date.now() - total) / 1000).toFixed(1)} s`);
    process.exit(failed.code);
  }
}
console.log(`\nnpm test: every step passed in ${((Date.now() - total) / 1000).toFixed(1)} s`);

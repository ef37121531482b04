/**
 * `npm test`: every check and every test suite. Each step starts as soon as the steps it needs have passed,
 * so the machine's cores stay busy: the checks and the build start at once, and the bundle budget, the
 * integration suite and the end-to-end suite start together once the build is done. Each step's output is
 * held and printed whole when it ends, so logs never interleave. The first failure stops the steps still
 * running and sets the exit code. Prints each step's time.
 *   node scripts/test-all.mjs
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

const npm = (script, after = [], opts = {}) => ({ name: script, cmd: 'npm', args: ['run', '--silent', script], after, ...opts });

/**
 * Niceness (decision 057). The checks nothing waits for yield to the build, which both suites wait for. The
 * e2e suite's three workers yield to the integration suite, whose many short hand-offs to its database
 * thread otherwise queue behind browser threads: 245–263 s instead of 266–272 s at equal priority.
 */
const CHECK_NICE = Number(process.env.CHECK_NICE ?? 10);
const E2E_NICE = Number(process.env.E2E_NICE ?? 4);

/**
 * Both suites wait on long stretches of their own (a scheduled job's second, a child server's start, a
 * page's next frame), so side by side each fills the other's pauses; one after the other, they left a core
 * idle for about a sixth of the run (decision 056).
 */
const STEPS = [
  npm('typecheck', [], { nice: CHECK_NICE }),
  npm('lint', [], { nice: CHECK_NICE }),
  npm('test:unit', [], { nice: CHECK_NICE }),
  { name: 'build', cmd: process.execPath, args: ['scripts/build-if-stale.mjs'], after: [] },
  npm('test:size', ['build']),
  // One integration worker beside the browsers: two, each with its own embedded-database thread, needed a
  // third more CPU for the same files on two cores, and the run is CPU-bound. Alone, the suite keeps two.
  npm('test:int', ['build'], { env: { INT_WORKERS: process.env.INT_WORKERS ?? '1' } }),
  npm('test:e2e', ['build'], { nice: E2E_NICE }),
];

const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1);
/** Steps by name: those running now (their child processes), those begun, those that passed; the first failure. */
const running = new Map();
const startedSteps = new Set();
const passed = new Set();
let failed;

/** The failed step's last lines, printed again at the very end: CI shows a log's tail, and the failure must be in it. */
const FAILURE_TAIL_LINES = 120;
let failureTail = '';

function report(step, code, seconds, output) {
  const stopped = code !== 0 && failed && failed !== step;
  // A step stopped by another's failure printed only partial, passing output: leave it out so it cannot bury the failure.
  const shown = stopped ? '' : output;
  process.stdout.write(`\n── ${step.name} ${'─'.repeat(Math.max(0, 60 - step.name.length))}\n${shown}`);
  const outcome = code === 0 ? 'passed' : stopped ? `stopped (${failed.name} had failed)` : `FAILED (exit ${code})`;
  process.stdout.write(`── ${step.name}: ${outcome} in ${seconds.toFixed(1)} s\n`);
  if (code !== 0 && !stopped) failureTail = output.split('\n').slice(-FAILURE_TAIL_LINES).join('\n');
}

/** Ends the steps still running (each is its own process group: npm, its runner and the runner's workers). */
function stopAll() {
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/**
 * Lowers a step's CPU priority. Each step is its own session, and with Linux's autogroup scheduling a session
 * shares the CPU as one group whatever its process count, so the group's niceness is what counts; without
 * autogroup, the step's first process's niceness is inherited by the processes it starts.
 */
function lowerPriority(pid, nice) {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // not Linux, or a kernel without autogroup
  }
  try {
    setPriority(pid, nice);
  } catch {
    // not permitted: the step runs at normal priority
  }
}

function start(step) {
  const begun = Date.now();
  const child = spawn(step.cmd, step.args, {
    detached: true,
    env: { ...process.env, ...step.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  });
  if (step.nice) lowerPriority(child.pid, step.nice);
  running.set(step.name, child);
  const out = [];
  child.stdout.on('data', (b) => out.push(b));
  child.stderr.on('data', (b) => out.push(b));
  child.on('close', (exit) => {
    running.delete(step.name);
    const code = exit ?? 1;
    if (code !== 0 && !failed) failed = step;
    report(step, code, (Date.now() - begun) / 1000, Buffer.concat(out).toString());
    if (code !== 0) {
      if (failed === step) {
        process.exitCode = code;
        stopAll();
      }
    } else {
      passed.add(step.name);
      startReady();
    }
    if (running.size === 0) finish();
  });
}

function startReady() {
  if (failed) return;
  for (const step of STEPS) {
    if (startedSteps.has(step.name) || !step.after.every((n) => passed.has(n))) continue;
    startedSteps.add(step.name);
    start(step);
  }
}

function finish() {
  if (failed && failureTail) console.error(`\n── ${failed.name} failed; its last lines again ──\n${failureTail}`);
  if (failed) console.error(`\nnpm test: ${failed.name} failed after ${elapsed()} s`);
  else console.log(`\nnpm test: every step passed in ${elapsed()} s`);
}

// Ctrl-C: stop every step's whole process group, not only npm.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    failed ??= { name: signal };
    stopAll();
    process.exit(130);
  });
}

startReady();

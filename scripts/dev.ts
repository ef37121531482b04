import { spawn } from 'node:child_process';

// The API on :3000 (restarted on change) and Vite on :5173 with a proxy to it.
const run = (cmd: string, args: string[]) => spawn(cmd, args, { stdio: 'inherit', shell: false });
const children = [run('npx', ['tsx', 'watch', 'src/server/main.ts']), run('npx', ['vite'])];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

#!/usr/bin/env node
/** `npm run dev`: the server under a watcher on PORT (3000) and Vite with HMR on 5173, proxying /api to it. */
import './require-node.mjs';
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];

function stopAll(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.once('SIGINT', () => stopAll());
process.once('SIGTERM', () => stopAll());

#!/usr/bin/env node
/**
 * `npm start`: builds the client once if dist/client is missing, then runs the
 * server from source in this same process (so signals reach it directly).
 */
import './require-node.mjs';
import { ensureClientBuilt } from './ensure-client.mjs';

ensureClientBuilt();
// Loaded only after the Node version check above has passed.
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');

#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources are newer than the last build,
// then run the server in this process (so signals reach it directly).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['web', 'server']);
await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);

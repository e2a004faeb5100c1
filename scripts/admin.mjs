#!/usr/bin/env node
// `npm run admin:reset-password`: build the server if stale, then run its admin command in this
// process with the same environment as `npm start` (.env in the current directory).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale(['server']);
await import(pathToFileURL(join(root, 'apps/server/dist/admin.js')).href);

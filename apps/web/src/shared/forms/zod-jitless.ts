/**
 * The web build's `zod` (vite.config.ts aliases the bare specifier here): zod itself, told never
 * to compile parsers with `new Function`. The server's CSP forbids eval, and zod's probe for it
 * (even caught) is reported as a policy violation; without the compiled fast path forms validate
 * a little slower, which no one can notice.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';

/** Prints one plain closing line, `e2e: N passed, N failed`, that any CI log reader understands. */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load (or whose hooks threw) counts as a failure too.
      if (module.state() === 'failed' && [...module.children.allTests()].every((t) => t.result().state !== 'failed')) {
        failed++;
      }
    }
    failed += unhandledErrors.length;
    console.log(`\ne2e: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}

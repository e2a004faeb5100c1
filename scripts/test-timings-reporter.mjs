// A Vitest reporter for scripts/test.mjs: writes, to the file named by TEST_TIMINGS_FILE, one JSON
// record per test file (project, path, time, and how many of its tests passed, failed or were
// skipped). A file that failed to load counts as one failure.
import { writeFileSync } from 'node:fs';

export default class TestTimingsReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules, unhandledErrors) {
    const target = process.env.TEST_TIMINGS_FILE;
    if (!target) return;
    const files = testModules.map((module) => {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      if (module.state() === 'failed' && counts.failed === 0) counts.failed = 1;
      const d = module.diagnostic();
      return {
        project: module.project.name,
        file: module.moduleId,
        ms: d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
        ...counts,
      };
    });
    writeFileSync(target, JSON.stringify({ files, unhandledErrors: unhandledErrors.length }, null, 1));
  }
}

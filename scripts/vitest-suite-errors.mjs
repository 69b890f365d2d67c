// A vitest reporter for scripts/test.mjs: the errors of files and suites (a failing `beforeAll`, an import that
// throws), which vitest's JSON report leaves with an empty message. Written as JSON to $VITEST_SUITE_ERRORS.
import { writeFileSync } from 'node:fs';

const text = (e) => String(e?.message ?? e ?? '') || String(e?.name ?? '');

export default class SuiteErrors {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.VITEST_SUITE_ERRORS;
    if (!file) return;
    const out = [];
    for (const m of testModules) {
      for (const e of m.errors()) out.push({ file: m.moduleId, suite: '', message: text(e) });
      for (const s of m.children.allSuites())
        for (const e of s.errors()) out.push({ file: m.moduleId, suite: s.fullName, message: text(e) });
    }
    for (const e of unhandledErrors ?? []) out.push({ file: '', suite: 'unhandled error', message: text(e) });
    writeFileSync(file, JSON.stringify(out));
  }
}

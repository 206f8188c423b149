'use strict';
// The simulated reading of docs/getting-started-node.md runs as written, as an ES module importing the package.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { PACKAGE } = require('./helpers');

const REPOSITORY = process.env.NFV_REPO_ROOT ?? path.join(__dirname, '..', '..', '..');
const DOC = path.join(REPOSITORY, 'docs', 'getting-started-node.md');

test('the getting-started example runs and prints a reading', () => {
  const match = fs.readFileSync(DOC, 'utf8').match(/<!-- node-docs-example -->\n```js\n([^]*?)```/);
  assert.ok(match, `${DOC} lost its node-docs-example block`);
  const project = fs.mkdtempSync(path.join(os.tmpdir(), 'nfv-node-docs-'));
  try {
    fs.mkdirSync(path.join(project, 'node_modules'));
    fs.symlinkSync(PACKAGE, path.join(project, 'node_modules', 'neurofit-vitals'));
    fs.writeFileSync(path.join(project, 'reading.mjs'), match[1]);
    const run = spawnSync(process.execPath, [path.join(project, 'reading.mjs')], { encoding: 'utf8', timeout: 60000 });
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.match(lines.at(-1), /^\d+\.\d bpm, quality \d$/);
    assert.ok(lines.filter((line) => / s {2}\d+ bpm$/.test(line)).length > 30, run.stdout);
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
});

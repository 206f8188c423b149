'use strict';
// Lifetime, seen from outside in child processes: forgotten sessions let the process exit and are destroyed by
// their finalizers (their library threads end); a running session keeps the process alive until its result.
const test = require('node:test');
const assert = require('node:assert/strict');
const { APP_ID, licenseKey, runChild } = require('./helpers');

test('forgotten sessions (never started, finished, stopped, unref\'d while running) let the process exit', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    nfv.activate(process.argv[1], process.argv[2]);
    (async () => {
      for (let i = 0; i < 50; i += 1) new nfv.Session().useSimulator({ realTime: false });
      await new nfv.Session().useSimulator({ realTime: false }).run();        // finished, never closed
      const stopped = new nfv.Session().useSimulator();
      await stopped.start();
      stopped.stop();
      await new nfv.Session().useSimulator().unref().start();                // a 60 s reading, unref'd
      const fed = new nfv.Session().useHostFrames(30);
      await fed.start();
      fed.submitMeans(1_000_000, 170, 5, 20);
      fed.unref();                                                           // running host frames, unref'd
      console.log('main done');
    })();
  `, { args: [licenseKey(), APP_ID], timeoutMs: 30000 });
  assert.equal(child.status, 0, `exit ${child.status} ${child.signal}: ${child.stderr}`);
  assert.match(child.stdout, /main done/);
  assert.ok(child.seconds < 20, `the process took ${child.seconds} s to exit`);
});

test('a running session keeps the process alive until its result, with no reference left to it', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    new nfv.Session().useSimulator({ realTime: false, heartRateBpm: 90 })
      .on('completed', (event) => console.log('heart rate', event.result.heartRateBpm.toFixed(1)))
      .start();
  `, { timeoutMs: 30000 });
  assert.equal(child.status, 0, child.stderr);
  const rate = Number(child.stdout.match(/heart rate ([\d.]+)/)?.[1]);
  assert.ok(Math.abs(rate - 90) <= 1, child.stdout);
});

test('collected sessions are destroyed by their finalizers: threads back to baseline', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    const { procStatus } = require(process.env.NFV_NODE_PACKAGE + '/test/helpers');
    const settle = async () => {
      for (let i = 0; i < 6; i += 1) { global.gc(); await new Promise((resolve) => setTimeout(resolve, 100)); }
    };
    nfv.activate(process.argv[1], process.argv[2]);
    (async () => {
      for (let i = 0; i < 3; i += 1) await new nfv.Session().useSimulator({ realTime: false }).run();
      await settle();
      const baseline = procStatus('Threads');
      for (let i = 0; i < 20; i += 1) {
        const session = new nfv.Session().useHostFrames(30);                 // running, never fed, never closed
        await session.start();
        session.unref();
      }
      const running = procStatus('Threads');
      await settle();
      console.log(JSON.stringify({ baseline, running, collected: procStatus('Threads') }));
    })();
  `, { args: [licenseKey(), APP_ID], nodeOptions: ['--expose-gc'], timeoutMs: 30000 });
  assert.equal(child.status, 0, child.stderr);
  const threads = JSON.parse(child.stdout);
  assert.ok(threads.running >= threads.baseline + 20, JSON.stringify(threads));
  assert.ok(threads.collected <= threads.baseline + 2, JSON.stringify(threads));
});

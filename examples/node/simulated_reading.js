#!/usr/bin/env node
// simulated_reading.js — one reading of the simulated finger (it needs neither a camera nor a license), printed as
// it goes with event listeners, then the result from the session's promise.
//
//   node simulated_reading.js [--fast]        (--fast: no real-time pacing, the 60 s reading takes well under 1 s)
//
// The package is 'neurofit-vitals' (bindings/node, built with bindings/node/build-addon; docs/getting-started-node.md).
'use strict';
const nfv = require('neurofit-vitals');

async function main() {
  const fast = process.argv.includes('--fast');
  const session = new nfv.Session().useSimulator({ realTime: !fast });
  session.on('guidance', (event) => {
    console.log(`guidance ${event.guidance}, start ${Math.round(event.startProgress * 100)} %`);
  });
  session.on('started', () => console.log('reading started'));
  session.on('preview', (event) => {
    if (event.heartRateBpm === undefined) return;
    console.log(`${event.elapsed.toFixed(0)} s: ${event.heartRateBpm.toFixed(0)} bpm`);
  });
  session.on('cancelled', (event) => console.log(`cancelled (${event.reason}); positioning again`));
  try {
    const result = await session.run();
    const hrv = result.rmssdMs === undefined ? 'HRV withheld' : `RMSSD ${result.rmssdMs.toFixed(0)} ms`;
    console.log(`heart rate ${result.heartRateBpm.toFixed(1)} bpm, ${hrv}, quality ${result.quality}`);
  } catch (error) {
    console.error(`the reading failed: ${error.name} (${error.code}): ${error.message}`);
    process.exitCode = 1;
  } finally {
    session.close();
  }
}

main();

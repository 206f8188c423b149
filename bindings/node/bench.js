#!/usr/bin/env node
/**
 * Measurements of the Node binding, printed as figures (not a test):
 *
 *   1. per-event delivery cost in Node beside the C and Python consumers (bindings/python/bench/bench_events.py,
 *      run here for its figures). Method, as there: a fast simulated reading runs to completion while its events
 *      queue up (the JavaScript thread is held busy, so the thread-safe function's queue fills), then the queue is
 *      drained and timed; cost per event = (last delivery − first delivery) / (events − 1): the hand-over from the
 *      library's thread, JSON.parse and the emit (or the iterator's promise), not the engine's time to produce them.
 *      Medians over --rounds readings.
 *   2. a create / run (simulated, fast) / close loop of --sessions sessions with the process's resident memory
 *      (VmRSS) and thread count (/proc/self/status) before, along the way and after, each after a garbage
 *      collection: back to baseline when nothing leaks.
 *
 *   node --expose-gc bindings/node/bench.js [--prefix DIR] [--rounds 5] [--sessions 1000] [--no-python]
 *
 * DIR is the install prefix the Python/C figures use (default .build/stage); the Node figures use the addon this
 * package loads (bindings/node/build-addon --prefix DIR builds it).
 */
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const nfv = require('.');

const SIMULATOR = { realTime: false, seed: 11 };

function options() {
  const argv = process.argv.slice(2);
  const value = (name, fallback) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : fallback;
  };
  return {
    prefix: path.resolve(value('--prefix', path.join(__dirname, '..', '..', '.build', 'stage'))),
    rounds: Number(value('--rounds', 5)),
    sessions: Number(value('--sessions', 1000)),
    python: !argv.includes('--no-python'),
  };
}

function procStatus(field) {
  const match = fs.readFileSync('/proc/self/status', 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'));
  return Number(match[1]);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Holds the JavaScript thread (no event delivery) until the session's state is completed. */
function blockUntilCompleted(session) {
  const deadline = Date.now() + 60000;
  while (session.state.state !== 'completed') {
    if (Date.now() > deadline) throw new Error('the simulated reading did not complete');
    Atomics.wait(pause, 0, 0, 1);
  }
}

/** Drain cost with an 'event' listener (JSON.parse + emit by type + 'event'): [ns per event, events]. */
async function emitterRound() {
  const session = new nfv.Session().useSimulator(SIMULATOR);
  const times = [];
  session.on('event', () => times.push(process.hrtime.bigint()));
  await session.start();
  blockUntilCompleted(session);
  await session.result;
  session.close();
  return [Number(times.at(-1) - times[0]) / (times.length - 1), times.length];
}

/** Drain cost through `for await` (the iterator's promise per event): [ns per event, events]. */
async function iteratorRound() {
  const session = new nfv.Session().useSimulator(SIMULATOR);
  await session.start();
  const events = session.events();
  blockUntilCompleted(session);
  const times = [];
  for await (const event of events) if (event) times.push(process.hrtime.bigint());
  session.close();
  return [Number(times.at(-1) - times[0]) / (times.length - 1), times.length];
}

async function median(rounds, measure) {
  const results = [];
  for (let round = 0; round < rounds; round += 1) results.push(await measure());
  const costs = results.map(([cost]) => cost).sort((a, b) => a - b);
  return [costs[costs.length >> 1], results.at(-1)[1]];
}

/** The C and Python figures of bindings/python/bench/bench_events.py ({mode: ns per event}), or null. */
function cAndPythonFigures(prefix, rounds) {
  const script = path.join(__dirname, '..', 'python', 'bench', 'bench_events.py');
  const run = spawnSync('python3', [script, '--prefix', prefix, '--rounds', String(rounds)], { encoding: 'utf8' });
  if (run.status !== 0) {
    const why = (run.stderr || run.error?.message || '').trim().split('\n').at(-1);
    console.log(`(C and Python figures unavailable: ${why})`);
    return null;
  }
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
}

async function eventCosts({ prefix, rounds, python }) {
  const rows = [];
  const other = python ? cAndPythonFigures(prefix, rounds) : null;
  const described = {
    'c-callback': 'C callback on the library\'s event thread',
    'c-pull': 'C nfv_session_next_event(0) + nfv_string_free',
    'python-pull-events': 'Python Session.next_event: pull + json.loads + event dataclass',
    'python-callback-dispatch': 'Python callback mode (binding\'s dispatch thread)',
  };
  for (const [mode, what] of Object.entries(described)) {
    if (other?.[mode] !== undefined) rows.push([mode, other[mode], null, what]);
  }
  const [emitterCost, emitterEvents] = await median(rounds, emitterRound);
  rows.push(['node-emitter', emitterCost, emitterEvents,
    'Node: threadsafe function hop + JSON.parse + emit(type) + emit(\'event\')']);
  const [iteratorCost, iteratorEvents] = await median(rounds, iteratorRound);
  rows.push(['node-for-await', iteratorCost, iteratorEvents, 'Node: the same + the async iterator\'s promise']);
  console.log(`per-event delivery cost, median of ${rounds} readings`);
  console.log(`${'mode'.padEnd(26)} ${'µs/event'.padStart(9)} ${'events'.padStart(7)}  what`);
  for (const [mode, cost, events, what] of rows) {
    const count = String(events ?? '').padStart(7);
    console.log(`${mode.padEnd(26)} ${(cost / 1000).toFixed(2).padStart(9)} ${count}  ${what}`);
  }
  console.log('(the Node drain starts from the threadsafe function\'s queue: the addon\'s C callback, a copy and a ' +
    'queue ' +
    'push on the library\'s event thread, ran while JavaScript was held and is not in the Node figures; the C ' +
    'callback figure includes the library\'s own hand-over)');
}

async function collect() {
  for (let i = 0; i < 4; i += 1) {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function sessionLoop({ sessions }) {
  const snapshot = async (label, began) => {
    await collect();
    const seconds = began ? ` ${((Date.now() - began) / 1000).toFixed(1)} s` : '';
    const rss = String(procStatus('VmRSS')).padStart(7);
    console.log(`${label.padEnd(28)} VmRSS ${rss} kB  Threads ${String(procStatus('Threads')).padStart(3)}${seconds}`);
    return { rss: procStatus('VmRSS'), threads: procStatus('Threads') };
  };
  const runOne = async () => {
    const session = new nfv.Session().useSimulator({ realTime: false });
    const result = await session.run();
    session.close();
    if (!(result.heartRateBpm > 0)) throw new Error('no heart rate');
  };
  console.log(`\n${sessions} sessions: create, run (simulated, fast), close; after a garbage collection each time`);
  if (!global.gc) console.log('(run with node --expose-gc for collections between snapshots)');
  await snapshot('before any session');
  for (let i = 0; i < 20; i += 1) await runOne();
  const baseline = await snapshot('baseline (after 20 warm-up)');
  const began = Date.now();
  for (let i = 1; i <= sessions; i += 1) {
    await runOne();
    if (i % 250 === 0 && i < sessions) await snapshot(`after ${i}`, began);
  }
  const after = await snapshot(`after ${sessions}`, began);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const settled = await snapshot('1 s later');
  const signed = (value) => `${value >= 0 ? '+' : ''}${value}`;
  console.log(`change from baseline: VmRSS ${signed(settled.rss - baseline.rss)} kB, ` +
    `Threads ${signed(settled.threads - baseline.threads)}; ` +
    `${((after.rss - baseline.rss) / sessions * 1024).toFixed(0)} bytes per session right after the loop`);
}

async function main() {
  const settings = options();
  console.log(`node ${process.version}, libNeurofitVitals ${nfv.libraryInfo().version}`);
  await eventCosts(settings);
  await sessionLoop(settings);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

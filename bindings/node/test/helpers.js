'use strict';
/**
 * Shared by the tests: the license key, a synthetic fingertip with a known pulse (as frames and as the fake
 * camera's scene), child processes for what must be seen from outside (exit, warnings, the fake camera).
 *
 * Environment (scripts/test-bindings sets it): NFV_TEST_KEY_NODE — a key for APP_ID signed with the key the library
 * trusts; NFV_FAKE_CAMERA — the LD_PRELOAD fake camera (scripts/build-fake-camera).
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const APP_ID = 'com.neurofit.bindings-tests';
const PACKAGE = path.join(__dirname, '..');

/** The test license key; fails the test when the environment lacks it. */
function licenseKey() {
  const key = process.env.NFV_TEST_KEY_NODE;
  if (!key) throw new Error(`NFV_TEST_KEY_NODE is not set (a key for ${APP_ID}; scripts/test-bindings sets it)`);
  return key;
}

/** The fingertip's pulse shape at `t` seconds for `bpm`: a sharp rise and a slow fall once per beat, 0…1. */
function pulseShape(t, bpm) {
  const phase = (t * bpm / 60) % 1;
  if (phase < 0.2) return Math.sin(Math.PI * phase / 0.2);
  return Math.exp(-(phase - 0.2) * 4) * Math.cos((phase - 0.2) * Math.PI / 1.6);
}

/** The fingertip's red level at `t`: 170 counts with a 3-count pulse. */
function fingertipRed(t, bpm) {
  return 170 + 3 * pulseShape(t, bpm);
}

/**
 * Renders an RGB24 frame whose mean red is `red` (the fraction above the integer spread over the pixels), green 5
 * and blue 20, into `pixels` (width * height * 3 bytes).
 */
function renderRgbFrame(pixels, width, height, red) {
  const low = Math.floor(red);
  const fraction = red - low;
  for (let i = 0; i < width * height; i += 1) {
    const high = Math.floor((i + 1) * fraction) > Math.floor(i * fraction) ? 1 : 0;
    pixels[3 * i] = low + high;
    pixels[3 * i + 1] = 5;
    pixels[3 * i + 2] = 20;
  }
  return pixels;
}

/**
 * The fake camera's scene table at 240 rows a second: "t red green blue", red 200 counts at the reference exposure
 * with a 3-count pulse at `bpm` (the fake interpolates between rows and adds vignette and pixel noise).
 */
function cameraScene(bpm, seconds) {
  const lines = [];
  for (let i = 0; i <= seconds * 240; i += 1) {
    const t = i / 240;
    lines.push(`${t.toFixed(6)} ${(200 + 3 * pulseShape(t, bpm)).toFixed(4)} 4 20`);
  }
  return `${lines.join('\n')}\n`;
}

/** Runs `source` as a child Node program with this package resolvable as 'neurofit-vitals'; returns
 *  {status, signal, stdout, stderr, seconds}. */
function runChild(source, { env = {}, args = [], timeoutMs = 60000, nodeOptions = [] } = {}) {
  const began = process.hrtime.bigint();
  const child = spawnSync(process.execPath, [...nodeOptions, '-e', source, ...args], {
    env: { ...process.env, NFV_NODE_PACKAGE: PACKAGE, ...env }, encoding: 'utf8', timeout: timeoutMs,
  });
  return {
    status: child.status, signal: child.signal, stdout: child.stdout, stderr: child.stderr,
    seconds: Number(process.hrtime.bigint() - began) / 1e9,
  };
}

/** The value of a /proc/self/status field (VmRSS in kB, Threads). */
function procStatus(field) {
  const text = require('node:fs').readFileSync('/proc/self/status', 'utf8');
  const match = text.match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'));
  return match ? Number(match[1]) : NaN;
}

module.exports = {
  APP_ID, PACKAGE, licenseKey, pulseShape, fingertipRed, renderRgbFrame, cameraScene, runChild, procStatus,
};

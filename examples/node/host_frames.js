#!/usr/bin/env node
// host_frames.js — an application with its own camera stack hands frames to the library and reads the events with
// `for await`. Here a fake camera renders 64x48 RGB24 frames of a fingertip whose red level pulses at 68 bpm.
//
//   NFV_LICENSE_KEY=… NFV_APP_ID=com.example.app node host_frames.js [--real-time]
//
// Without --real-time the frames are made as fast as the session takes them (yielding to the event loop now and
// then so events flow); with it, one frame every 1/30 s from a timer, like a camera.
'use strict';
const nfv = require('neurofit-vitals');

const WIDTH = 64;
const HEIGHT = 48;
const FPS = 30;
const PULSE_BPM = 68;

/** The fingertip's red level at `t` seconds: a sharp rise and a slow fall once per beat. */
function fingertipRed(t) {
  const phase = (t * PULSE_BPM / 60) % 1;
  const shape = phase < 0.2 ? Math.sin(Math.PI * phase / 0.2)
    : Math.exp(-(phase - 0.2) * 4) * Math.cos((phase - 0.2) * Math.PI / 1.6);
  return 170 + 3 * shape;
}

/** Renders one RGB24 frame with mean red `red`: the fraction above the integer is spread over the pixels. */
function renderFrame(pixels, red) {
  const low = Math.floor(red);
  const fraction = red - low;
  for (let i = 0; i < WIDTH * HEIGHT; i += 1) {
    pixels[3 * i] = low + (Math.floor((i + 1) * fraction) > Math.floor(i * fraction) ? 1 : 0);
    pixels[3 * i + 1] = 5;
    pixels[3 * i + 2] = 20;
  }
}

/** The fake camera: feeds frames until the session wants no more (two minutes at most). */
async function feedFrames(session, realTime) {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let frame = 0; frame < 120 * FPS; frame += 1) {
    const timestampUs = 1_000_000 + Math.round(frame * 1_000_000 / FPS);
    renderFrame(pixels, fingertipRed(timestampUs / 1e6));
    if (!session.submitFrame(pixels, 'rgb24', WIDTH, HEIGHT, timestampUs)) return; // the reading is captured
    if (realTime) await new Promise((resolve) => setTimeout(resolve, 1000 / FPS));
    else if (frame % FPS === 0) await new Promise(setImmediate);
  }
}

async function main() {
  if (!process.env.NFV_LICENSE_KEY) throw new Error('set NFV_LICENSE_KEY (and NFV_APP_ID): host frames need a license');
  nfv.activate(process.env.NFV_LICENSE_KEY, process.env.NFV_APP_ID);
  const session = new nfv.Session().useHostFrames(FPS);
  const events = session.events(); // made before start(), so that no event is missed
  await session.start();
  const feeding = feedFrames(session, process.argv.includes('--real-time'));
  for await (const event of events) {
    if (event.type === 'state') console.log(`state ${event.state}`);
    else if (event.type === 'guidance') console.log(`guidance ${event.guidance}`);
    else if (event.type === 'started') console.log('reading started');
    else if (event.type === 'measurementComplete') console.log('reading captured; the camera can stop');
    else if (event.type === 'completed') console.log(`heart rate ${event.result.heartRateBpm.toFixed(1)} bpm`);
    else if (event.type === 'failed') console.log(`failed: ${event.error.code}`);
  }
  await feeding;
  session.close();
}

main().catch((error) => {
  console.error(`${error.name}${error.code ? ` (${error.code})` : ''}: ${error.message}`);
  process.exitCode = 1;
});

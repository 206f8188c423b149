'use strict';
/**
 * Loads the compiled addon (neurofit_vitals.node) and registers what it calls back: the dispatcher that hands each
 * delivery from the library's threads to its Session, and the factory of coded errors.
 *
 * Where the addon is looked for: $NFV_NODE_ADDON when set, else build/Release/neurofit_vitals.node beside this
 * package (bindings/node/build-addon and node-gyp both put it there). The addon finds libNeurofitVitals.so.1
 * through its run path (the prefix it was built against) or the system's library path (the .deb's /usr/lib).
 */
const path = require('node:path');
const { LibraryLoadError, errorFromJson } = require('./errors');

/** The method a Session receives its deliveries by (what, …payload). */
const deliver = Symbol('neurofit_vitals.deliver');

/** What a delivery is (src/delivery.c hands the same numbers): an event (kind, JSON text), a preview frame, or the
 *  library's release notice (no event follows it). */
const Delivery = Object.freeze({ event: 0, preview: 1, released: 2 });

function load() {
  const candidates = [process.env.NFV_NODE_ADDON, path.join(__dirname, '..', 'build', 'Release',
    'neurofit_vitals.node')].filter(Boolean);
  for (const candidate of candidates) {
    try {
      return require(candidate);
    } catch (error) {
      if (error.code === 'MODULE_NOT_FOUND' && candidate !== process.env.NFV_NODE_ADDON) continue;
      throw new LibraryLoadError(`Could not load the neurofit_vitals addon ${candidate}: ${error.message}`,
        { cause: error });
    }
  }
  throw new LibraryLoadError(`The neurofit_vitals addon is not built (looked for ${candidates.join(', ')}); ` +
    'run bindings/node/build-addon --prefix DIR');
}

/**
 * Each event kind's value by its event type ({ state: 1, …, measurementComplete: 9, … }), as the loaded library
 * numbers them (nfv_event_kind: values from 1 up, new ones added at the end).
 */
function eventKinds() {
  const kinds = {};
  for (let kind = 1, name; (name = addon.eventKindName(kind)) !== null; kind += 1) kinds[name] = kind;
  return Object.freeze(kinds);
}

/**
 * Called by the addon on the JavaScript thread for each queued delivery. The Session catches what its handlers
 * throw; anything escaping that is reported as a process warning so no event ever takes the process down.
 */
function dispatch(owner, what, ...payload) {
  try {
    owner[deliver](what, ...payload);
  } catch (error) {
    process.emitWarning(`neurofit_vitals: a session delivery failed: ${error?.stack ?? error}`,
      { type: 'NeurofitVitalsWarning', code: 'NFV_DELIVERY_ERROR' });
  }
}

const addon = load();
addon.init(dispatch, errorFromJson);
const EventKind = eventKinds();
const kindNames = Object.fromEntries(Object.entries(EventKind).map(([name, kind]) => [kind, name]));

/** The event type of an nfv_event_kind value, or undefined for one the library does not know. */
function eventKindName(kind) {
  return kindNames[kind];
}

module.exports = { addon, deliver, Delivery, EventKind, eventKindName };

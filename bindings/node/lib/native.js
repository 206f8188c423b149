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

/** The method a Session receives its deliveries by (kind, …payload). */
const deliver = Symbol('neurofit_vitals.deliver');

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
 * Called by the addon on the JavaScript thread for each queued delivery. The Session catches what its handlers
 * throw; anything escaping that is reported as a process warning so no event ever takes the process down.
 */
function dispatch(owner, kind, ...payload) {
  try {
    owner[deliver](kind, ...payload);
  } catch (error) {
    process.emitWarning(`neurofit_vitals: a session delivery failed: ${error?.stack ?? error}`,
      { type: 'NeurofitVitalsWarning', code: 'NFV_DELIVERY_ERROR' });
  }
}

const addon = load();
addon.init(dispatch, errorFromJson);

module.exports = { addon, deliver };
